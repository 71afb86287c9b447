// GET /speculation-rules.json: lets Chrome fetch a public page while a visitor hovers or presses its link, so moving
// between the site's pages (each a page load) feels instant. Browsers without speculation rules ignore it.
import { Hono } from 'hono'
import type { AppEnv } from '../app'

export const SPECULATION_RULES_PATH = '/speculation-rules.json'

/** Same-site links, except the dashboard, the API and files; fetched (not run) on hover or press ("moderate"). */
export const SPECULATION_RULES = {
  prefetch: [
    {
      source: 'document',
      where: {
        and: [
          { href_matches: '/*' },
          { not: { href_matches: '/admin' } },
          { not: { href_matches: '/admin/*' } },
          { not: { href_matches: '/api/*' } },
          { not: { href_matches: '/uploads/*' } },
          { not: { href_matches: '/img/*' } },
        ],
      },
      eagerness: 'moderate',
    },
  ],
}

export function createSpeculationRoutes() {
  const body = JSON.stringify(SPECULATION_RULES)
  return new Hono<AppEnv>().get(SPECULATION_RULES_PATH, (c) =>
    c.body(body, 200, { 'Content-Type': 'application/speculationrules+json', 'Cache-Control': 'public, max-age=3600' }),
  )
}
