// Every management call checks the admin session on the server: a sweep over every route the app has, so a route
// added later without requireAdmin fails here. Public calls are listed by name; everything else must answer 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './testing/test-app'

/** Calls anyone may make (the spec's public API, the login itself, the public site's own reports). */
const PUBLIC = [
  /^GET \/api\/(site-settings|service-order|services|services\/:id|service-content\/:id|testimonials|delivery-installation-content|flodesk-segments|image-versions|faq|availability|pricing)$/,
  /^POST \/api\/(contact|subscribe|inquiry-photos|login|logout|collect|login\/passkey|login\/passkey\/options|login\/recovery)$/,
  /^GET \/api\/check-auth$/,
  // A client's quote link: the 128-bit token in the path is the credential (server/quotes/quotes.routes.test.ts).
  /^GET \/api\/quotes\/:token$/,
  /^POST \/api\/quotes\/:token\/(accept|checkout)$/,
  // Stripe's events: proven by their signature (server/quotes/stripe-payments.test.ts).
  /^POST \/api\/stripe\/webhook$/,
  // A push to the content remote: proven by GIT_WEBHOOK_SECRET, not a session (server/history/git-states.test.ts).
  /^POST \/api\/git\/webhook$/,
  /^GET \/api\/calendar\/[^ ]*\.ics$|^GET \/api\/calendar\/:[^ ]+$/,
]

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.cleanup())

/** Every concrete method + /api path the app routes, with params filled in. */
function managementRoutes(): { method: string; path: string; pattern: string }[] {
  const seen = new Set<string>()
  const routes: { method: string; path: string; pattern: string }[] = []
  for (const r of t.app.routes) {
    if (!r.path.startsWith('/api/') || r.path.includes('*') || r.method === 'ALL') continue
    const pattern = `${r.method} ${r.path}`
    if (seen.has(pattern) || PUBLIC.some((p) => p.test(pattern))) continue
    seen.add(pattern)
    routes.push({ method: r.method, path: r.path.replace(/:[A-Za-z]+(\{[^}]*\})?/g, 'x1'), pattern })
  }
  return routes
}

describe('management calls without a session', () => {
  it('the sweep sees the known management routes', () => {
    const patterns = managementRoutes().map((r) => r.pattern)
    for (const known of [
      'PUT /api/services/:id',
      'POST /api/admin/inquiries/:id/retry-mail',
      'PATCH /api/admin/inquiries/:id',
      'POST /api/admin/history/restore',
    ]) {
      expect(patterns).toContain(known)
    }
  })

  it('every one answers 401 and changes nothing', async () => {
    const head = t.git('rev-parse', 'HEAD').trim()
    const refused: string[] = []
    for (const { method, path, pattern } of managementRoutes()) {
      const res = await t.call(method, path, method === 'GET' || method === 'DELETE' ? {} : { json: {} })
      if (res.status !== 401) refused.push(`${pattern} answered ${res.status}`)
    }
    expect(refused).toEqual([])
    expect(t.git('rev-parse', 'HEAD').trim()).toBe(head)
    expect(t.git('status', '--porcelain').trim()).toBe('')
  })
})
