// URLs of the server's resized AVIF/WebP copies of uploaded images (served by server/images/images.routes.ts).

/** The only widths the server makes, so a page cannot ask it to encode arbitrary sizes. */
export const IMAGE_WIDTHS = [320, 480, 640, 960, 1280, 1600] as const
export const IMAGE_FORMATS = ['avif', 'webp'] as const
export type ImageFormat = (typeof IMAGE_FORMATS)[number]
/** The widest copies the layouts draw: the full-width home hero, and card and service-page images. */
export const HERO_MAX_WIDTH = 1600
export const CARD_MAX_WIDTH = 1280

/**
 * Upload file name -> short hash of its bytes, from the server (`GET /api/image-versions`, carried in the root
 * loader's data), so the server renderer and the browser build the same content-hashed URLs.
 */
export type ImageVersions = Record<string, string>

/** Link previews want 1200x630. */
export const OG_IMAGE = { width: 1200, height: 630 } as const

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
