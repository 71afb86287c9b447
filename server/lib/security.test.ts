import { connect } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import type { Config } from './config'
import { ContentError, DetailedHttpError, onError } from './errors'
import { decodePath, originCheck, rejectSuspiciousPaths, securityHeaders } from './security'

/** The status line a served app answers to a request target sent as is (fetch and URL would resolve dot segments). */
async function rawStatus(app: Hono, targets: string[]): Promise<string[]> {
  const { port, close } = await new Promise<{ port: number; close: () => void }>((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve({ port: info.port, close: () => server.close() }),
    )
  })
  try {
    const lines: string[] = []
    for (const target of targets) {
      lines.push(
        await new Promise<string>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1', () =>
            socket.end(`GET ${target} HTTP/1.1\r\nHost: site.test\r\nConnection: close\r\n\r\n`),
          )
          let text = ''
          socket.on('data', (d) => (text += d))
          socket.on('end', () => resolve(`${target} ${text.split('\r\n')[0]}`))
          socket.on('error', reject)
        }),
      )
    }
    return lines
  } finally {
    close()
  }
}

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
    for (const path of ['/services/%00', '/services/%01', '/a%0Ab', '/%7F', '/%C2%85', '/a\u0000'])
      expect(decodePath(path), path).toBeNull()
  })
})

describe('rejectSuspiciousPaths', () => {
  const app = new Hono()
  app.onError(onError)
  app.use('*', rejectSuspiciousPaths)
  app.all('*', (c) => c.text(`reached ${c.req.method}`))
  const request = (path: string, method = 'GET') => app.request(`http://site.test${path}`, { method })

  it('answers 400 {error} for a malformed escape under /api, /uploads, /img and /assets', async () => {
    for (const path of [
      '/api/services/%E0%A4%A',
      '/api/%ZZ',
      '/uploads/%ZZ',
      '/img/320/a%.avif',
      '/assets/%C0%AF.js',
      '/api/services/%01',
    ]) {
      const res = await request(path)
      expect(res.status, path).toBe(400)
      expect((await res.json()).error, path).toMatch(/malformed %-escape/)
    }
  })

  it('lets a page address through to the page routes (their not-found page), but not a POST to it', async () => {
    for (const path of ['/services/%ZZ', '/%E0%A4%A', '/about%', '/gallery/api/%ZZ']) {
      expect(await (await request(path)).text(), path).toBe('reached GET')
      expect((await request(path, 'POST')).status, path).toBe(400)
    }
  })

  it('answers 404 for each encoded separator or dot and a double slash, in either case, anywhere in the path', async () => {
    for (const path of [
      '/services/a%2eb',
      '/services/a%2Eb',
      '/uploads/a%2fb',
      '/uploads/a%2Fb',
      '/img/a%5cb',
      '/img/a%5Cb',
      '/api/a%00b',
      '/api//services',
      '/assets/x//y',
    ]) {
      const res = await request(path)
      expect(res.status, path).toBe(404)
      expect(await res.json(), path).toEqual({ error: 'Not found' })
    }
    for (const path of ['/services/a.b', '/services/2e', '/uploads/a-b.jpg', '/services/a%20b'])
      expect(await (await request(path)).text(), path).toBe('reached GET')
  })

  it('answers 404 for a dot segment as the client sent it, which the server would otherwise resolve away', async () => {
    const targets = [
      '/./api/services',
      '/services/.',
      '/services/..',
      '/api/services/../faq',
      '/uploads/./a.jpg',
      '/services/a.b',
      '/services/..b',
    ]
    expect(await rawStatus(app, targets)).toEqual([
      '/./api/services HTTP/1.1 404 Not Found',
      '/services/. HTTP/1.1 404 Not Found',
      '/services/.. HTTP/1.1 404 Not Found',
      '/api/services/../faq HTTP/1.1 404 Not Found',
      '/uploads/./a.jpg HTTP/1.1 404 Not Found',
      '/services/a.b HTTP/1.1 200 OK',
      '/services/..b HTTP/1.1 200 OK',
    ])
  })

  it('still answers 404 for encoded traversal and passes good paths', async () => {
    expect((await request('/assets/..%2f..%2fpackage.json')).status).toBe(404)
    expect((await request('/uploads/..%2fx')).status).toBe(404)
    expect(await (await request('/services/caf%C3%A9')).text()).toBe('reached GET')
    expect(await (await request('/api/services?q=%ZZ')).text()).toBe('reached GET')
  })
})

describe('onError: what a caller learns from a failure', () => {
  const app = new Hono()
  app.onError(onError)
  app.get('/crash', () => {
    throw new Error('ENOENT /srv/site/data/secret.json')
  })
  app.get('/zod', () => {
    throw z.object({ name: z.string({ error: 'Name is required' }) }).parse({})
  })
  app.get('/stale', () => {
    throw new DetailedHttpError(409, 'Changed elsewhere', { version: 'abc', error: 'not this one' })
  })
  app.get('/plain/:status', (c) => {
    const status = Number(c.req.param('status')) as 403
    throw new HTTPException(status, { res: new Response('plain text', { status, statusText: 'Forbidden' }) })
  })
  app.get('/content', () => {
    throw new ContentError('content/site.yaml', 'field "title": Required')
  })
  const get = async (path: string) => {
    const res = await app.request(`http://site.test${path}`)
    return [res.status, await res.json()]
  }

  it('an unexpected error is a 500 with a general sentence, never its own text', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      expect(await get('/crash')).toEqual([500, { error: 'Something went wrong on the server. Please try again.' }])
    } finally {
      errors.mockRestore()
    }
  })

  it('a validation error is a 400 with its first message; a detailed error keeps its fields and its own message', async () => {
    expect(await get('/zod')).toEqual([400, { error: 'Name is required' }])
    expect(await get('/stale')).toEqual([409, { version: 'abc', error: 'Changed elsewhere' }])
  })

  it('a plain-text refusal from a middleware still answers {error}, with its status', async () => {
    expect(await get('/plain/403')).toEqual([403, { error: 'Request failed' }])
  })

  it('a broken content file is a 500 naming the file and field, for the owner to fix', async () => {
    expect(await get('/content')).toEqual([500, { error: 'content/site.yaml: field "title": Required' }])
  })
})

describe('securityHeaders: a route may send less referrer than the site, never more', () => {
  const app = new Hono()
  app.onError(onError)
  app.use('*', securityHeaders({ publicOrigin: 'http://site.test' } as Config))
  app.get('/none', (c) => c.text('x'))
  const own = (policy: string) => app.get(`/own/${policy}`, (c) => c.text('x', 200, { 'Referrer-Policy': policy }))
  for (const policy of ['no-referrer', 'unsafe-url', 'no-referrer-when-downgrade', 'origin', 'No-Referrer', 'no-referrer, unsafe-url'])
    own(policy)
  const policyOf = async (path: string) => (await app.request(`http://site.test${path}`)).headers.get('referrer-policy')

  it("keeps a route's own no-referrer, and the site's other headers with it", async () => {
    const res = await app.request('http://site.test/own/no-referrer')
    expect([res.headers.get('referrer-policy'), res.headers.get('x-frame-options')]).toEqual(['no-referrer', 'DENY'])
  })

  it("gives the site's policy to an answer without one, and to any other a route sets, even one that looks alike", async () => {
    expect(await policyOf('/none')).toBe('strict-origin-when-cross-origin')
    for (const policy of ['unsafe-url', 'no-referrer-when-downgrade', 'origin', 'No-Referrer', 'no-referrer, unsafe-url'])
      expect([policy, await policyOf(`/own/${encodeURIComponent(policy)}`)]).toEqual([policy, 'strict-origin-when-cross-origin'])
  })
})

describe('securityHeaders: HTTPS only where the site is served over it', () => {
  const hstsOf = async (publicOrigin: string) => {
    const app = new Hono()
    app.use('*', securityHeaders({ publicOrigin } as Config))
    app.get('/', (c) => c.text('x'))
    return (await app.request(`${publicOrigin}/`)).headers.get('strict-transport-security')
  }

  it('an https origin tells browsers to use HTTPS for a year, subdomains too; an http one sends no such header', async () => {
    expect(await hstsOf('https://site.test')).toBe('max-age=31536000; includeSubDomains')
    expect(await hstsOf('http://site.test')).toBeNull()
  })
})

describe('originCheck: posts from other sites', () => {
  const app = new Hono()
  app.onError(onError)
  app.use('*', originCheck({ publicOrigin: 'http://site.test' } as Config))
  app.post('/api/contact', (c) => c.json({ ok: true }))
  const post = (headers: Record<string, string>, body = 'name=x') =>
    app.request('http://site.test/api/contact', { method: 'POST', headers, body })

  it('refuses a post from another site, or one a browser says is cross-site without naming its origin', async () => {
    for (const headers of <Record<string, string>[]>[
      { Origin: 'https://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
      { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' },
      { 'Sec-Fetch-Site': 'cross-site', 'Content-Type': 'text/plain' },
      { 'Sec-Fetch-Site': 'same-site', 'Content-Type': 'application/x-www-form-urlencoded' },
    ]) {
      const res = await post(headers)
      expect([res.status, await res.json()], JSON.stringify(headers)).toEqual([403, { error: 'Cross-site request refused' }])
    }
  })

  it("passes the site's own posts, and a client that sends neither header (curl, scripts)", async () => {
    for (const headers of <Record<string, string>[]>[
      { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded' },
      { Origin: 'http://site.test', 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' },
      { Origin: 'http://site.test', 'Content-Type': 'application/x-www-form-urlencoded' },
      { 'Content-Type': 'application/x-www-form-urlencoded' },
    ]) {
      const res = await post(headers)
      expect([res.status, await res.json()], JSON.stringify(headers)).toEqual([200, { ok: true }])
    }
  })
})
