// PUBLIC_CACHE_SECONDS: public pages and public API reads may be kept by a CDN for that long (and served stale for ten
// times that while it fetches a fresh copy), so a traffic spike reaches the origin about once per page per interval.
import type { Context, MiddlewareHandler } from 'hono'

const SHAREABLE_TYPES = /^(text\/html|application\/json|application\/xml|text\/plain)\b/

export function publicCacheControl(seconds: number, secondsLeft: number | null = null): string {
  if (secondsLeft === null || secondsLeft >= seconds * 11) return `public, s-maxage=${seconds}, stale-while-revalidate=${seconds * 10}`
  // A scheduled item appears or leaves in `secondsLeft`: no copy may be served past that, fresh or stale.
  const fresh = Math.max(0, Math.min(seconds, secondsLeft))
  return `public, s-maxage=${fresh}, stale-while-revalidate=${Math.max(0, secondsLeft - fresh)}`
}

/**
 * Runs outside the routes. Only answers the app marks as public and revalidated (`no-cache`: public pages, public API
 * reads, the sitemap) change; admin answers (`no-store`), uploads and hashed assets keep their own headers. Anything
 * answered to a signed-in owner, or under /admin, becomes `private, no-cache` so no shared cache keeps it.
 */
export function cdnCache(
  seconds: number | undefined,
  isAdmin: (c: Context) => boolean,
  /** Seconds until the next schedule boundary (a scheduled item appears or leaves), or null: the headers end there. */
  secondsLeft: () => number | null = () => null,
): MiddlewareHandler {
  return async (c, next) => {
    await next()
    if (!seconds || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return
    if (c.res.headers.get('Cache-Control') !== 'no-cache') return
    // Pages, JSON reads and the sitemap; never a download such as the private calendar feed.
    if (!SHAREABLE_TYPES.test(c.res.headers.get('Content-Type') ?? '')) {
      c.header('Cache-Control', 'private, no-cache')
      return
    }
    const path = c.req.path
    const personal = isAdmin(c) || path === '/admin' || path.startsWith('/admin/')
    const cacheable = c.res.status === 200 || c.res.status === 304
    if (personal) c.header('Cache-Control', 'private, no-cache')
    else if (cacheable) c.header('Cache-Control', publicCacheControl(seconds, secondsLeft()))
  }
}
