import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { onError } from './errors'
import { decodePath, rejectSuspiciousPaths } from './security'

describe('decodePath', () => {
  it('decodes good escapes and leaves plain paths alone', () => {
    expect(decodePath('/services/bouquets')).toBe('/services/bouquets')
    expect(decodePath('/services/caf%C3%A9')).toBe('/services/café')
    expect(decodePath('/img/%F0%9F%8E%88')).toBe('/img/🎈')
  })

  it('is null, never a URIError, for escapes that do not decode', () => {
    for (const path of ['/services/%ZZ', '/%', '/a%2', '/api/services/%E0%A4%A', '/%C0%AF', '/%ED%A0%80', '/%FF', '/%uD800']) {
      expect(decodePath(path), path).toBeNull()
    }
  })

  it('is null for control characters, raw or escaped', () => {
    for (const path of ['/services/%00', '/services/%01', '/a%0Ab', '/%7F', '/%C2%85', '/a\u0000']) expect(decodePath(path), path).toBeNull()
  })
})

describe('rejectSuspiciousPaths', () => {
  const app = new Hono()
  app.onError(onError)
  app.use('*', rejectSuspiciousPaths)
  app.all('*', (c) => c.text(`reached ${c.req.method}`))
  const request = (path: string, method = 'GET') => app.request(`http://site.test${path}`, { method })

  it('answers 400 {error} for a malformed escape under /api, /uploads, /img and /assets', async () => {
    for (const path of ['/api/services/%E0%A4%A', '/api/%ZZ', '/uploads/%ZZ', '/img/320/a%.avif', '/assets/%C0%AF.js', '/api/services/%01']) {
      const res = await request(path)
      expect(res.status, path).toBe(400)
      expect((await res.json()).error, path).toMatch(/malformed %-escape/)
    }
  })

  it('lets a page address through to the page routes (their not-found page), but not a POST to it', async () => {
    for (const path of ['/services/%ZZ', '/%E0%A4%A', '/about%']) {
      expect(await (await request(path)).text(), path).toBe('reached GET')
      expect((await request(path, 'POST')).status, path).toBe(400)
    }
  })

  it('answers 404 for each encoded separator or dot and a double slash, in either case, anywhere in the path', async () => {
    for (const path of ['/services/a%2eb', '/services/a%2Eb', '/uploads/a%2fb', '/uploads/a%2Fb', '/img/a%5cb', '/img/a%5Cb', '/api/a%00b', '/api//services', '/assets/x//y']) {
      const res = await request(path)
      expect(res.status, path).toBe(404)
      expect(await res.json(), path).toEqual({ error: 'Not found' })
    }
    for (const path of ['/services/a.b', '/services/2e', '/uploads/a-b.jpg', '/services/a%20b']) expect(await (await request(path)).text(), path).toBe('reached GET')
  })

  it('still answers 404 for encoded traversal and passes good paths', async () => {
    expect((await request('/assets/..%2f..%2fpackage.json')).status).toBe(404)
    expect((await request('/uploads/..%2fx')).status).toBe(404)
    expect(await (await request('/services/caf%C3%A9')).text()).toBe('reached GET')
    expect(await (await request('/api/services?q=%ZZ')).text()).toBe('reached GET')
  })
})
