// Server rendering of the public pages: the built renderer (dist/server) fills the built index.html per request.
import { AsyncLocalStorage } from 'node:async_hooks'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import type { Context } from 'hono'
import { acceptsGzip, type KeptAnswer } from '../cache/kept-answer'
import { answerOf, KeptPages, type PageCall } from '../cache/kept-pages'
import type { PublicReadCache } from '../cache/read-cache'
import type { RenderOptions, RenderResult } from '../../web/entry-server'

interface ServerEntry {
  render: (request: Request, options: RenderOptions) => Promise<RenderResult>
}

type Manifest = Record<string, { file: string; css?: string[]; imports?: string[]; assets?: string[]; isEntry?: boolean }>

export interface PageRenderer {
  /** A public page rendered with its content, or null when the server build is missing (the plain shell is served). */
  render: (c: Context) => Promise<Response | null>
  /** The client-only shell (the dashboard): not for search engines. */
  shell: (c: Context, status: 200 | 404) => Response | null
}

const HTML = 'text/html; charset=utf-8'

/** Tags the rendered head replaces. */
const TEMPLATE_HEAD_TAGS = /\s*<title>[^<]*<\/title>|\s*<meta (?:name="description"|property="og:[^"]*")[^>]*>/g

export function serverEntryPath(clientDir: string): string {
  return resolve(clientDir, '../server/entry-server.js')
}

/** The chunks and stylesheets a lazy page needs, from Vite's manifest, so they load with the HTML instead of after it. */
export function moduleAssets(manifest: Manifest, modules: string[]): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>()
  const styles = new Set<string>()
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) return
    if (!chunk.isEntry) scripts.add(`/${chunk.file}`)
    for (const css of chunk.css ?? []) styles.add(`/${css}`)
    for (const dep of chunk.imports ?? []) visit(dep)
  }
  modules.forEach(visit)
  return { scripts: [...scripts], styles: [...styles] }
}

/** The web fonts' stylesheet (web/styles/fonts.css, its own build entry), when built. */
export function fontsStylesheet(manifest: Manifest): string | undefined {
  const file = manifest['styles/fonts.css']?.file
  return file ? `/${file}` : undefined
}

export interface PageRendererOptions {
  clientDir: string
  origin: string
  fetch: RenderOptions['fetch']
  /**
   * The public read cache: its content generation (content/ and uploads/) tells whether kept pages may still be
   * served without repeating their API calls, and its Node-level shortcut serves them. Without it, every request
   * repeats the calls (once per turn of the event loop).
   */
  readCache?: PublicReadCache
}

export function createPageRenderer(options: PageRendererOptions): PageRenderer {
  const { clientDir, origin } = options
  const readCache = options.readCache
  const entryPath = serverEntryPath(clientDir)
  let loaded: { mtimeMs: number; entry: Promise<ServerEntry>; template: string; styles: string[]; manifest: Manifest } | null = null
  const kept = new KeptPages({ origin, fetch: options.fetch, entryPath, readCache })
  readCache?.servePages(kept.answers)
  const recording = new AsyncLocalStorage<{ calls: PageCall[]; keep: boolean }>()
  /** One function for every render (the renderer configures its API client once); each render's calls are noted. */
  const fetchAndNote: RenderOptions['fetch'] = async (input, init) => {
    const res = await options.fetch(input, init)
    const notes = recording.getStore()
    if (notes) {
      const url = input instanceof Request ? input.url : String(input)
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
      // A call that cannot be repeated as it was (not a plain GET) means the page is not kept.
      if (method !== 'GET' || input instanceof Request) notes.keep = false
      else notes.calls.push({ url, init: { method, headers: init?.headers }, answer: await answerOf(res) })
    }
    return res
  }

  /**
   * Runs a render with its calls noted. While an AsyncLocalStorage is in use, Node runs a hook on every promise the
   * process makes, about a tenth of a kept page's cost (React's Node build keeps one on as well, hence its web-streams
   * build here; the two together cost a fifth): so it is switched off again once no render is under way (the
   * kept pages are served without any render).
   */
  let rendering = 0
  async function noting<T>(notes: { calls: PageCall[]; keep: boolean }, render: () => Promise<T>): Promise<T> {
    rendering++
    try {
      return await recording.run(notes, render)
    } finally {
      if (--rendering === 0) recording.disable()
    }
  }

  /** Reloaded after a rebuild, so `npm run build` beside a running server takes effect. */
  function current() {
    if (!existsSync(entryPath)) return null
    const mtimeMs = statSync(entryPath).mtimeMs
    if (!loaded || loaded.mtimeMs !== mtimeMs) {
      // The entry's stylesheet moves up beside the page's own head tags, ahead of the scripts: on a phone's few
      // connections the render-blocking CSS must not queue behind JavaScript that is only needed for hydration.
      const styles: string[] = []
      // The app's JavaScript (75-90 KB gzip) starts after the load event and first paint (web/public/start-after-paint.js):
      // on a slow phone link it would otherwise share the bandwidth with the stylesheet and hero image. The web fonts
      // wait too: that script switches their stylesheet on.
      const template = readFileSync(join(clientDir, 'index.html'), 'utf8')
        .replace(TEMPLATE_HEAD_TAGS, '')
        .replace(/\s*<link rel="stylesheet"[^>]*>/g, (tag) => {
          styles.push(tag.trim())
          return ''
        })
        .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
        .replace(
          /<script type="module" crossorigin src="([^"]+)"><\/script>/,
          '<script type="module" src="/start-after-paint.js" data-entry="$1"></script>',
        )
      const manifestPath = join(clientDir, '.vite/manifest.json')
      const manifest = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest) : {}
      const fonts = fontsStylesheet(manifest)
      // media="print" until start-after-paint.js switches it on: fetched early, used (and its fonts fetched) after paint.
      if (fonts) styles.push(`<link rel="stylesheet" href="${fonts}" media="print" data-after-paint>`)
      const entry = import(`${pathToFileURL(entryPath).href}?v=${mtimeMs}`) as Promise<ServerEntry>
      loaded = { mtimeMs, entry, template, styles, manifest }
    }
    return loaded
  }

  let shellCache: { mtimeMs: number; html: string } | null = null
  /** The dashboard's page: the built index.html with the fonts linked plainly; read again after a rebuild. */
  function shellHtml(): string | null {
    const path = join(clientDir, 'index.html')
    const mtimeMs = statSync(path, { throwIfNoEntry: false })?.mtimeMs
    if (mtimeMs === undefined) return null
    if (shellCache?.mtimeMs !== mtimeMs) {
      const manifestPath = join(clientDir, '.vite/manifest.json')
      const fonts = existsSync(manifestPath) ? fontsStylesheet(JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest) : undefined
      const fontsLink = fonts ? `  <link rel="stylesheet" href="${fonts}">\n` : ''
      const html = readFileSync(path, 'utf8').replace('</head>', `${fontsLink}  <meta name="robots" content="noindex">\n  </head>`)
      shellCache = { mtimeMs, html }
    }
    return shellCache.html
  }

  /** Like the compression and validators middleware would answer (they leave a set Content-Encoding and ETag be). */
  function send(c: Context, v: KeptAnswer): Response {
    const headers: Record<string, string> = { 'Content-Type': HTML, 'Cache-Control': 'no-cache' }
    const ok = v.status >= 200 && v.status < 300
    if (v.body.length >= 1024 && acceptsGzip(c.req.header('accept-encoding'))) {
      return c.body(v.gzip, v.status as 200, {
        ...headers,
        'Content-Encoding': 'gzip',
        Vary: 'Accept-Encoding',
        ...(ok ? { ETag: `W/${v.etag}` } : {}),
      })
    }
    return c.body(v.body, v.status as 200, { ...headers, ...(ok ? { ETag: v.etag } : {}) })
  }

  /** The page's tags go first in <head>, so the hero preload is requested before the scripts the template lists. */
  function pageHtml(template: string, head: string, body: string): string {
    return template.replace(/(<meta name="viewport"[^>]*>)/, `$1\n    ${head}`).replace('<div id="root"></div>', body)
  }

  return {
    async render(c) {
      const build = current()
      if (!build) return null
      const url = new URL(c.req.url)
      const key = `${url.pathname}${url.search}`
      const year = new Date().getFullYear()
      // Taken before any answer is read or confirmed, so a change made meanwhile moves it past the pool's.
      const fromSocket = (c.env as { incoming?: unknown } | undefined)?.incoming !== undefined
      // content/, uploads/ and the schedule's state (server/cache/read-cache.ts): kept pages are valid while it holds.
      const now = readCache ? await readCache.pageStamp(fromSocket) : ''
      const page = { url: key, build: build.mtimeMs, year, now }
      const found = await kept.lookup(page)
      if (found.hit) return send(c, found.hit)
      const request = new Request(`${origin}${url.pathname}${url.search}`, { signal: c.req.raw.signal })
      const notes = { calls: [] as PageCall[], keep: true }
      const result = await noting(notes, async () => (await build.entry).render(request, { fetch: fetchAndNote, origin }))
      // Calls made in parallel are noted as they finish; in URL order, two renders' calls compare one to one.
      const dependencies = notes.calls.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0))
      const { scripts, styles } = moduleAssets(build.manifest, result.modules)
      // The head already links the entry's styles (moved out of the template); the entry chunk is not in `scripts`.
      const fresh = (href: string) => !build.styles.some((tag) => tag.includes(`"${href}"`))
      const head = [
        result.head,
        ...build.styles,
        ...styles.filter(fresh).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
      ].join('\n    ')
      const body = `<div id="root">${result.appHtml}</div>\n    <script type="application/json" id="page-data">${result.hydrationJson}</script>`
      // The page's chunks are fetched beside the entry when the app starts (after first paint), not one after the other.
      const template = build.template.replace(' data-entry=', ` data-preload="${scripts.filter(fresh).join(' ')}" data-entry=`)
      // Buffers, as node:http writes them (see PublicReadCache.middleware).
      const html = Buffer.from(pageHtml(template, head, body))
      const variant: KeptAnswer = {
        status: result.status,
        body: html,
        gzip: gzipSync(html),
        etag: `"${createHash('sha1').update(html).digest('base64url')}"`,
      }
      if (notes.keep && !c.req.raw.signal.aborted) kept.keep(page, found.pool, dependencies, variant)
      return send(c, variant)
    },
    shell(c, status, cacheControl = 'no-cache') {
      const html = shellHtml()
      if (html === null) return null
      return c.body(html, status, { 'Content-Type': HTML, 'Cache-Control': cacheControl, 'X-Robots-Tag': 'noindex' })
    },
  }
}
