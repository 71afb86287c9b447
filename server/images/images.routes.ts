// GET /img/{hash}/{width|og}/{upload}.{avif|webp|jpg}: resized copies of uploads under their source's content hash,
// cached for good; the older unhashed /img/{width|og}/... URLs.
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../auth/auth.middleware'
import { notFound } from '../lib/errors'
import { UPLOAD_NAME_PATTERN } from '../uploads/uploads.store'
import { IMAGE_FORMATS, IMAGE_WIDTHS, type ImageFormat } from '../../shared/image-sizes'
import { HASH_PATTERN, type ImageDerivatives, type Variant } from './image-derivatives'

const CONTENT_TYPES = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' } as const

/** A hashed URL names one version of the bytes forever. */
const IMMUTABLE = 'public, max-age=31536000, immutable'
/**
 * Unhashed URLs (link previews, pages rendered before hashes existed) are cached for a week and revalidated by an
 * ETag that is the source's hash: a file replaced in place shows within that week at most.
 */
const UNHASHED_CACHE_CONTROL = 'public, max-age=604800, stale-while-revalidate=86400'

function parseVariant(size: string, file: string): { name: string; variant: Variant } | null {
  const dot = file.lastIndexOf('.')
  const name = file.slice(0, dot)
  const ext = file.slice(dot + 1)
  // A file with no dot leaves a name with no extension, which the pattern refuses.
  if (!UPLOAD_NAME_PATTERN.test(name)) return null
  if (size === 'og') return ext === 'jpg' ? { name, variant: { kind: 'og', format: 'jpg' } } : null
  // Only a width as the list writes it: Number() also reads `320.0`, `0320`, `0x140` or ` 320` as 320.
  const width = (IMAGE_WIDTHS as readonly number[]).find((w) => String(w) === size)
  if (width === undefined || !(IMAGE_FORMATS as readonly string[]).includes(ext)) return null
  return { name, variant: { kind: 'width', width, format: ext as ImageFormat } }
}

async function answer(
  c: Context<AppEnv>,
  images: ImageDerivatives,
  name: string,
  hash: string,
  variant: Variant,
  headers: Record<string, string>,
) {
  const body = await images.derived(name, hash, variant).catch(() => {
    throw notFound('The image could not be converted')
  })
  return c.body(new Uint8Array(body), 200, { ...headers, 'Content-Type': CONTENT_TYPES[variant.format] })
}

export function createImageRoutes({ images }: { images: ImageDerivatives }) {
  return (
    new Hono<AppEnv>()
      /**
       * The current hash: the copy, immutable. Another well-formed hash (a page rendered before the file changed): a
       * 302 to the current URL, not cached, so the old page still shows the image. Anything else: 404.
       */
      .get('/img/:hash/:size/:file', async (c) => {
        const requested = c.req.param('hash')
        const parsed = parseVariant(c.req.param('size'), c.req.param('file'))
        if (!parsed || !HASH_PATTERN.test(requested)) throw notFound('No such image')
        const hash = await images.version(parsed.name)
        if (!hash) throw notFound('No such image')
        if (hash !== requested) {
          return c.body(null, 302, { Location: `/img/${hash}/${c.req.param('size')}/${c.req.param('file')}`, 'Cache-Control': 'no-store' })
        }
        return answer(c, images, parsed.name, hash, parsed.variant, { 'Cache-Control': IMMUTABLE })
      })
      .get('/img/:size/:file', async (c) => {
        const parsed = parseVariant(c.req.param('size'), c.req.param('file'))
        if (!parsed) throw notFound('No such image')
        const hash = await images.version(parsed.name)
        if (!hash) throw notFound('No such image')
        const { variant } = parsed
        const etag = `"${hash}-${variant.kind === 'og' ? 'og' : variant.width}-${variant.format}"`
        const headers = { ETag: etag, 'Cache-Control': UNHASHED_CACHE_CONTROL }
        if (
          c.req
            .header('if-none-match')
            ?.split(/\s*,\s*/)
            .includes(etag)
        )
          return c.body(null, 304, headers)
        return answer(c, images, parsed.name, hash, variant, headers)
      })
  )
}
