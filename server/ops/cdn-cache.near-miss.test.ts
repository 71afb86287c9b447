// What a CDN may keep, with the paths, types, statuses and times that almost qualify: /admin's look-alikes, a type
// that only starts like a page, a status next to 200, one second either side of the schedule's boundary.
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { cdnCache, publicCacheControl } from './cdn-cache'

function site({ owner = false, secondsLeft = null as number | null } = {}) {
  const app = new Hono()
  app.use(
    '*',
    cdnCache(
      60,
      () => owner,
      () => secondsLeft,
    ),
  )
  app.get('*', (c) => {
    const type = c.req.query('type') ?? 'text/html; charset=utf-8'
    const status = Number(c.req.query('status') ?? 200)
    const headers = { 'Content-Type': type, 'Cache-Control': c.req.query('cc') ?? 'no-cache' }
    return status === 304 ? c.body(null, 304, headers) : c.body('x', status as 200, headers)
  })
  return app
}
const cacheControl = async (path: string, options?: Parameters<typeof site>[0], method = 'GET') =>
  (await site(options).request(path, { method })).headers.get('Cache-Control')
const SHARED = 'public, s-maxage=60, stale-while-revalidate=600'

describe('which answers a CDN may keep', () => {
  it('keeps a public page, and paths that only start like /admin', async () => {
    for (const path of ['/', '/administration', '/adminx', '/admins/x', '/services/admin', '/api/admin-faq'])
      expect(await cacheControl(path), path).toBe(SHARED)
  })

  it('keeps nothing under /admin, or anything answered to the signed-in owner', async () => {
    for (const path of ['/admin', '/admin/', '/admin/services']) expect(await cacheControl(path), path).toBe('private, no-cache')
    expect(await cacheControl('/', { owner: true })).toBe('private, no-cache')
  })

  it('shares pages, JSON, XML and text only: a type that merely starts like one is private', async () => {
    for (const type of ['application/json', 'application/xml', 'text/plain; charset=utf-8', 'text/html'])
      expect(await cacheControl(`/?type=${encodeURIComponent(type)}`), type).toBe(SHARED)
    for (const type of ['application/jsonp', 'text/htmlx', 'text/calendar; charset=utf-8', 'xtext/html', '']) {
      expect(await cacheControl(`/?type=${encodeURIComponent(type)}`), type).toBe('private, no-cache')
    }
  })

  it('keeps 200 and 304 only; a 404 or 206 stays revalidated', async () => {
    expect(await cacheControl('/?status=304')).toBe(SHARED)
    for (const status of [201, 206, 404, 500]) expect(await cacheControl(`/?status=${status}`), String(status)).toBe('no-cache')
  })

  it('leaves answers the app did not mark no-cache, and anything but GET and HEAD', async () => {
    expect(await cacheControl('/?cc=no-store')).toBe('no-store')
    expect(await cacheControl('/?cc=no-cache%2C%20private')).toBe('no-cache, private')
    expect(await cacheControl('/', {}, 'HEAD')).toBe(SHARED)
    const post = new Hono()
      .use(
        '*',
        cdnCache(60, () => false),
      )
      .post('*', (c) => c.body('x', 200, { 'Cache-Control': 'no-cache', 'Content-Type': 'text/html' }))
    expect((await post.request('/', { method: 'POST' })).headers.get('Cache-Control')).toBe('no-cache')
  })

  it('with no PUBLIC_CACHE_SECONDS leaves every answer alone', async () => {
    const app = new Hono()
      .use(
        '*',
        cdnCache(undefined, () => false),
      )
      .get('*', (c) => c.body('x', 200, { 'Cache-Control': 'no-cache', 'Content-Type': 'text/html' }))
    expect((await app.request('/')).headers.get('Cache-Control')).toBe('no-cache')
  })
})

describe('a schedule boundary ahead', () => {
  it('at eleven intervals or more the usual header; one second less and nothing outlives the boundary', () => {
    expect(publicCacheControl(60, 660)).toBe(SHARED)
    expect(publicCacheControl(60, 100_000)).toBe(SHARED)
    expect(publicCacheControl(60, null)).toBe(SHARED)
    expect(publicCacheControl(60, 659)).toBe('public, s-maxage=60, stale-while-revalidate=599')
    expect(publicCacheControl(60, 61)).toBe('public, s-maxage=60, stale-while-revalidate=1')
    expect(publicCacheControl(60, 60)).toBe('public, s-maxage=60, stale-while-revalidate=0')
    expect(publicCacheControl(60, 59)).toBe('public, s-maxage=59, stale-while-revalidate=0')
    expect(publicCacheControl(60, 0)).toBe('public, s-maxage=0, stale-while-revalidate=0')
    expect(publicCacheControl(60, -5)).toBe('public, s-maxage=0, stale-while-revalidate=0')
  })

  it('the middleware uses the seconds left when it is answered', async () => {
    expect(await cacheControl('/', { secondsLeft: 30 })).toBe('public, s-maxage=30, stale-while-revalidate=0')
  })
})
