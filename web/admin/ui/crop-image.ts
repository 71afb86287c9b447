// The crop dialog's figures: its aspect and zoom range, the rectangle sent to the server, the original's file name.
import type { Area } from 'react-easy-crop'

export const CROP_ASPECT = 4 / 3
export const MIN_ZOOM = 1
export const MAX_ZOOM = 3
/**
 * The crop as the server reads it: whole pixels inside the picture. The cropper rounds its own figures, which can put
 * the far edge one pixel past the picture's.
 */
export function cropInside(area: Area, picture: { width: number; height: number }): Area {
  const x = Math.min(Math.max(0, Math.round(area.x)), picture.width - 1)
  const y = Math.min(Math.max(0, Math.round(area.y)), picture.height - 1)
  return {
    x,
    y,
    width: Math.max(1, Math.min(Math.round(area.width), picture.width - x)),
    height: Math.max(1, Math.min(Math.round(area.height), picture.height - y)),
  }
}

/** original.jpg for a JPEG (the spec's default name); other formats keep an extension matching their type. */
export function originalFileName(file: File): string {
  const ext = { 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' }[file.type] ?? 'jpg'
  return `original.${ext}`
}
