// The page renderer on a small stand-in build (no `npm run build` needed): the HTML a visitor gets (the template's
// head tags replaced, stylesheets first, scripts after paint, the page's chunks listed), its headers (ETag, gzip from
// 1024 bytes, Vary), which renders are kept and when they are made again, the dashboard shell, and a missing build.
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createPageRenderer, fontsStylesheet, moduleAssets, serverEntryPath } from './page-renderer'

const ORIGIN = 'http://studio.test'

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="theme-color" content="#fbf7f2" />
    <meta name="description" content="Template description." />
    <meta property="og:type" content="website" />
    <title>Template title</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`

const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, css: ['assets/index-1.css'], imports: ['_react.js'] },
  '_react.js': { file: 'assets/react-1.js' },
  'pages/Contact.tsx': {
    file: 'assets/Contact-1.js',
    css: ['assets/Contact-1.css', 'assets/index-1.css'],
    imports: ['_react.js', '_form.js'],
  },
  '_form.js': { file: 'assets/form-1.js', css: ['assets/form-1.css'], imports: ['pages/Contact.tsx'] },
  'styles/fonts.css': { file: 'assets/fonts-1.css' },
}

/**
 * The stand-in server entry: calls the API for the site's name (and a second call on /both, a POST on /post, a
 * Request on /request), counts its renders, and pads the page with `?pad=`.
 */
const ENTRY = (marker: string) => `
export async function render(request, { fetch, origin }) {
  globalThis.__pageRenders = (globalThis.__pageRenders ?? 0) + 1
  const url = new URL(request.url)
  // /both calls the two one after the other, in turn in either order.
  if (url.pathname === '/both' && globalThis.__pageRenders % 2 === 1) await fetch(origin + '/api/services')
  // /french asks for the site in French (a header on the call).
  const calls = [fetch(origin + '/api/site', url.pathname === '/french' ? { headers: { 'accept-language': 'fr' } } : undefined)]
  if (url.pathname === '/both' && globalThis.__pageRenders % 2 === 0) await fetch(origin + '/api/services')
  // /late makes its second call a few turns of the event loop later.
  if (url.pathname === '/late') {
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r))
    await fetch(origin + '/api/services')
  }
  // /slow takes a few turns, and shows when its request was given up meanwhile.
  if (url.pathname === '/slow') for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r))
  const gaveUp = request.signal.aborted ? ' (given up)' : ''
  if (url.pathname === '/post') calls.push(fetch(origin + '/api/insights', { method: 'POST' }))
  if (url.pathname === '/request') calls.push(fetch(new Request(origin + '/api/services')))
  const [site] = await Promise.all(calls)
  const { name } = await site.json()
  const pad = '.'.repeat(Number(url.searchParams.get('pad') ?? 0))
  return {
    status: url.pathname === '/nope' ? 404 : Number(url.searchParams.get('status') ?? 200),
    appHtml: '<h1>' + name + '</h1><p>${marker} ' + url.pathname + url.search + gaveUp + '</p>' + pad,
    head: '<title>' + name + '</title>',
    hydrationJson: JSON.stringify({ name }),
    modules: url.pathname === '/contact' ? ['pages/Contact.tsx'] : [],
  }
}
`

let dir: string
let clientDir: string
let siteName: string
let servicesBody: string
/** API calls made by renders and by the kept pages' checks. */
let apiCalls: string[]
let app: Hono

const renders = () => (globalThis as { __pageRenders?: number }).__pageRenders ?? 0

function writeEntry(marker: string, mtime?: number) {
  const path = serverEntryPath(clientDir)
  writeFileSync(path, ENTRY(marker))
  if (mtime) utimesSync(path, mtime, mtime)
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'page-renderer-'))
  clientDir = join(dir, 'client')
  mkdirSync(join(clientDir, '.vite'), { recursive: true })
  mkdirSync(join(dir, 'server'))
  writeFileSync(join(clientDir, 'index.html'), TEMPLATE)
  writeFileSync(join(clientDir, '.vite/manifest.json'), JSON.stringify(MANIFEST))
  writeEntry('first', 1_700_000_000)
  siteName = 'Studio'
  servicesBody = '[]'
  apiCalls = []
  const renderer = createPageRenderer({
    clientDir,
    origin: ORIGIN,
    fetch: async (input, init) => {
      const url = input instanceof Request ? input.url : String(input)
      apiCalls.push(url)
      const french = new Headers(init?.headers).get('accept-language') === 'fr'
      const body = url.endsWith('/api/site') ? JSON.stringify({ name: french ? `${siteName} en français` : siteName }) : servicesBody
      return new Response(body, { headers: { 'content-type': 'application/json' } })
    },
  })
  app = new Hono()
  app.get('/dashboard', (c) => renderer.shell(c, 200) ?? c.text('no shell', 503))
  app.get('/dashboard/missing', (c) => renderer.shell(c, 404) ?? c.text('no shell', 503))
  app.get('*', async (c) => (await renderer.render(c)) ?? c.text('no build', 503))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const get = async (path: string, headers: Record<string, string> = {}) => {
  const before = renders()
  const res = await app.request(`${ORIGIN}${path}`, { headers })
  const body = Buffer.from(await res.arrayBuffer())
  return { res, body, html: body.toString(), rendered: renders() > before }
}
const sha1 = (body: Buffer) => `"${createHash('sha1').update(body).digest('base64url')}"`

describe('page renderer', () => {
  it('fills the template: its head tags replaced by the page head, stylesheets first, the app started after paint', async () => {
    const { res, html, body } = await get('/')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(res.headers.get('etag')).toBe(sha1(body))
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(html).toBe(`<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Studio</title>
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
    <link rel="stylesheet" href="/assets/fonts-1.css" media="print" data-after-paint>
    <meta name="theme-color" content="#fbf7f2" />
    <script type="module" src="/start-after-paint.js" data-preload="" data-entry="/assets/index-1.js"></script>
  </head>
  <body>
    <div id="root"><h1>Studio</h1><p>first /</p></div>
    <script type="application/json" id="page-data">{"name":"Studio"}</script>
  </body>
</html>
`)
  })

  it("lists a page's own chunks and stylesheets, not those the template already links", async () => {
    const { html } = await get('/contact')
    expect(html).toContain('data-preload="/assets/Contact-1.js /assets/react-1.js /assets/form-1.js" data-entry="/assets/index-1.js"')
    expect(html).toContain(
      '<link rel="stylesheet" href="/assets/fonts-1.css" media="print" data-after-paint>\n    <link rel="stylesheet" crossorigin href="/assets/Contact-1.css">\n    <link rel="stylesheet" crossorigin href="/assets/form-1.css">\n    <meta name="theme-color"',
    )
    expect(html.match(/index-1\.css/g)).toHaveLength(1)
    expect(html).not.toContain('modulepreload')
  })

  it('gzips a page from 1024 bytes for a client that takes gzip, with a weak ETag and Vary', async () => {
    const base = (await get('/sized?pad=0')).body.length
    for (const size of [1023, 1024]) {
      // The page shows its address (with the padding's digits) and the padding's dots.
      let path = ''
      let plain = await get('/sized?pad=0')
      for (let pad = size - base - 4; pad <= size - base && plain.body.length !== size; pad++) {
        path = `/sized?pad=${pad}`
        plain = await get(path)
      }
      expect(plain.body.length).toBe(size)
      const gz = await get(path, { 'accept-encoding': 'gzip, deflate' })
      const what = String(size)
      if (size === 1024) {
        expect(gz.res.headers.get('content-encoding'), what).toBe('gzip')
        expect(gz.res.headers.get('vary'), what).toBe('Accept-Encoding')
        expect(gz.res.headers.get('etag'), what).toBe(`W/${sha1(plain.body)}`)
        expect(gunzipSync(gz.body).equals(plain.body), what).toBe(true)
      } else {
        expect(gz.res.headers.get('content-encoding'), what).toBeNull()
        expect(gz.res.headers.get('etag'), what).toBe(sha1(plain.body))
        expect(gz.body.equals(plain.body), what).toBe(true)
      }
      expect(gz.res.headers.get('cache-control'), what).toBe('no-cache')
      expect(gz.res.headers.get('content-type'), what).toBe('text/html; charset=utf-8')
      const refused = await get(path, { 'accept-encoding': 'gzip;q=0' })
      expect(refused.res.headers.get('content-encoding'), what).toBeNull()
    }
  })

  it('sends a page that is not found with its status and no ETag', async () => {
    const { res, html } = await get('/nope')
    expect(res.status).toBe(404)
    expect(res.headers.get('etag')).toBeNull()
    expect(html).toContain('<p>first /nope</p>')
    const big = await get('/nope?pad=1200', { 'accept-encoding': 'gzip' })
    expect([big.res.status, big.res.headers.get('content-encoding'), big.res.headers.get('etag')]).toEqual([404, 'gzip', null])
  })

  it('sends an ETag with a 2xx page only: none on a 300', async () => {
    for (const [status, etag] of [
      [200, true],
      [203, true],
      [299, true],
      [300, false],
    ] as const) {
      const { res, body } = await get(`/status?status=${status}`)
      expect([res.status, res.headers.get('etag')], String(status)).toEqual([status, etag ? sha1(body) : null])
    }
  })

  it('never keeps the render of a request given up meanwhile (the page it made is not sent to others)', async () => {
    const controller = new AbortController()
    const given = app.request(`${ORIGIN}/slow`, { signal: controller.signal })
    controller.abort()
    expect(await (await given).text()).toContain('<p>first /slow (given up)</p>')
    for (let i = 0; i < 24; i++) expect((await get('/slow')).html, `render ${i}`).toContain('<p>first /slow</p>')
    for (let i = 0; i < 12; i++) {
      const kept = await get('/slow')
      expect([kept.rendered, kept.html.includes('<p>first /slow</p>')], `kept ${i}`).toEqual([false, true])
    }
  })

  it('keeps 24 renders of an address and sends them while its API calls answer the same', async () => {
    for (let i = 0; i < 24; i++) expect((await get('/contact')).rendered, `render ${i}`).toBe(true)
    const last = await get('/contact')
    expect(last.rendered).toBe(false)
    expect(last.html).toContain('<h1>Studio</h1>')
    // Another address, another query: rendered.
    expect((await get('/contact?ref=flyer')).rendered).toBe(true)
    // Without a read cache, each kept page's calls are made again to check them.
    apiCalls = []
    await get('/contact')
    expect(apiCalls).toEqual([`${ORIGIN}/api/site`])
    siteName = 'Renamed Studio'
    const changed = await get('/contact')
    expect(changed.rendered).toBe(true)
    expect(changed.html).toContain('<h1>Renamed Studio</h1>')
  })

  it('checks a kept page by making its calls again with their headers', async () => {
    for (let i = 0; i < 24; i++) expect((await get('/french')).rendered, `render ${i}`).toBe(true)
    const kept = await get('/french')
    expect([kept.rendered, kept.html.includes('<h1>Studio en français</h1>')]).toEqual([false, true])
  })

  it('keeps a page whose calls finish in either order', async () => {
    for (let i = 0; i < 24; i++) await get('/both')
    expect((await get('/both')).rendered).toBe(false)
  })

  it("notes every call of a page rendered alongside another, after the other's render ended", async () => {
    // "/" ends after one call; /late makes its second call after that. (On Node 22 a recording switched off while a
    // render is under way loses that render's later calls; Node 24 keeps them either way.)
    for (let i = 0; i < 24; i++) await Promise.all([get('/late'), get('/')])
    expect((await get('/late')).rendered).toBe(false)
    servicesBody = '[{"id":"bouquets"}]'
    expect((await get('/late')).rendered).toBe(true)
  })

  it('never keeps a page that posted or called with a Request', async () => {
    for (const path of ['/post', '/request']) {
      for (let i = 0; i < 26; i++) await get(path)
      expect((await get(path)).rendered, path).toBe(true)
    }
  })

  it('renders without a manifest: no fonts stylesheet, no page chunks listed', async () => {
    rmSync(join(clientDir, '.vite/manifest.json'))
    const { res, html } = await get('/contact')
    expect(res.status).toBe(200)
    expect(html).toContain(
      '<title>Studio</title>\n    <link rel="stylesheet" crossorigin href="/assets/index-1.css">\n    <meta name="theme-color"',
    )
    expect(html).toContain('data-preload="" data-entry="/assets/index-1.js"')
    expect(html).not.toContain('fonts-1.css')
    const shell = await get('/dashboard')
    expect(shell.html).toContain('</title>\n    <script')
    expect(shell.html).not.toContain('fonts-1.css')
    expect(shell.html).toContain('<meta name="robots" content="noindex">')
  })

  it('renders with a rebuilt entry on the next request, and answers nothing without a build', async () => {
    await get('/')
    writeEntry('second', 1_700_000_100)
    expect((await get('/')).html).toContain('<p>second /</p>')
    rmSync(serverEntryPath(clientDir))
    const none = await get('/')
    expect([none.res.status, none.html]).toEqual([503, 'no build'])
  })

  it('serves the dashboard shell: the template with the fonts linked and noindex, not for search engines', async () => {
    const { res, html } = await get('/dashboard')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(res.headers.get('x-robots-tag')).toBe('noindex')
    expect(html).toBe(
      TEMPLATE.replace(
        '</head>',
        '  <link rel="stylesheet" href="/assets/fonts-1.css">\n  <meta name="robots" content="noindex">\n  </head>',
      ),
    )
    expect((await get('/dashboard/missing')).res.status).toBe(404)
    // A rebuild without a fonts entry, then no build at all.
    writeFileSync(join(clientDir, '.vite/manifest.json'), '{}')
    writeFileSync(join(clientDir, 'index.html'), TEMPLATE.replace('Template title', 'Rebuilt'))
    utimesSync(join(clientDir, 'index.html'), 1_700_000_200, 1_700_000_200)
    const rebuilt = (await get('/dashboard')).html
    expect(rebuilt).toContain('<title>Rebuilt</title>')
    // Nothing in place of the fonts link: the template with noindex only.
    expect(rebuilt).toBe(
      TEMPLATE.replace('Template title', 'Rebuilt').replace('</head>', '  <meta name="robots" content="noindex">\n  </head>'),
    )
    rmSync(join(clientDir, 'index.html'))
    expect((await get('/dashboard')).html).toBe('no shell')
  })
})

describe('moduleAssets and fontsStylesheet', () => {
  it("gives a page's chunks (not the entry) and stylesheets once each, following imports, cycles included", () => {
    expect(moduleAssets(MANIFEST, ['pages/Contact.tsx'])).toEqual({
      scripts: ['/assets/Contact-1.js', '/assets/react-1.js', '/assets/form-1.js'],
      styles: ['/assets/Contact-1.css', '/assets/index-1.css', '/assets/form-1.css'],
    })
    expect(moduleAssets(MANIFEST, ['index.html'])).toEqual({ scripts: ['/assets/react-1.js'], styles: ['/assets/index-1.css'] })
    expect(moduleAssets(MANIFEST, ['pages/Missing.tsx'])).toEqual({ scripts: [], styles: [] })
    expect(moduleAssets(MANIFEST, [])).toEqual({ scripts: [], styles: [] })
  })

  it('names the fonts stylesheet when the build has one', () => {
    expect(fontsStylesheet(MANIFEST)).toBe('/assets/fonts-1.css')
    expect(fontsStylesheet({})).toBeUndefined()
  })
})
