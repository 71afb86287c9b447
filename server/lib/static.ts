// Serves the built web app (dist/client): files by exact path, client routes get index.html, others its 404 page.
import { readFile, stat } from 'node:fs/promises'
import { extname, join, relative, isAbsolute } from 'node:path'
import { Hono, type Context } from 'hono'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.avif': 'image/avif',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
}

/** The app's pages, declared by the app (server/app-pages.ts): this module names none. */
export interface PageRoutes {
  /** Whether the path is a page of the app now; the rest get the app's not-found page with status 404. */
  isPage: (path: string) => Promise<boolean> | boolean
  /** For a client-only page (never rendered on the server): the Cache-Control its shell is sent with; else null. */
  shellOnly: (path: string) => string | null
}

async function readIfFile(path: string): Promise<Uint8Array<ArrayBuffer> | null> {
  try {
    return (await stat(path)).isFile() ? ((await readFile(path)) as Uint8Array<ArrayBuffer>) : null
  } catch {
    return null
  }
}

/** Server rendering of the public pages (server/render/page-renderer.ts); without it every page gets index.html. */
export interface PageRendering {
  render: (c: Context) => Promise<Response | null>
  shell: (c: Context, status: 200 | 404, cacheControl?: string) => Response | null
}

export function createStaticRoutes(clientDir: string, routes: PageRoutes, pages?: PageRendering) {
  async function appPage(c: Context, status: 200 | 404) {
    if (pages) {
      // Client-only apps get the shell; every other page is rendered with its content (404s included).
      const shell = routes.shellOnly(c.req.path)
      const rendered = shell !== null ? pages.shell(c, status, shell) : await pages.render(c)
      if (rendered) return rendered
    }
    const html = await readIfFile(join(clientDir, 'index.html'))
    if (!html) return c.text('The web app is not built yet: run `npm run build`.', status === 200 ? 503 : 404)
    return c.body(html, status, { 'Content-Type': CONTENT_TYPES['.html'], 'Cache-Control': 'no-cache' })
  }

  return new Hono().get('*', async (c) => {
    const path = c.req.path
    if (path === '/api' || path.startsWith('/api/') || path.startsWith('/uploads/')) return c.json({ error: 'Not found' }, 404)
    const full = join(clientDir, path)
    const rel = relative(clientDir, full)
    const inside = !rel.startsWith('..') && !isAbsolute(rel)
    const file = inside && rel !== '' && rel !== 'index.html' ? await readIfFile(full) : null
    if (file) {
      const immutable = path.startsWith('/assets/')
      return c.body(file, 200, {
        'Content-Type': CONTENT_TYPES[extname(full).toLowerCase()] ?? 'application/octet-stream',
        'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      })
    }
    // A missing script or stylesheet must not be answered with HTML.
    if (path.startsWith('/assets/')) return c.text('Not found', 404)
    return appPage(c, (await routes.isPage(path)) ? 200 : 404)
  })
}
