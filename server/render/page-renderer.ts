// Server rendering of the public pages: the built renderer (dist/server) fills the built index.html per request.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Context } from 'hono'
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

export function createPageRenderer(options: { clientDir: string; origin: string; fetch: RenderOptions['fetch'] }): PageRenderer {
  const { clientDir, origin } = options
  const entryPath = serverEntryPath(clientDir)
  let loaded: { mtimeMs: number; entry: Promise<ServerEntry>; template: string; styles: string[]; manifest: Manifest } | null = null

  /** Reloaded after a rebuild, so `npm run build` beside a running server takes effect. */
  function current() {
    if (!existsSync(entryPath)) return null
    const mtimeMs = statSync(entryPath).mtimeMs
    if (!loaded || loaded.mtimeMs !== mtimeMs) {
      // The entry's stylesheet moves up beside the page's own head tags, ahead of the scripts: on a phone's few
      // connections the render-blocking CSS must not queue behind JavaScript that is only needed for hydration.
      const styles: string[] = []
      // The app's JavaScript (~115 KB gzip) starts after the load event and first paint (web/public/start-after-paint.js):
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

  /** The page's tags go first in <head>, so the hero preload is requested before the scripts the template lists. */
  function page(template: string, head: string, body: string): string {
    return template.replace(/(<meta name="viewport"[^>]*>)/, `$1\n    ${head}`).replace('<div id="root"></div>', body)
  }

  return {
    async render(c) {
      const build = current()
      if (!build) return null
      const url = new URL(c.req.url)
      const request = new Request(`${origin}${url.pathname}${url.search}`, { signal: c.req.raw.signal })
      const result = await (await build.entry).render(request, { fetch: options.fetch, origin })
      if (result.kind === 'redirect') return c.redirect(result.location, result.status as 302)
      const { scripts, styles } = moduleAssets(build.manifest, result.modules)
      const pageChunks = new Set(result.modules.map((m) => `/${build.manifest[m]?.file}`))
      // The template already links the entry's own chunks and styles.
      const fresh = (href: string) => !build.template.includes(`"${href}"`) && !build.styles.some((tag) => tag.includes(`"${href}"`))
      const head = [
        result.head,
        ...build.styles,
        ...styles.filter(fresh).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
        // Only the page's own chunk: its imports (the entry's chunks, form schemas) load with the app after first paint.
        ...scripts.filter((href) => fresh(href) && pageChunks.has(href)).map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
      ].join('\n    ')
      const body = `<div id="root">${result.appHtml}</div>\n    <script type="application/json" id="router-data">${result.hydrationJson}</script>`
      return c.body(page(build.template, head, body), result.status as 200, { 'Content-Type': HTML, 'Cache-Control': 'no-cache' })
    },
    shell(c, status) {
      const path = join(clientDir, 'index.html')
      if (!existsSync(path)) return null
      const manifestPath = join(clientDir, '.vite/manifest.json')
      const fonts = existsSync(manifestPath) ? fontsStylesheet(JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest) : undefined
      const fontsLink = fonts ? `  <link rel="stylesheet" href="${fonts}">\n` : ''
      const html = readFileSync(path, 'utf8').replace('</head>', `${fontsLink}  <meta name="robots" content="noindex">\n  </head>`)
      return c.body(html, status, { 'Content-Type': HTML, 'Cache-Control': 'no-cache', 'X-Robots-Tag': 'noindex' })
    },
  }
}
