// Server rendering of the public pages: the built renderer (dist/server) fills the built index.html per request.
import { AsyncLocalStorage } from 'node:async_hooks'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import type { Context } from 'hono'
import { acceptsGzip, type KeptAnswers } from '../cache/kept-answer'
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

const sameCalls = (a: Dependency[], b: Dependency[]) =>
  a.length === b.length && a.every((d, i) => d.url === b[i].url && d.answer === b[i].answer)

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

/** One API call a render made, and what it answered (status and ETag, or a hash of the body). */
interface Dependency {
  url: string
  init: { method: string; headers?: HeadersInit }
  answer: string
}

interface Variant {
  status: number
  body: Uint8Array<ArrayBuffer>
  gzip: Uint8Array<ArrayBuffer>
  etag: string
}

/**
 * Rendered pages of one URL, valid while every API call their renders made still answers the same (so a change made
 * with plain git, a hidden service or a new image shows on the next request, as the API shows it) and the build and
 * the year (the footer's copyright) are the same. Up to RENDERS_PER_POOL renders are kept, distinct ones only: the
 * home page picks its testimonials at random, so a visitor gets one of those picks, chosen at random per request.
 *
 * When every call was a read whose answer depends on nothing but the files under content/ and uploads/
 * (`contentOnly`), the pool also holds the content generation (server/cache/content-generation.ts) taken before those
 * answers were read or last confirmed: while the generation has not moved, the answers cannot have changed, and the
 * calls are not made again. When it moved, the calls are repeated once, and the pool stays if they answer the same.
 */
interface Pool {
  build: number
  year: number
  dependencies: Dependency[]
  variants: Variant[]
  renders: number
  contentOnly: boolean
  generation: string
  check?: { at: number; valid: Promise<boolean> }
}

/** One of a pool's kept variants, at random (the home page's testimonials differ between them). */
const anyVariant = (pool: Pool): Variant => pool.variants[Math.floor(Math.random() * pool.variants.length)]

const RENDERS_PER_POOL = 24
const MAX_POOLS = 200
/** How stale the shortcut's view of the server build may be: a rebuild beside a running server shows within this. */
const BUILD_RECHECK_MS = 1000

/** Request targets the Node-level shortcut may answer with a kept page: plain paths (the form pools are keyed by). */
const PLAIN_PAGE_URL = /^(?!.*\/\/)\/(?!(api|uploads|img|assets)([/?]|$))[A-Za-z0-9_\-/]*(\?[A-Za-z0-9_\-.~=&%+]+)?$/

async function answerOf(res: Response): Promise<string> {
  const etag = res.headers.get('etag')
  if (etag) return `${res.status} ${etag}`
  const body = new Uint8Array(await res.clone().arrayBuffer())
  return `${res.status} #${createHash('sha1').update(body).digest('base64url')}`
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
  const pools = new Map<string, Pool>()
  const recording = new AsyncLocalStorage<{ calls: Dependency[]; keep: boolean }>()
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
  async function noting<T>(notes: { calls: Dependency[]; keep: boolean }, render: () => Promise<T>): Promise<T> {
    rendering++
    try {
      return await recording.run(notes, render)
    } finally {
      if (--rendering === 0) recording.disable()
    }
  }

  /** Whether every call the pool's renders made answers the same now; one check serves the requests of one turn. */
  async function stillValid(pool: Pool): Promise<boolean> {
    const arrived = performance.now()
    await new Promise<void>((resolve) => setImmediate(resolve))
    if (!pool.check || pool.check.at < arrived) {
      const valid = Promise.all(
        pool.dependencies.map(async (d) => (await answerOf(await options.fetch(d.url, d.init))) === d.answer),
      ).then((same) => same.every(Boolean), () => false)
      pool.check = { at: performance.now(), valid }
    }
    return pool.check.valid
  }

  let buildSeen = { at: -Infinity, mtimeMs: undefined as number | undefined, year: 0 }
  /** The server build's stamp for the shortcut, and the year: looked at once per BUILD_RECHECK_MS at most. */
  function buildSeenNow() {
    const now = performance.now()
    if (now - buildSeen.at >= BUILD_RECHECK_MS) {
      buildSeen = { at: now, mtimeMs: statSync(entryPath, { throwIfNoEntry: false })?.mtimeMs, year: new Date().getFullYear() }
    }
    return buildSeen
  }
  const buildStamp = () => buildSeenNow().mtimeMs
  const currentYear = () => buildSeenNow().year

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
        .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, '<script type="module" src="/start-after-paint.js" data-entry="$1"></script>')
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
  function send(c: Context, v: Variant): Response {
    const headers: Record<string, string> = { 'Content-Type': HTML, 'Cache-Control': 'no-cache' }
    const ok = v.status >= 200 && v.status < 300
    if (v.body.length >= 1024 && acceptsGzip(c.req.header('accept-encoding'))) {
      return c.body(v.gzip, v.status as 200, { ...headers, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding', ...(ok ? { ETag: `W/${v.etag}` } : {}) })
    }
    return c.body(v.body, v.status as 200, { ...headers, ...(ok ? { ETag: v.etag } : {}) })
  }

  /** The page's tags go first in <head>, so the hero preload is requested before the scripts the template lists. */
  function page(template: string, head: string, body: string): string {
    return template.replace(/(<meta name="viewport"[^>]*>)/, `$1\n    ${head}`).replace('<div id="root"></div>', body)
  }

  /** A URL's pool when the shortcut may answer from it, before the content check. */
  function keptPool(url: string): Pool | null {
    const pool = pools.get(url)
    if (!pool?.contentOnly || pool.renders < RENDERS_PER_POOL || !readCache) return null
    return pool.build === buildStamp() && pool.year === currentYear() ? pool : null
  }

  function pickIfCurrent(url: string, pool: Pool, now: string): Variant | null {
    return pools.get(url) === pool && pool.generation === now ? anyVariant(pool) : null
  }

  /** Kept pages for the Node-level shortcut: the same checks as `render`, without its API calls or the chain. */
  const kept: KeptAnswers = {
    serves: (url) => PLAIN_PAGE_URL.test(url),
    async answer(url) {
      const pool = keptPool(url)
      if (!pool) return null
      const now = await readCache!.pageStamp(true)
      return pickIfCurrent(url, pool, now)
    },
    answerInCheckPhase(url) {
      const pool = keptPool(url)
      if (!pool) return null
      const now = readCache!.pageStampInCheckPhase()
      return now === undefined ? undefined : pickIfCurrent(url, pool, now)
    },
    isKept(url, etag) {
      const pool = pools.get(url)
      return Boolean(pool?.contentOnly && pool.variants.some((v) => v.status === 200 && (etag === v.etag || etag === `W/${v.etag}`)))
    },
  }
  options.readCache?.servePages(kept)

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
      let pool = pools.get(key)
      if (pool && (pool.build !== build.mtimeMs || pool.year !== year)) pool = undefined
      if (pool && (!pool.contentOnly || pool.generation !== now)) {
        if (await stillValid(pool)) pool.generation = now
        else pool = undefined
      }
      if (pool && pool.renders >= RENDERS_PER_POOL) {
        return send(c, anyVariant(pool))
      }
      const request = new Request(`${origin}${url.pathname}${url.search}`, { signal: c.req.raw.signal })
      const notes = { calls: [] as Dependency[], keep: true }
      const result = await noting(notes, async () => (await build.entry).render(request, { fetch: fetchAndNote, origin }))
      // Calls made in parallel are noted as they finish; in URL order, two renders' calls compare one to one.
      const dependencies = notes.calls.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0))
      const { scripts, styles } = moduleAssets(build.manifest, result.modules)
      // The template already links the entry's own chunks and styles.
      const fresh = (href: string) => !build.template.includes(`"${href}"`) && !build.styles.some((tag) => tag.includes(`"${href}"`))
      const head = [
        result.head,
        ...build.styles,
        ...styles.filter(fresh).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
      ].join('\n    ')
      const body = `<div id="root">${result.appHtml}</div>\n    <script type="application/json" id="page-data">${result.hydrationJson}</script>`
      // The page's chunks are fetched beside the entry when the app starts (after first paint), not one after the other.
      const template = build.template.replace(' data-entry=', ` data-preload="${scripts.filter(fresh).join(' ')}" data-entry=`)
      // Buffers, as node:http writes them (see PublicReadCache.middleware).
      const html = Buffer.from(page(template, head, body))
      const variant: Variant = {
        status: result.status,
        body: html,
        gzip: gzipSync(html),
        etag: `"${createHash('sha1').update(html).digest('base64url')}"`,
      }
      if (notes.keep && !c.req.raw.signal.aborted) {
        const same = pool && sameCalls(pool.dependencies, dependencies)
        if (!same) {
          if (pools.size >= MAX_POOLS) pools.clear()
          const contentOnly = Boolean(readCache) && dependencies.every((d) => {
            const url = new URL(d.url, origin)
            return url.origin === new URL(origin).origin && url.search === '' && readCache!.isContentRead(url.pathname)
          })
          pool = { build: build.mtimeMs, year, dependencies, variants: [], renders: 0, contentOnly, generation: now }
          pools.set(key, pool)
        }
        pool!.renders++
        if (!pool!.variants.some((v) => v.etag === variant.etag)) pool!.variants.push(variant)
      }
      return send(c, variant)
    },
    shell(c, status, cacheControl = 'no-cache') {
      const html = shellHtml()
      if (html === null) return null
      return c.body(html, status, { 'Content-Type': HTML, 'Cache-Control': cacheControl, 'X-Robots-Tag': 'noindex' })
    },
  }
}
