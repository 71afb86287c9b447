// An uploaded image as <picture>: AVIF and WebP at the widths the layout shows, with fixed dimensions so nothing shifts.
import type { ImgHTMLAttributes } from 'react'
import { imageSrcSet, uploadName } from '../lib/image-urls'

export interface ResponsiveImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'width' | 'height'> {
  src: string
  alt: string
  /** Intrinsic size (or aspect ratio) reserved before the image arrives. */
  width: number
  height: number
  /** The `sizes` of the layout: how wide the image is drawn at each viewport. */
  sizes: string
  /** The widest copy worth sending. */
  maxWidth?: number
}

export function ResponsiveImage({ src, sizes, maxWidth, width, height, alt, ...img }: ResponsiveImageProps) {
  const name = uploadName(src)
  const image = <img src={src} alt={alt} width={width} height={height} {...img} />
  if (!name) return image
  return (
    <picture>
      <source type="image/avif" srcSet={imageSrcSet(name, 'avif', maxWidth)} sizes={sizes} />
      <source type="image/webp" srcSet={imageSrcSet(name, 'webp', maxWidth)} sizes={sizes} />
      {image}
    </picture>
  )
}

export const HERO_SIZES = '100vw'

/** The hero is the home page's largest paint: the server preloads the same AVIF candidates the <picture> offers. */
export function heroPreload(src: string): { srcSet: string; sizes: string; type: string } | undefined {
  const name = uploadName(src)
  return name ? { srcSet: imageSrcSet(name, 'avif'), sizes: HERO_SIZES, type: 'image/avif' } : undefined
}
