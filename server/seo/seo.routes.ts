// GET /robots.txt and /sitemap.xml: the public pages and the services shown now (visible, inside their window), each dated by its content's last commit.
import { stat } from 'node:fs/promises'
import { Hono } from 'hono'
import type { AppEnv } from '../auth/auth.middleware'
import { clockNow } from '../lib/clock'
import type { ContentDeps } from '../lib/content-deps'
import { gitHeadStamp } from '../lib/git-head'
import { DELIVERY_FILE } from '../delivery/delivery.store'
import { FAQ_FILE } from '../faq/faq.store'
import { isPublicService } from '../services/services.schema'
import { listServices, SERVICE_ORDER_FILE, SERVICES_DIR, servicePath } from '../services/services.store'
import { readSiteSettings, SITE_FILE } from '../site/site.store'
import { TESTIMONIALS_FILE } from '../testimonials/testimonials.store'

interface SitemapEntry {
  path: string
  /** Content files the page shows; its lastmod is the newest commit touching any of them. */
  files: string[]
}

/** The text of an XML element or attribute. */
export const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export function createSeoRoutes({ config, store, repo }: ContentDeps) {
  const origin = config.publicOrigin
  let cached: { key: string; xml: string } | null = null

  /** ISO date of the last commit touching the files; the newest file time when none is committed yet. */
  async function lastModified(files: string[]): Promise<string> {
    const log = await repo.git.raw(['log', '-1', '--format=%cI', '--', ...files]).catch(() => '')
    if (log.trim()) return log.trim()
    const times = await Promise.all(
      files.map((f) =>
        stat(store.path(f)).then(
          (s) => s.mtimeMs,
          () => 0,
        ),
      ),
    )
    return new Date(Math.max(...times, 0) || Date.now()).toISOString()
  }

  async function entries(): Promise<SitemapEntry[]> {
    const settings = await readSiteSettings(store)
    const services = settings.features.servicesEnabled ? (await listServices(store)).filter((s) => isPublicService(s, clockNow())) : []
    const list: SitemapEntry[] = [
      { path: '/', files: [SITE_FILE, SERVICES_DIR, SERVICE_ORDER_FILE, TESTIMONIALS_FILE] },
      ...services.map((s) => ({ path: `/services/${s.id}`, files: [servicePath(s.id)] })),
      { path: '/delivery-installation', files: [DELIVERY_FILE] },
      { path: '/contact', files: [SITE_FILE] },
      { path: '/faq', files: [FAQ_FILE] },
    ]
    if (settings.features.aboutEnabled) list.push({ path: '/about', files: [SITE_FILE] })
    return list
  }

  async function sitemap(list: SitemapEntry[]): Promise<string> {
    const urls = await Promise.all(
      list.map(
        async (e) =>
          `  <url>\n    <loc>${escapeXml(`${origin}${e.path}`)}</loc>\n    <lastmod>${await lastModified(e.files)}</lastmod>\n  </url>`,
      ),
    )
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
  }

  return new Hono<AppEnv>()
    .get('/robots.txt', (c) =>
      c.text(`User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`, 200, {
        'Cache-Control': 'public, max-age=3600',
      }),
    )
    .get('/sitemap.xml', async (c) => {
      // Rebuilt when HEAD moves, a content file changes without a commit, or a scheduled service appears or leaves
      // (all change what the sitemap says).
      const list = await entries()
      const key = `${await gitHeadStamp(store.root)}|${(
        await Promise.all(
          [SITE_FILE, SERVICES_DIR, FAQ_FILE].map((f) =>
            stat(store.path(f)).then(
              (s) => s.mtimeMs,
              () => 0,
            ),
          ),
        )
      ).join(',')}|${list.map((e) => e.path).join(',')}`
      if (cached?.key !== key) cached = { key, xml: await sitemap(list) }
      return c.body(cached.xml, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'no-cache' })
    })
}
