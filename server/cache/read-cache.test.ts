// The Node-level shortcut for cached public reads: same answers as the full middleware chain, and just as fresh.
import { readFileSync, writeFileSync } from 'node:fs'
import { createServer, type RequestListener, type ServerOptions } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { createTestApp, makeJpeg, type TestApp } from '../testing/test-app'
import { PublicReadCache } from './read-cache'

describe('public read shortcut in front of Hono', () => {
  let t: TestApp
  let server: ServerType
  let url: string
  let cache: PublicReadCache

  beforeEach(async () => {
    t = await createTestApp()
    cache = new PublicReadCache(t.config.contentRoot, t.deps.readCache.reads)
    const app = createApp({ ...t.deps, readCache: cache })
    const cookieName = t.deps.auth.cookieName
    server = await new Promise<ServerType>((res) => {
      const s = serve(
        {
          fetch: cache.recording(app.fetch, cookieName),
          port: 0,
          hostname: '127.0.0.1',
          createServer: ((o: ServerOptions, l: RequestListener) => createServer(o, cache.listener(l, cookieName))) as typeof createServer,
        },
        () => res(s),
      )
    })
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterEach(async () => {
    await new Promise((r) => server.close(r))
    t.cleanup()
  })

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${url}${path}`, { headers })
    const body = Buffer.from(await res.arrayBuffer())
    const head = [...res.headers].filter(([name]) => name !== 'date')
    return { status: res.status, body, head }
  }

  it('answers with the same headers and bytes as the full chain, plain and gzip', async () => {
    for (const encoding of ['identity', 'gzip']) {
      // A miss, a cache hit through Hono (which leaves the template), then the shortcut.
      const answers = [await get('/api/services', { 'accept-encoding': encoding })]
      answers.push(await get('/api/services', { 'accept-encoding': encoding }))
      answers.push(await get('/api/services', { 'accept-encoding': encoding }))
      for (const a of answers) expect(a.status).toBe(200)
      expect(answers[2].head).toEqual(answers[1].head)
      expect(answers[2].body.equals(answers[1].body)).toBe(true)
      const names = answers[2].head.map(([name]) => name)
      expect(names).toEqual(expect.arrayContaining(['content-security-policy', 'x-content-type-options', 'etag', 'vary', 'cache-control']))
    }
  })

  it('shows a hand edit of a content file on the next request', async () => {
    for (let i = 0; i < 3; i++) await get('/api/services')
    const file = `${t.root}/content/services/bouquets.yaml`
    writeFileSync(file, readFileSync(file, 'utf8').replace('title: Bouquets', 'title: Hand Edited'))
    const after = await get('/api/services')
    expect(after.body.toString()).toContain('Hand Edited')
  })

  it('shows a commit and a reset made with plain git on the next request, with file-system events in use', async () => {
    for (let i = 0; i < 3; i++) await get('/api/services')
    const file = `${t.root}/content/services/bouquets.yaml`
    writeFileSync(file, readFileSync(file, 'utf8').replace('title: Bouquets', 'title: Committed'))
    t.git('commit', '-qm', 'Rename bouquets', '--', 'content/services/bouquets.yaml')
    expect((await get('/api/services')).body.toString()).toContain('Committed')
    expect((await get('/api/services')).body.toString()).toContain('Committed')
    t.git('reset', '-q', '--hard', 'HEAD~1')
    const after = (await get('/api/services')).body.toString()
    expect(after).toContain('"Bouquets"')
    expect(after).not.toContain('Committed')
    expect(cache.generation.watching).toBe(true)
  })

  it('on a detached HEAD (a developer checked out an older commit): shows that commit, commits made on it, and the branch again', async () => {
    const file = `${t.root}/content/services/bouquets.yaml`
    const seeded = readFileSync(file, 'utf8')
    writeFileSync(file, seeded.replace('title: Bouquets', 'title: Committed'))
    t.git('commit', '-q', '-m', 'Rename bouquets', '--', file)
    for (let i = 0; i < 3; i++) expect((await get('/api/services')).body.toString()).toContain('Committed')
    t.git('checkout', '-q', 'HEAD~1')
    expect((await get('/api/services')).body.toString()).not.toContain('Committed')
    writeFileSync(file, seeded.replace('title: Bouquets', 'title: Detached'))
    t.git('commit', '-q', '-m', 'Try a title on the detached HEAD', '--', file)
    expect((await get('/api/services')).body.toString()).toContain('Detached')
    t.git('switch', '-q', 'main')
    const back = (await get('/api/services')).body.toString()
    expect(back).toContain('Committed')
    expect(back).not.toContain('Detached')
    expect(cache.generation.watching).toBe(true)
  })

  it('shows an uploaded image replaced by hand in the image hashes on the next request', async () => {
    for (let i = 0; i < 3; i++) await get('/api/image-versions')
    const before = JSON.parse((await get('/api/image-versions')).body.toString())
    expect(before['hero-image.jpg']).toBeTruthy()
    writeFileSync(`${t.root}/uploads/hero-image.jpg`, await makeJpeg(12, 9))
    const after = JSON.parse((await get('/api/image-versions')).body.toString())
    expect(after['hero-image.jpg']).toBeTruthy()
    expect(after['hero-image.jpg']).not.toBe(before['hero-image.jpg'])
  })

  it('leaves admin sessions to the full chain, and answers revalidation with the 304 the chain gives', async () => {
    for (let i = 0; i < 3; i++) await get('/api/services')
    const cookie = await t.login()
    const admin = await get('/api/services', { cookie })
    expect(admin.body.toString()).toContain('"secret"')
    expect(Object.fromEntries(admin.head)['cache-control']).toBe('no-store')
    const plain = await get('/api/services')
    expect(plain.body.toString()).not.toContain('"secret"')
    const etag = Object.fromEntries(plain.head).etag
    // The chain's 304 first (it leaves the template), then the shortcut's: the same head, no body.
    const chain = await get('/api/services', { 'if-none-match': etag })
    const shortcut = await get('/api/services', { 'if-none-match': etag })
    expect(chain.status).toBe(304)
    expect(shortcut.status).toBe(304)
    expect(shortcut.head).toEqual(chain.head)
    expect(shortcut.body.length).toBe(0)
    expect((await get('/api/services', { 'if-none-match': '"stale"' })).status).toBe(200)
  })
})
