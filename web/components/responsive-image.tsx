// An uploaded image as <picture>: AVIF and WebP at the widths the layout shows, with fixed dimensions so nothing shifts.
import type { ImgHTMLAttributes } from 'react'
import { CARD_MAX_WIDTH, HERO_MAX_WIDTH, imageSrcSet, uploadName, type ImageVersions } from '../lib/image-urls'
import { useImageVersions } from '../lib/page-context'

interface ResponsiveImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'width' | 'height'> {
  src: string
  alt: string
  /** Intrinsic size (or aspect ratio) reserved before the image arrives. */
  width: number
  height: number
  /** The `sizes` of the layout: how wide the image is drawn at each viewport. */
  sizes: string
  /** The widest copy worth sending. */
  maxWidth?: typeof HERO_MAX_WIDTH | typeof CARD_MAX_WIDTH
}

/**
 * The copies' URLs carry the source's hash from the root loader's data (the same on server and in the browser). An
 * upload with no known hash (added after the page loaded) is shown as the original file.
 */
export function ResponsiveImage({ src, sizes, maxWidth, width, height, alt, ...img }: ResponsiveImageProps) {
  const versions = useImageVersions()
  const name = uploadName(src)
  const version = name ? versions[name] : undefined
  const image = <img src={src} alt={alt} width={width} height={height} {...img} />
  if (!name || !version) return image
  return (
    <picture>
      <source type="image/avif" srcSet={imageSrcSet(name, version, 'avif', maxWidth)} sizes={sizes} />
      <source type="image/webp" srcSet={imageSrcSet(name, version, 'webp', maxWidth)} sizes={sizes} />
      {image}
    </picture>
  )
}

export const HERO_SIZES = '100vw'

/** The hero is the home page's largest paint: the server preloads the same AVIF candidates the <picture> offers. */
export function heroPreload(src: string, versions: ImageVersions): { srcSet: string; sizes: string; type: string } | undefined {
  const name = uploadName(src)
  const version = name ? versions[name] : undefined
  return name && version ? { srcSet: imageSrcSet(name, version, 'avif', HERO_MAX_WIDTH), sizes: HERO_SIZES, type: 'image/avif' } : undefined
}
