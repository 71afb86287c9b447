// Rendered pages kept in memory: as fresh as the API they were rendered from, and the home page's picks still random.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../lib/config'
import { createTestApp, type TestApp } from '../testing/test-app'
import { serverEntryPath } from './page-renderer'

const CLIENT_DIR = process.env.CLIENT_DIR ?? join(PROJECT_ROOT, 'dist/client')
/** More than the renders a page keeps, so the later requests are answered from kept renders. */
const WARM = 30

const testimonials = Array.from({ length: 6 }, (_, i) => `- id: person-${i}\n  quote: Quote number ${i}.\n  author: Person ${i}\n`).join('')

let t: TestApp
beforeAll(async () => {
  if (!existsSync(serverEntryPath(CLIENT_DIR))) throw new Error('Server rendering tests need the build: run `npm run build` first')
  t = await createTestApp({ env: { CLIENT_DIR } })
  writeFileSync(join(t.root, 'content/testimonials.yaml'), testimonials)
  t.git('commit', '-qm', 'Six testimonials', '--', 'content/testimonials.yaml')
})
afterAll(() => t?.cleanup())

const html = async (path: string) => (await t.call('GET', path)).text()
const picks = (page: string) => [...page.matchAll(/Quote number (\d)\./g)].map((m) => m[1]).join(',')

describe('kept renders', () => {
  it('home still shows three testimonials picked at random, differing between requests', async () => {
    for (let i = 0; i < WARM; i++) await html('/')
    const seen = new Set<string>()
    for (let i = 0; i < 20; i++) {
      const page = await html('/')
      expect(new Set(picks(page).split(',')).size).toBe(3)
      seen.add(picks(page))
    }
    expect(seen.size).toBeGreaterThan(1)
  })

  it('an uncommitted hand edit of a content file shows on the next request', async () => {
    for (let i = 0; i < WARM; i++) await html('/')
    const file = join(t.root, 'content/services/bouquets.yaml')
    const original = readFileSync(file, 'utf8')
    writeFileSync(file, original.replace('title: Bouquets', 'title: Hand Made Bouquets'))
    expect(await html('/')).toContain('Hand Made Bouquets')
    writeFileSync(file, original.replace('visible: true', 'visible: false'))
    expect(await html('/')).not.toMatch(/Hand Made Bouquets|\/services\/bouquets"/)
    expect((await t.call('GET', '/services/bouquets')).status).toBe(404)
    writeFileSync(file, original)
    expect(await html('/')).toContain('/services/bouquets"')
  })

  it('a kept page answers 304 to its ETag and is gzipped like a fresh one', async () => {
    for (let i = 0; i < WARM; i++) await html('/delivery-installation')
    const res = await t.call('GET', '/delivery-installation', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/)
    const etag = res.headers.get('etag')!
    expect((await t.call('GET', '/delivery-installation', { headers: { 'If-None-Match': etag } })).status).toBe(304)
  })
})
