// Serves the built web app (dist/client): files by exact path, client routes get index.html, others its 404 page.
import { readFile, stat } from 'node:fs/promises'
import { extname, join, relative, isAbsolute } from 'node:path'
import { Hono, type Context } from 'hono'
import { decodePath } from './security'

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

/** Which paths are pages of the app; the rest get the app's not-found page with status 404. */
export type ClientRouteCheck = (path: string) => Promise<boolean> | boolean

const STATIC_ROUTES = /^\/(about|contact|delivery-installation|thank-you|privacy|faq)?\/?$|^\/services\/[^/]+\/?$|^\/admin(\/.*)?$|^\/quote\/[A-Za-z0-9_-]{22}\/?$/

/** A page address: one of the routes above, and decodable (`/services/%ZZ` is no page: 404, never a URIError). */
export const isClientRoute: ClientRouteCheck = (path) => STATIC_ROUTES.test(path) && decodePath(path) !== null

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

export function createStaticRoutes(clientDir: string, isRoute: ClientRouteCheck = isClientRoute, pages?: PageRendering) {
  async function appPage(c: Context, status: 200 | 404) {
    if (pages) {
      // The dashboard and a client's quote (personal: never kept anywhere, never indexed) are client-only apps; every
      // other page is rendered with its content (404s included).
      const quote = /^\/quote\//.test(c.req.path)
      const rendered = quote ? pages.shell(c, status, 'no-store') : /^\/admin(\/|$)/.test(c.req.path) ? pages.shell(c, status) : await pages.render(c)
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
    return appPage(c, (await isRoute(path)) ? 200 : 404)
  })
}
