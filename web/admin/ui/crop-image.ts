// Turns the crop chosen in the dialog into a JPEG file with a canvas.
import type { Area } from 'react-easy-crop'

export const CROP_ASPECT = 4 / 3
export const MIN_ZOOM = 1
export const MAX_ZOOM = 3
/** Large enough for a sharp card on a retina screen, small enough to upload quickly from a phone. */
const MAX_OUTPUT_WIDTH = 2400

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image()
    image.onload = () => resolve(image)
    image.onerror = () => reject(new Error('The image could not be read'))
    image.src = src
  })
}

export async function cropToJpeg(src: string, area: Area, quality = 0.9): Promise<Blob> {
  const image = await loadImage(src)
  const scale = Math.min(1, MAX_OUTPUT_WIDTH / area.width)
  const canvas = document.createElement('canvas')
  canvas.width = Math.max(1, Math.round(area.width * scale))
  canvas.height = Math.max(1, Math.round(area.height * scale))
  const context = canvas.getContext('2d')
  if (!context) throw new Error('Canvas is not available')
  // JPEG has no transparency: a transparent PNG gets a white background rather than black.
  context.fillStyle = '#ffffff'
  context.fillRect(0, 0, canvas.width, canvas.height)
  context.imageSmoothingQuality = 'high'
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height)
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Cropping failed'))), 'image/jpeg', quality),
  )
}

/** original.jpg for a JPEG (the spec's default name); other formats keep an extension matching their type. */
export function originalFileName(file: File): string {
  const ext = { 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' }[file.type] ?? 'jpg'
  return `original.${ext}`
}
