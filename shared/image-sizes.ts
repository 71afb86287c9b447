// The sizes and formats of the resized copies of uploads: the server makes exactly these, the pages ask for them.

/** The only widths the server makes, so a page cannot ask it to encode arbitrary sizes. */
export const IMAGE_WIDTHS = [320, 480, 640, 960, 1280, 1600] as const
export const IMAGE_FORMATS = ['avif', 'webp'] as const
export type ImageFormat = (typeof IMAGE_FORMATS)[number]
/** The widest copies the layouts draw: the full-width home hero, and card and service-page images. */
export const HERO_MAX_WIDTH = 1600
export const CARD_MAX_WIDTH = 1280

/** Link previews want 1200x630. */
export const OG_IMAGE = { width: 1200, height: 630 } as const
