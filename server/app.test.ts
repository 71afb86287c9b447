import { beforeEach, describe, expect, it, vi } from 'vitest'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createTestApp, makeJpeg, useTestApp, TEST_ORIGIN, type TestApp } from './testing/test-app'

const ctx = useTestApp()
let t: TestApp
beforeEach(() => ({ t } = ctx))

describe('security headers', () => {
  it('every answer has the CSP, nosniff and no framing; admin API answers are not stored; no HSTS over http', async () => {
    const res = await t.call('GET', '/api/services', { cookie: await t.login() })
    const csp = res.headers.get('content-security-policy')!
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(csp).toContain("img-src 'self' data: blob:")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('strict-transport-security')).toBeNull()
  })

  it('the whole policy a browser enforces: only the site itself, no plugins, no framing, no foreign form targets', async () => {
    const res = await t.call('GET', '/api/services')
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'self'; script-src 'self' 'inline-speculation-rules'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
        "font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    )
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  })
})

describe('CSRF', () => {
  it('a JSON save without Origin is refused when the browser says it is cross-site, and allowed when same-origin', async () => {
    const cookie = await t.login()
    const put = (site: string) =>
      t.app.request(`${TEST_ORIGIN}/api/services/bouquets`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': site, Cookie: cookie },
        body: JSON.stringify({ pricingInfo: `From ${site}` }),
      })
    const cross = await put('cross-site')
    expect([cross.status, await cross.json()]).toEqual([403, { error: 'Cross-site request refused' }])
    expect((await put('same-origin')).status).toBe(200)
    expect(t.subjects()[0]).toMatch(/^Update service "Bouquets"/)
  })

  it('behind a proxy the public origin is the site itself: a save from it is allowed, a public read from anywhere too', async () => {
    const proxied = await createTestApp({ env: { PUBLIC_ORIGIN: 'https://balloons.example' } })
    try {
      const cookie = await proxied.login()
      const res = await proxied.call('PUT', '/api/services/bouquets', {
        json: { visible: false },
        cookie,
        headers: { Origin: 'https://balloons.example' },
      })
      expect(res.status).toBe(200)
      const read = await proxied.call('GET', '/api/services', { headers: { Origin: 'https://elsewhere.example' } })
      expect(read.status).toBe(200)
    } finally {
      await proxied.cleanup()
    }
  })

  it('refuses a state-changing call from another origin, even with a valid session', async () => {
    const cookie = await t.login()
    const res = await t.call('PUT', '/api/services/bouquets', {
      json: { visible: false },
      cookie,
      headers: { Origin: 'https://evil.test' },
    })
    expect(res.status).toBe(403)
    expect((await res.json()).error).toBe('Cross-site request refused')
    expect(t.subjects()).toEqual(['Seed content'])
  })

  it('refuses a cross-site form post without Origin (Sec-Fetch-Site cross-site)', async () => {
    const res = await t.app.request(`${TEST_ORIGIN}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'cross-site' },
      body: 'username=a&password=b',
    })
    expect(res.status).toBe(403)
  })

  it('accepts non-browser clients that send no Origin with a JSON body', async () => {
    const res = await t.app.request(`${TEST_ORIGIN}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'owner', password: 'wrong' }),
    })
    expect(res.status).toBe(401)
  })

  it('accepts a multipart upload from a non-browser client with no Origin', async () => {
    const cookie = await t.login()
    const form = new FormData()
    form.append('image', new File([(await makeJpeg()) as Uint8Array<ArrayBuffer>], 'a.jpg'))
    const res = await t.app.request(`${TEST_ORIGIN}/api/upload`, { method: 'POST', headers: { Cookie: cookie }, body: form })
    expect(res.status).toBe(201)
  })

  it('refuses a form post whose Origin is null', async () => {
    const res = await t.app.request(`${TEST_ORIGIN}/api/logout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'null' },
      body: 'a=b',
    })
    expect(res.status).toBe(403)
  })

  it('accepts the origin the request was addressed to', async () => {
    const res = await t.app.request('http://127.0.0.1:3300/api/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://127.0.0.1:3300' },
      body: JSON.stringify({ username: 'owner', password: 'wrong' }),
    })
    expect(res.status).toBe(401)
  })
})

describe('request limits and shapes', () => {
  it('a JSON body over the limit answers 413', async () => {
    const cookie = await t.login()
    const res = await t.call('PUT', '/api/delivery-installation-content', { json: { markdownContent: 'x'.repeat(600_000) }, cookie })
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ error: 'The request is too large' })
    // The rest of such a body is never read: the connection must not look reusable (server/fuzz.test.ts checks the socket).
    expect(res.headers.get('connection')).toBe('close')
  })

  it('each refusal says why in {error}: no session, not JSON, a traversal, an unknown API path', async () => {
    const noSession = await t.call('GET', '/api/check-auth')
    expect([noSession.status, await noSession.json()]).toEqual([401, { error: 'Not authenticated' }])
    const cookie = await t.login()
    const text = await t.call('PUT', '/api/services/bouquets', {
      body: 'visible=false',
      cookie,
      headers: { 'Content-Type': 'text/plain', Origin: TEST_ORIGIN },
    })
    expect([text.status, await text.json()]).toEqual([415, { error: 'Send the body as application/json' }])
    const traversal = await t.call('GET', '/api/services/%2e%2e%2fsecrets')
    expect([traversal.status, await traversal.json()]).toEqual([404, { error: 'Not found' }])
    const unknown = await t.call('GET', '/api/no-such-call')
    expect([unknown.status, await unknown.json()]).toEqual([404, { error: 'No such API call' }])
  })

  it('invalid JSON answers 400', async () => {
    const cookie = await t.login()
    const res = await t.call('PUT', '/api/service-order', { body: '[', cookie, headers: { 'Content-Type': 'application/json' } })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'The request body is not valid JSON' })
  })

  it('only a JSON body type is read as JSON: a cross-site-sendable text/plain naming JSON in a parameter is refused', async () => {
    const cookie = await t.login()
    const put = (type: string) =>
      t.call('PUT', '/api/services/bouquets', { body: '{"visible":false}', cookie, headers: { 'Content-Type': type } })
    expect((await put('text/plain; x=application/json')).status).toBe(415)
    expect((await put('application/jsonx')).status).toBe(415)
    expect((await put('Application/JSON ; charset=utf-8')).status).toBe(200)
  })

  it("a route's own refusal passes the origin check unchanged: an unknown service is 404", async () => {
    const cookie = await t.login()
    const missing = await t.call('PUT', '/api/services/no-such', { json: { visible: false }, cookie })
    expect([missing.status, await missing.json()]).toEqual([404, { error: 'No service with id "no-such"' }])
  })

  it('an unknown API path answers 404 JSON', async () => {
    const res = await t.call('GET', '/api/nothing-here')
    expect(res.status).toBe(404)
    expect((await res.json()).error).toBeTruthy()
  })
})

describe('site settings', () => {
  it('are public', async () => {
    const res = await t.call('GET', '/api/site-settings')
    expect(await res.json()).toMatchObject({
      brand: { name: 'Test Balloon Studio' },
      features: { servicesEnabled: true, aboutEnabled: false },
    })
  })

  it('a malformed site.yaml committed by a developer costs only itself: the last valid settings are served, the rest keeps working', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    writeFileSync(join(t.root, 'content/site.yaml'), 'brand:\n  name: X\ncontact:\n  email: not-an-email\n')
    t.git('commit', '-qm', 'Developer edit', '--', 'content/site.yaml')
    const res = await t.call('GET', '/api/site-settings')
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ brand: { name: 'Test Balloon Studio' }, contact: { email: 'hello@example.test' } })
    expect(warned).toHaveBeenCalledWith(
      expect.stringMatching(/^content\/site\.yaml: field "contact\.email".*serving its last valid version/),
    )
    expect((await t.call('GET', '/api/services')).status).toBe(200)
    warned.mockRestore()
  })
})

describe('changes made with plain git', () => {
  it('a revert shows on the next request without a restart', async () => {
    const cookie = await t.login()
    await t.call('PUT', '/api/services/bouquets', { json: { title: 'Balloon Bouquets' }, cookie })
    expect((await (await t.call('GET', '/api/services/bouquets')).json()).title).toBe('Balloon Bouquets')
    t.git('revert', '--no-edit', 'HEAD')
    expect((await (await t.call('GET', '/api/services/bouquets')).json()).title).toBe('Bouquets')
  })

  it('history can be filtered per item with the trailer', async () => {
    const cookie = await t.login()
    await t.call('PUT', '/api/services/bouquets', { json: { visible: false }, cookie })
    await t.call('PUT', '/api/services/mosaics', { json: { visible: false }, cookie })
    await t.call('PUT', '/api/service-order', { json: ['mosaics', 'bouquets'], cookie })
    expect(t.git('log', '--format=%s', '--grep', 'Content-Item: services/bouquets$').trim()).toBe('Hide service "Bouquets"')
    expect(t.git('log', '--format=%s', '--', 'content/services/mosaics.yaml').trim().split('\n')[0]).toBe('Hide service "Mosaics"')
  })
})

describe('the web app', () => {
  async function withClient(): Promise<TestApp> {
    const clientDir = join(t.dataDir, 'client')
    mkdirSync(join(clientDir, 'assets'), { recursive: true })
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>')
    writeFileSync(join(clientDir, 'assets/index-abc123.js'), 'console.log(1)')
    writeFileSync(join(clientDir, 'robots.txt'), 'User-agent: *')
    return createTestApp({ env: { CLIENT_DIR: clientDir } })
  }

  it('client routes get index.html with 200, anything else with 404', async () => {
    const site = await withClient()
    try {
      for (const path of ['/', '/services/bouquets', '/contact', '/delivery-installation', '/thank-you', '/admin', '/admin/anything']) {
        const res = await site.call('GET', path)
        expect(res.status, path).toBe(200)
        expect(await res.text()).toContain('id="root"')
        expect(res.headers.get('content-type')).toMatch(/^text\/html/)
      }
      for (const path of ['/nope', '/services/secret', '/services/unknown', '/about', '/services/a/b']) {
        const res = await site.call('GET', path)
        expect(res.status, path).toBe(404)
        expect(await res.text()).toContain('id="root"')
      }
    } finally {
      site.cleanup()
    }
  })

  it('a page address whose %-escapes do not decode gets the not-found page; API and file paths get 400 {error}', async () => {
    const site = await withClient()
    try {
      for (const path of ['/services/%ZZ', '/services/%E0%A4%A', '/services/%01', '/%ZZ', '/about%', '/admin/%ZZ']) {
        const res = await site.call('GET', path)
        expect(res.status, path).toBe(404)
        expect(res.headers.get('content-type'), path).toMatch(/^text\/html/)
        expect(await res.text()).toContain('id="root"')
      }
      for (const path of ['/api/services/%E0%A4%A', '/api/services/%ZZ', '/uploads/%ZZ', '/img/320/%ZZ.avif', '/assets/%ZZ.js']) {
        const res = await site.call('GET', path)
        expect(res.status, path).toBe(400)
        expect((await res.json()).error, path).toMatch(/malformed %-escape/)
      }
    } finally {
      site.cleanup()
    }
  })

  it('hashed assets are cached for a year; other files are served as they are', async () => {
    const site = await withClient()
    try {
      const asset = await site.call('GET', '/assets/index-abc123.js')
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(asset.headers.get('content-type')).toMatch(/^text\/javascript/)
      expect((await site.call('GET', '/robots.txt')).status).toBe(200)
      expect((await site.call('GET', '/assets/missing.js')).status).toBe(404)
    } finally {
      site.cleanup()
    }
  })

  it('never serves git, data, content or source, and encoded traversal answers 404', async () => {
    const site = await withClient()
    try {
      for (const path of [
        '/.git/config',
        '/content/site.yaml',
        '/data/sessions.json',
        '/server/config.ts',
        '/package.json',
        '/%2e%2e/package.json',
        '/assets/..%2f..%2fpackage.json',
        '/assets%5c..%5cindex.html',
        '//etc/passwd',
        '/uploads/%2e%2e%2fcontent%2fsite.yaml',
      ]) {
        const res = await site.call('GET', path)
        expect(res.status, path).toBe(404)
        expect(await res.text()).not.toMatch(/\[core\]|brand:|"dependencies"|loadConfig/)
      }
    } finally {
      site.cleanup()
    }
  })
})
