// Resized AVIF/WebP/JPEG copies of uploads, kept under DATA_DIR/image-cache: made ahead of time (after an upload,
// and by a start-up warm-up) and on demand as the fallback, with one sharp job per missing copy however many ask.
import { createHash } from 'node:crypto'
import { lstat, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import type { ContentStore } from '../lib/content-store'
import { fileExists, writeFileAtomic } from '../lib/files'
import { readPlainFile } from '../lib/plain-file'
import { clockNow } from '../lib/clock'
import { isShownAt } from '../lib/schedule'
import { isPublicService } from '../services/services.schema'
import { listServices } from '../services/services.store'
import { readSiteSettings } from '../site/site.store'
import { UPLOAD_NAME_PATTERN, UPLOADS_DIR, uploadNameFromUrl } from '../uploads/uploads.store'
import { CARD_MAX_WIDTH, HERO_MAX_WIDTH, IMAGE_FORMATS, IMAGE_WIDTHS, OG_IMAGE, type ImageFormat } from '../../shared/image-sizes'

export type Variant = { kind: 'width'; width: number; format: ImageFormat } | { kind: 'og'; format: 'jpg' }

/** One libvips thread per job: requests run side by side on the libuv pool, the warm-up takes one core at most. */
sharp.concurrency(1)
/** Uploads are capped at 2400 px; a hand-added camera file may be larger, but nothing near sharp's 268 MP default. */
const MAX_INPUT_PIXELS = 50_000_000
/** AVIF effort 3 encodes about 3.5x faster than 4 for ~6 % more bytes at the same quality. */
const AVIF = { quality: 50, effort: 3 } as const

async function renderVariant(source: Uint8Array, variant: Variant): Promise<Buffer> {
  const image = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true }).rotate()
  if (variant.kind === 'og') {
    return image
      .resize(OG_IMAGE.width, OG_IMAGE.height, { fit: 'cover', position: 'attention' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer()
  }
  const resized = image.resize({ width: variant.width, withoutEnlargement: true })
  return variant.format === 'avif' ? resized.avif(AVIF).toBuffer() : resized.webp({ quality: 76 }).toBuffer()
}

/** Every width-and-format copy up to maxWidth: what a `<picture>` with that maxWidth may ask for. */
function widthVariants(maxWidth: number): Variant[] {
  return IMAGE_FORMATS.flatMap((format) =>
    IMAGE_WIDTHS.filter((w) => w <= maxWidth).map((width): Variant => ({ kind: 'width', width, format })),
  )
}
const OG_VARIANT: Variant = { kind: 'og', format: 'jpg' }

/** The short content hash in derived URLs and cache file names (first 10 hex digits of the source's SHA-256). */
const hashBytes = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex').slice(0, 10)
export const HASH_PATTERN = /^[0-9a-f]{10}$/

interface WarmUpSummary {
  images: number
  made: number
  failed: number
  ms: number
}

export type ImageDerivatives = ReturnType<typeof createImageDerivatives>

export function createImageDerivatives({
  store,
  dataDir,
  render = renderVariant,
}: {
  store: ContentStore
  dataDir: string
  /** The encoder; tests count its calls. */
  render?: (source: Uint8Array, variant: Variant) => Promise<Buffer>
}) {
  const cacheDir = join(dataDir, 'image-cache')
  /** Source hashes by file, recomputed only when the file's size, mtime or inode changes. */
  const hashes = new Map<string, { stamp: string; hash: string }>()
  const inFlight = new Map<string, Promise<Buffer>>()
  /** Background work runs one job at a time, in order. */
  let queue: Promise<unknown> = Promise.resolve()

  // Async, so a path refused by its folders (lib/files.ts) is a rejected read like a missing file.
  const sourceInfo = async (name: string) => lstat(store.path(`${UPLOADS_DIR}/${name}`))
  const readSource = async (name: string) => readPlainFile(store.path(`${UPLOADS_DIR}/${name}`))
  const cacheFile = (hash: string, variant: Variant) =>
    join(cacheDir, `${hash}-${variant.kind === 'og' ? 'og' : variant.width}.${variant.format}`)

  /** The upload's current content hash, or null when there is no such upload. */
  async function version(name: string): Promise<string | null> {
    if (!UPLOAD_NAME_PATTERN.test(name)) return null
    const info = await sourceInfo(name).catch(() => null)
    if (!info?.isFile()) return null
    const stamp = `${info.size}:${info.mtimeMs}:${info.ino}`
    const known = hashes.get(name)
    if (known?.stamp === stamp) return known.hash
    const hash = hashBytes(new Uint8Array(await readSource(name)))
    hashes.set(name, { stamp, hash })
    return hash
  }

  /** Hashes of the given upload URLs' files (others are left out), keyed by file name. */
  async function versions(urls: Iterable<string>): Promise<Record<string, string>> {
    const out: Record<string, string> = {}
    for (const name of new Set([...urls].map(uploadNameFromUrl))) {
      const hash = name ? await version(name) : null
      if (name && hash) out[name] = hash
    }
    return out
  }

  /** The copy from the cache, else made now; concurrent callers for the same copy share one sharp job. */
  async function derived(name: string, hash: string, variant: Variant): Promise<Buffer> {
    const file = cacheFile(hash, variant)
    const cached = await readFile(file).catch(() => null)
    if (cached) return cached
    return make(name, hash, variant)
  }

  function make(name: string, hash: string, variant: Variant): Promise<Buffer> {
    const file = cacheFile(hash, variant)
    let pending = inFlight.get(file)
    if (!pending) {
      pending = (async () => {
        // Another caller may have finished this copy between its cache miss and now.
        const done = await readFile(file).catch(() => null)
        if (done) return done
        const source = new Uint8Array(await readSource(name))
        // The file changed since it was hashed: the copy would be filed under the wrong hash.
        if (hashBytes(source) !== hash) throw new Error(`${name} changed while its copies were being made`)
        const out = await render(source, variant)
        await writeFileAtomic(file, out)
        return out
      })().finally(() => inFlight.delete(file))
      inFlight.set(file, pending)
    }
    return pending
  }

  /** Makes the missing copies of one upload, one after another; returns how many were made and how many failed. */
  async function fill(name: string, variants: Variant[]): Promise<{ made: number; failed: number }> {
    const hash = await version(name).catch(() => null)
    if (!hash) return { made: 0, failed: 0 }
    let made = 0
    let failed = 0
    for (const variant of variants) {
      if (await fileExists(cacheFile(hash, variant))) continue
      try {
        await make(name, hash, variant)
        made++
      } catch (err) {
        failed++
        console.error(`Could not make a copy of ${name}:`, err instanceof Error ? err.message : err)
      }
    }
    return { made, failed }
  }

  /** Queues background work behind what is already queued; never rejects. */
  function enqueue<T>(job: () => Promise<T>): Promise<T | undefined> {
    const run = queue.then(job).catch((err: unknown) => {
      console.error('Image copies:', err instanceof Error ? err.message : err)
      return undefined
    })
    queue = run
    return run
  }

  /**
   * The uploads the public pages show, with the copies each may ask for: the hero, the about photo, the share picture
   * (as a link-preview card), and service images as cards (the first also as a link-preview card). Hidden services count unless `visibleOnly`.
   */
  async function pageImages({ visibleOnly = false } = {}): Promise<Map<string, Variant[]>> {
    const wanted = new Map<string, Variant[]>()
    const add = (url: string | undefined, variants: Variant[]) => {
      const name = url ? uploadNameFromUrl(url) : null
      if (!name) return
      const known = wanted.get(name) ?? []
      const key = (v: Variant) => (v.kind === 'og' ? 'og' : `${v.width}.${v.format}`)
      const keys = new Set(known.map(key))
      wanted.set(name, [...known, ...variants.filter((v) => !keys.has(key(v)))])
    }
    const settings = await readSiteSettings(store).catch(() => null)
    add(settings?.hero.image, widthVariants(HERO_MAX_WIDTH))
    // The seasonal hero's picture: always warmed up; shown (so hashed for the pages) only inside its window.
    const seasonal = settings?.hero.seasonal
    if (seasonal && (!visibleOnly || isShownAt(seasonal, clockNow()))) add(seasonal.image, widthVariants(HERO_MAX_WIDTH))
    if (settings?.features.aboutEnabled) add(settings.about.photo, widthVariants(CARD_MAX_WIDTH))
    add(settings?.seo.shareImage, [OG_VARIANT])
    for (const service of await listServices(store).catch(() => [])) {
      if (visibleOnly && !isPublicService(service, clockNow())) continue
      service.images.forEach((image, i) =>
        add(image.cropped, i === 0 ? [...widthVariants(CARD_MAX_WIDTH), OG_VARIANT] : widthVariants(CARD_MAX_WIDTH)),
      )
    }
    return wanted
  }

  return {
    version,
    versions,
    derived,
    pageImages,
    /**
     * After an upload: its card copies are made in the background (the upload's answer never waits for them).
     * Its use is not known yet; a hero-sized copy is left to the next warm-up or the first request.
     */
    afterUpload(name: string): Promise<unknown> {
      return enqueue(() => fill(name, widthVariants(CARD_MAX_WIDTH)))
    },
    /** Start-up: every page image's missing copies, one image at a time in the background. */
    warmUp(): Promise<WarmUpSummary | undefined> {
      return enqueue(async () => {
        const started = Date.now()
        const images = await pageImages()
        let made = 0
        let failed = 0
        for (const [name, variants] of images) {
          const result = await fill(name, variants)
          made += result.made
          failed += result.failed
        }
        return { images: images.size, made, failed, ms: Date.now() - started }
      })
    },
    /** Resolves when the queued background work is done (tests wait for it before removing their directories). */
    async idle(): Promise<void> {
      let seen
      do {
        seen = queue
        await seen
      } while (seen !== queue)
    },
  }
}
