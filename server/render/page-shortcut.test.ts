// Kept pages served by the Node-level shortcut (PublicReadCache.listener): the same answers as the full chain, as fresh
// as the content (plain git, hand edits, uploads, flags), random testimonials still random, sessions through the chain.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, request, type IncomingMessage, type RequestListener, type ServerOptions, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { serve, type ServerType } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { PROJECT_ROOT } from '../lib/config'
import { PublicReadCache } from '../cache/read-cache'
import { createTestApp, makeJpeg, type TestApp } from '../testing/test-app'
import { serverEntryPath } from './page-renderer'

const CLIENT_DIR = process.env.CLIENT_DIR ?? join(PROJECT_ROOT, 'dist/client')
/** More than the renders a page keeps (24), so the later requests are answered from kept renders. */
const WARM = 30

const testimonials = Array.from({ length: 6 }, (_, i) => `- id: person-${i}\n  quote: Quote number ${i}.\n  author: Person ${i}\n`).join('')

let t: TestApp
let server: ServerType
let url: string
/** Requests that reached Hono (the full chain); the others were answered by the shortcut. */
let chainCount = 0

beforeAll(async () => {
  if (!existsSync(serverEntryPath(CLIENT_DIR))) throw new Error('Server rendering tests need the build: run `npm run build` first')
  // With a CDN lifetime, a signed-in owner's answer differs from a visitor's (private), which the bypass test needs.
  t = await createTestApp({ env: { CLIENT_DIR, PUBLIC_CACHE_SECONDS: '60' } })
  writeFileSync(join(t.root, 'content/testimonials.yaml'), testimonials)
  t.git('commit', '-qm', 'Six testimonials', '--', 'content/testimonials.yaml')
  const cache = new PublicReadCache(t.config.contentRoot, t.deps.readCache.reads)
  const app = createApp({ ...t.deps, readCache: cache })
  const cookieName = t.deps.auth.cookieName
  server = await new Promise<ServerType>((res) => {
    const s = serve(
      {
        fetch: cache.recording(app.fetch, cookieName),
        port: 0,
        hostname: '127.0.0.1',
        createServer: ((o: ServerOptions, hono: RequestListener) => {
          const counted = (req: IncomingMessage, res: ServerResponse) => {
            chainCount++
            return hono(req, res)
          }
          return createServer(o, cache.listener(counted, cookieName))
        }) as typeof createServer,
      },
      () => res(s),
    )
  })
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((r) => server?.close(r))
  await t?.cleanup()
})

interface Answer {
  status: number
  body: Buffer
  /** Headers but Date, sorted by name (fetch's order). */
  head: [string, string][]
  viaChain: boolean
}

// fetch would decompress a gzip body; node:http gives the bytes as sent.
const get = async (path: string, headers: Record<string, string> = {}): Promise<Answer> => {
  const before = chainCount
  const res = await fetch(`${url}${path}`, { headers: { 'accept-encoding': 'identity', ...headers } })
  const body = Buffer.from(await res.arrayBuffer())
  return { status: res.status, body, head: [...res.headers].filter(([name]) => name !== 'date'), viaChain: chainCount > before }
}
const raw = (path: string, headers: Record<string, string> = {}) =>
  new Promise<Answer>((resolve, reject) => {
    const before = chainCount
    const req = request(`${url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const head = Object.entries(res.headers)
          .filter(([name]) => name !== 'date' && name !== 'connection' && name !== 'keep-alive')
          .map(([name, value]) => [name, String(value)] as [string, string])
          .sort(([a], [b]) => (a < b ? -1 : 1))
        resolve({ status: res.statusCode!, body: Buffer.concat(chunks), head, viaChain: chainCount > before })
      })
    })
    req.on('error', reject)
    req.end()
  })
const header = (a: Answer, name: string) => Object.fromEntries(a.head)[name]
const picks = (page: string) => [...page.matchAll(/Quote number (\d)\./g)].map((m) => m[1]).join(',')
const warm = async (path: string, headers: Record<string, string> = {}) => {
  const answers: Answer[] = []
  for (let i = 0; i < WARM; i++) answers.push(await raw(path, headers))
  return answers
}

describe('kept pages served in front of Hono', () => {
  it('answer with the same status, headers and bytes as the full chain, gzip and plain, for every public page', async () => {
    for (const path of ['/', '/services/bouquets', '/contact', '/delivery-installation', '/thank-you']) {
      /** Every page the chain sent, uncompressed, by its ETag (home has up to 24). */
      const sent = new Map<string, Buffer>()
      const plain = (a: Answer) => (header(a, 'content-encoding') === 'gzip' ? gunzipSync(a.body) : a.body)
      const strong = (a: Answer) => header(a, 'etag').replace(/^W\//, '')
      /** What the headers say of the body itself; the rest must be the chain's, header for header. */
      const general = (a: Answer) => a.head.filter(([name]) => name !== 'etag' && name !== 'content-length')
      for (const encoding of ['gzip, deflate, br, zstd', 'identity']) {
        const headers = { 'accept-encoding': encoding }
        const chain = (await warm(path, headers)).filter((a) => a.viaChain)
        expect(chain.length, path).toBeGreaterThan(0)
        for (const a of chain) sent.set(strong(a), plain(a))
        for (let i = 0; i < 10; i++) {
          const a = await raw(path, headers)
          expect(a.viaChain, `${path} ${encoding}`).toBe(false)
          expect(a.status).toBe(200)
          expect(general(a), `${path} ${encoding}`).toEqual(general(chain[0]))
          expect(sent.get(strong(a))?.equals(plain(a)), `${path}: a page the chain sent, under its ETag`).toBe(true)
          expect(header(a, 'content-length')).toBe(String(a.body.length))
          expect(header(a, 'etag').startsWith('W/')).toBe(encoding !== 'identity')
          const names = a.head.map(([name]) => name)
          expect(names).toEqual(
            expect.arrayContaining(['content-security-policy', 'x-frame-options', 'etag', 'cache-control', 'content-type']),
          )
          expect(header(a, 'cache-control')).toBe('public, s-maxage=60, stale-while-revalidate=600')
          if (encoding !== 'identity') expect(header(a, 'content-encoding')).toBe('gzip')
          if (encoding !== 'identity') expect(header(a, 'vary')).toMatch(/Accept-Encoding/)
        }
        // The page the chain answered last, sent again by the shortcut: the same headers and body, byte for byte
        // (home picks one of up to 24 at random).
        const last = chain[chain.length - 1]
        const same = []
        for (let i = 0; i < 500 && same.length === 0; i++) {
          const a = await raw(path, headers)
          if (strong(a) === strong(last)) same.push(a)
        }
        expect(same[0]?.head, path).toEqual(last.head)
        expect(same[0]?.body.equals(last.body)).toBe(true)
      }
    }
  }, 60_000)

  it('answers a matching If-None-Match with the 304 the chain gives, and a stale one with the page', async () => {
    const headers = { 'accept-encoding': 'gzip' }
    const [page] = (await warm('/contact', headers)).slice(-1)
    const etag = header(page, 'etag')
    const first = await raw('/contact', { ...headers, 'if-none-match': etag })
    const second = await raw('/contact', { ...headers, 'if-none-match': etag })
    expect(first.status).toBe(304)
    expect(second.status).toBe(304)
    expect(second.viaChain).toBe(false)
    expect(second.head).toEqual(first.head)
    expect(second.body.length).toBe(0)
    const stale = await raw('/contact', { ...headers, 'if-none-match': 'W/"old"' })
    expect(stale.status).toBe(200)
    expect(stale.viaChain).toBe(false)
    expect(stale.body.equals(page.body)).toBe(true)
  })

  it('home still shows three testimonials picked at random, differing between requests', async () => {
    await warm('/')
    const seen = new Set<string>()
    for (let i = 0; i < 20; i++) {
      const a = await get('/')
      expect(a.viaChain).toBe(false)
      const page = a.body.toString()
      expect(new Set(picks(page).split(',')).size).toBe(3)
      seen.add(picks(page))
    }
    expect(seen.size).toBeGreaterThan(1)
  })

  it('shows a change made with plain git on the next request: commit, revert, a hidden service, a checkout', async () => {
    await warm('/services/bouquets')
    await warm('/')
    // Served by the shortcut until the change.
    expect((await get('/services/bouquets')).viaChain).toBe(false)
    expect((await get('/')).viaChain).toBe(false)
    const file = join(t.root, 'content/services/bouquets.yaml')
    const original = readFileSync(file, 'utf8')
    writeFileSync(file, original.replace('All about Bouquets.', 'Committed with git.').replace('title: Bouquets', 'title: Git Bouquets'))
    t.git('commit', '-qm', 'Edit with git', '--', 'content/services/bouquets.yaml')
    expect((await get('/services/bouquets')).body.toString()).toContain('Committed with git.')
    expect((await get('/')).body.toString()).toContain('Git Bouquets')
    await warm('/services/bouquets')
    t.git('revert', '--no-edit', 'HEAD')
    const reverted = await get('/services/bouquets')
    expect(reverted.body.toString()).toContain('All about Bouquets.')
    expect(reverted.body.toString()).not.toContain('Committed with git.')
    await warm('/services/bouquets')
    writeFileSync(file, original.replace('visible: true', 'visible: false'))
    t.git('commit', '-qm', 'Hide bouquets', '--', 'content/services/bouquets.yaml')
    expect((await get('/services/bouquets')).status).toBe(404)
    expect((await get('/')).body.toString()).not.toContain('/services/bouquets"')
    t.git('checkout', '-q', 'HEAD~1', '--', 'content/services/bouquets.yaml')
    expect((await get('/services/bouquets')).status).toBe(200)
    t.git('commit', '-qm', 'Show bouquets again', '--', 'content/services/bouquets.yaml')
    // Served from the kept renders again once warm.
    await warm('/services/bouquets')
    expect((await get('/services/bouquets')).viaChain).toBe(false)
  })

  it('shows a hand edit, a feature flag and a replaced image on the next request', async () => {
    await warm('/contact')
    expect((await get('/contact')).viaChain).toBe(false)
    const site = join(t.root, 'content/site.yaml')
    const settings = readFileSync(site, 'utf8')
    writeFileSync(site, settings.replace('503-555-0100', '503-555-0199'))
    expect((await get('/contact')).body.toString()).toContain('503-555-0199')
    await warm('/about')
    expect((await get('/about')).status).toBe(404)
    writeFileSync(site, `${settings}features:\n  servicesEnabled: true\n  aboutEnabled: true\n`)
    expect((await get('/about')).status).toBe(200)
    writeFileSync(site, settings)
    expect((await get('/about')).status).toBe(404)
    expect((await get('/contact')).body.toString()).toContain('503-555-0100')

    await warm('/services/bouquets')
    const hash = (page: string) => /\/img\/([0-9a-f]{10})\/\d+\/bouquet-one\.jpg/.exec(page)?.[1]
    const before = hash((await get('/services/bouquets')).body.toString())
    expect(before).toBeTruthy()
    writeFileSync(join(t.root, 'uploads/bouquet-one.jpg'), await makeJpeg(14, 9))
    const after = hash((await get('/services/bouquets')).body.toString())
    expect(after).toBeTruthy()
    expect(after).not.toBe(before)
  })

  it("leaves the owner's session (and only the session cookie) to the full chain", async () => {
    await warm('/contact')
    const cookie = await t.login()
    const owner = await get('/contact', { cookie })
    expect(owner.viaChain).toBe(true)
    expect(owner.status).toBe(200)
    expect(header(owner, 'cache-control')).toBe('private, no-cache')
    const other = await get('/contact', { cookie: 'theme=dark' })
    expect(other.viaChain).toBe(false)
    expect(header(other, 'cache-control')).toBe('public, s-maxage=60, stale-while-revalidate=600')
    // Not a plain page address: the chain answers.
    expect((await get('/contact?x=<y>')).viaChain).toBe(true)
    expect((await get('//contact')).viaChain).toBe(true)
  })
})
