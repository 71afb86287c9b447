// The Origin (CSRF) check with the origins that almost pass: a look-alike host, another port or scheme, a longer or
// shorter name; Sec-Fetch-Site values other than same-origin without an Origin; the methods that change nothing. And
// the malformed-escape check's near misses: a name only starting like /api, a HEAD, another method.
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { Config } from './config'
import { onError } from './errors'
import { originCheck, rejectSuspiciousPaths } from './security'

const app = new Hono()
app.onError(onError)
app.use('*', originCheck({ publicOrigin: 'https://studio.example.com' } as Config))
app.post('/api/contact', (c) => c.json({ ok: true }))
app.get('/api/read', (c) => c.json({ ok: true }))
app.on(['PUT', 'DELETE', 'PATCH'], '/api/contact', (c) => c.json({ ok: true }))
app.on(['GET', 'OPTIONS'], '/api/idle', (c) => c.json({ ok: true }))
/** A request addressed to the local port, as behind a proxy that does not pass the public host on. */
const send = (
  origin: string | undefined,
  { method = 'POST', url = 'http://127.0.0.1:3300/api/contact', site }: { method?: string; url?: string; site?: string } = {},
) =>
  app.request(url, {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(origin === undefined ? {} : { Origin: origin }),
      ...(site ? { 'Sec-Fetch-Site': site } : {}),
    },
    body: '{}',
  })

describe('origins that almost pass', () => {
  it.each([
    'https://studio.example.com.evil.test',
    'https://evil-studio.example.com',
    'https://studio.example.co',
    'https://studio.example.comm',
    'https://www.studio.example.com',
    'http://studio.example.com',
    'https://studio.example.com:8443',
    'https://studio.example.com/',
    'https://Studio.example.com',
    'HTTPS://studio.example.com',
    'https://studio.example.com.',
    'https://studio.example.com:443',
    'https://user@studio.example.com',
    'http://127.0.0.1:33000',
    'http://127.0.0.1:330',
    'https://127.0.0.1:3300',
    'http://127.0.0.1',
    'null',
    '',
  ])('refuses %j, for every method that changes something', async (origin) => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await send(origin, { method })
      expect([res.status, await res.json()], method).toEqual([403, { error: 'Cross-site request refused' }])
    }
  })

  it('passes the public origin and the origin the request was addressed to, exactly', async () => {
    for (const origin of ['https://studio.example.com', 'http://127.0.0.1:3300']) {
      const res = await send(origin)
      expect([res.status, await res.json()], origin).toEqual([200, { ok: true }])
    }
  })

  it('passes an allowed Origin whatever Sec-Fetch-Site says', async () => {
    const res = await send('https://studio.example.com', { site: 'same-site' })
    expect(res.status).toBe(200)
  })
})

describe('Sec-Fetch-Site without an Origin', () => {
  it.each(['same-site', 'cross-site', 'none', '', 'Same-Origin', 'same-origin-x'])('refuses %j', async (site) => {
    const res = await app.request('http://127.0.0.1:3300/api/contact', { method: 'POST', headers: { 'Sec-Fetch-Site': site }, body: '{}' })
    expect(res.status).toBe(403)
  })

  it('passes same-origin, exactly', async () => {
    expect((await send(undefined, { site: 'same-origin' })).status).toBe(200)
  })

  it('lets reads through with any Origin (they change nothing)', async () => {
    const res = await app.request('http://127.0.0.1:3300/api/read', {
      headers: { Origin: 'https://studio.example.com.evil.test', 'Sec-Fetch-Site': 'cross-site' },
    })
    expect(res.status).toBe(200)
  })
})

describe('methods that change nothing', () => {
  it.each(['GET', 'HEAD', 'OPTIONS'])('%s passes with a look-alike Origin and a cross-site Sec-Fetch-Site', async (method) => {
    const res = await app.request('http://127.0.0.1:3300/api/idle', {
      method,
      headers: { Origin: 'https://studio.example.com.evil.test', 'Sec-Fetch-Site': 'cross-site' },
    })
    expect(res.status, method).toBe(200)
  })
})

describe('malformed escapes: which addresses count as files or API calls', () => {
  const paths = new Hono()
  paths.onError(onError)
  paths.use('*', rejectSuspiciousPaths)
  paths.all('*', (c) => c.text(`reached ${c.req.method}`))
  const request = (path: string, method = 'GET') => paths.request(`http://site.test${path}`, { method })

  it.each(['/apix/%ZZ', '/API/%ZZ', '/api%ZZ', '/uploadsx/%ZZ', '/imgs/%ZZ', '/assets-x/%ZZ', '/x/api/%ZZ'])(
    'a GET of %s (a name only starting like /api, /uploads, /img or /assets) goes on to the page routes',
    async (path) => expect(await (await request(path)).text()).toBe('reached GET'),
  )

  it.each(['/api/%ZZ', '/api/services/%ZZ', '/uploads/%ZZ', '/img/%ZZ', '/assets/%ZZ'])('a GET of %s is 400', async (path) =>
    expect((await request(path)).status).toBe(400),
  )

  it('a HEAD of a page address goes on like a GET; any other method is 400', async () => {
    expect((await request('/services/%ZZ', 'HEAD')).status).toBe(200)
    for (const method of ['OPTIONS', 'PUT', 'DELETE', 'PATCH', 'POST']) {
      const res = await request('/services/%ZZ', method)
      expect([res.status, await res.json()], method).toEqual([
        400,
        { error: 'The address is not valid: it has a malformed %-escape or a control character' },
      ])
    }
  })
})
