// URLs of the server's resized AVIF/WebP copies of uploaded images (served by server/images/images.routes.ts).

import { CARD_MAX_WIDTH, HERO_MAX_WIDTH, IMAGE_FORMATS, IMAGE_WIDTHS, OG_IMAGE, type ImageFormat } from '../../shared/image-sizes'

export { CARD_MAX_WIDTH, HERO_MAX_WIDTH, IMAGE_FORMATS, IMAGE_WIDTHS, OG_IMAGE, type ImageFormat }

/**
 * Upload file name -> short hash of its bytes, from the server (`GET /api/image-versions`, carried in the root
 * loader's data), so the server renderer and the browser build the same content-hashed URLs.
 */
export type ImageVersions = Record<string, string>

const UPLOAD_URL = /^\/uploads\/([a-z0-9][a-z0-9-]*\.(?:jpg|png|webp|gif))$/

/** The upload file name of an /uploads/ URL, or null for any other image (those are shown as they are). */
export function uploadName(src: string): string | null {
  return UPLOAD_URL.exec(src)?.[1] ?? null
}

/** A copy's URL under its source's content hash: served as immutable, a changed source gets a new URL. */
function derivedImageUrl(name: string, version: string, width: number, format: ImageFormat): string {
  return `/img/${version}/${width}/${name}.${format}`
}

/** `srcset` of one format at the widths up to `maxWidth` (the image is never shown larger). */
export function imageSrcSet(name: string, version: string, format: ImageFormat, maxWidth = HERO_MAX_WIDTH): string {
  return IMAGE_WIDTHS.filter((w) => w <= maxWidth)
    .map((w) => `${derivedImageUrl(name, version, w, format)} ${w}w`)
    .join(', ')
}

/**
 * A 1200x630 JPEG crop of an uploaded image for Open Graph and Twitter cards, under the source's hash when known
 * (cached for a year as immutable); other URLs pass through.
 */
export function ogImageUrl(src: string, versions: ImageVersions = {}): string {
  const name = uploadName(src)
  if (!name) return src
  const version = versions[name]
  return version ? `/img/${version}/og/${name}.jpg` : `/img/og/${name}.jpg`
}
