// GET /img/{width|og}/{upload}.{avif|webp|jpg}: resized copies of uploaded images, made once and kept under DATA_DIR.
import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { Hono } from 'hono'
import sharp from 'sharp'
import type { AppDeps, AppEnv } from '../app'
import { notFound } from '../lib/errors'
import { writeFileAtomic } from '../lib/files'
import { UPLOAD_NAME_PATTERN, UPLOADS_DIR } from '../uploads/uploads.store'
import { IMAGE_FORMATS, IMAGE_WIDTHS, OG_IMAGE, type ImageFormat } from '../../web/lib/image-urls'

type Variant = { kind: 'width'; width: number; format: ImageFormat } | { kind: 'og'; format: 'jpg' }

const CONTENT_TYPES = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' } as const

/**
 * URLs carry no content hash (pages name the upload as the content does), so copies are cached for a week and
 * revalidated by ETag, which is the source's hash: a file replaced in place by hand shows within that week at most.
 */
const CACHE_CONTROL = 'public, max-age=604800, stale-while-revalidate=86400'

export function parseVariant(size: string, file: string): { name: string; variant: Variant } | null {
  const dot = file.lastIndexOf('.')
  const name = file.slice(0, dot)
  const ext = file.slice(dot + 1)
  if (dot < 0 || !UPLOAD_NAME_PATTERN.test(name)) return null
  if (size === 'og') return ext === 'jpg' ? { name, variant: { kind: 'og', format: 'jpg' } } : null
  const width = Number(size)
  if (!(IMAGE_WIDTHS as readonly number[]).includes(width) || !(IMAGE_FORMATS as readonly string[]).includes(ext)) return null
  return { name, variant: { kind: 'width', width, format: ext as ImageFormat } }
}

export async function renderVariant(source: Uint8Array, variant: Variant): Promise<Buffer> {
  const image = sharp(source).rotate()
  if (variant.kind === 'og') {
    return image.resize(OG_IMAGE.width, OG_IMAGE.height, { fit: 'cover', position: 'attention' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer()
  }
  const resized = image.resize({ width: variant.width, withoutEnlargement: true })
  return variant.format === 'avif' ? resized.avif({ quality: 50, effort: 4 }).toBuffer() : resized.webp({ quality: 76 }).toBuffer()
}

export function createImageRoutes({ config, store }: AppDeps) {
  const cacheDir = join(config.dataDir, 'image-cache')
  /** Source hashes by file, recomputed only when the file's size or mtime changes. */
  const hashes = new Map<string, { stamp: string; hash: string; bytes?: Uint8Array }>()
  const inFlight = new Map<string, Promise<Buffer>>()

  async function sourceHash(name: string): Promise<{ hash: string; read: () => Promise<Uint8Array> } | null> {
    const path = store.path(`${UPLOADS_DIR}/${name}`)
    const info = await stat(path).catch(() => null)
    if (!info?.isFile()) return null
    const stamp = `${info.size}:${info.mtimeMs}`
    let known = hashes.get(name)
    if (known?.stamp !== stamp) {
      const bytes = new Uint8Array(await readFile(path))
      known = { stamp, hash: createHash('sha256').update(bytes).digest('hex').slice(0, 16) }
      hashes.set(name, known)
      return { hash: known.hash, read: async () => bytes }
    }
    return { hash: known.hash, read: async () => new Uint8Array(await readFile(path)) }
  }

  async function derived(hash: string, read: () => Promise<Uint8Array>, variant: Variant): Promise<Buffer> {
    const file = join(cacheDir, `${hash}-${variant.kind === 'og' ? 'og' : variant.width}.${variant.format}`)
    const cached = await readFile(file).catch(() => null)
    if (cached) return cached
    let pending = inFlight.get(file)
    if (!pending) {
      pending = (async () => {
        const out = await renderVariant(await read(), variant)
        await writeFileAtomic(file, out)
        return out
      })().finally(() => inFlight.delete(file))
      inFlight.set(file, pending)
    }
    return pending
  }

  return new Hono<AppEnv>().get('/img/:size/:file', async (c) => {
    const parsed = parseVariant(c.req.param('size'), c.req.param('file'))
    if (!parsed) throw notFound('No such image')
    const source = await sourceHash(parsed.name)
    if (!source) throw notFound('No such image')
    const { variant } = parsed
    const etag = `"${source.hash}-${variant.kind === 'og' ? 'og' : variant.width}-${variant.format}"`
    const headers = { ETag: etag, 'Cache-Control': CACHE_CONTROL }
    if (c.req.header('if-none-match')?.split(/\s*,\s*/).includes(etag)) return c.body(null, 304, headers)
    const body = await derived(source.hash, source.read, variant).catch(() => {
      throw notFound('The image could not be converted')
    })
    return c.body(new Uint8Array(body), 200, { ...headers, 'Content-Type': CONTENT_TYPES[variant.format] })
  })
}
