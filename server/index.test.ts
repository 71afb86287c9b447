// The real server process (server/index.ts) on a temporary content repo, spoken to over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { startServerProcess as startServer, type ServerProcess as Server } from './testing/server-process'
import { makeTempContentRoot, type TempContentRoot } from './testing/temp-content'
import { fixtureFiles, makeJpeg } from './testing/test-app'

/** fetch() normalises paths; this sends the request target exactly as written. */
function rawGet(url: string, path: string): Promise<number> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, method: 'GET' }, (res) => {
      res.resume()
      resolve(res.statusCode!)
    })
    req.on('error', reject)
    req.end()
  })
}

describe('the server process', () => {
  let content: TempContentRoot
  let server: Server
  let cookie: string
  const origin = () => ({ Origin: server.url, Cookie: cookie })

  beforeAll(async () => {
    content = makeTempContentRoot({ seed: false, files: fixtureFiles(await makeJpeg()) })
    writeFileSync(join(content.root, '.git/index.lock'), '')
    writeFileSync(join(content.root, 'content/.site.yaml.0123abcd.tmp-write'), 'half')
    server = await startServer(content, { ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'process-test-pw', PUBLIC_ORIGIN: 'http://localhost:1' })
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: JSON.stringify({ username: 'owner', password: 'process-test-pw' }),
    })
    expect(login.status).toBe(200)
    cookie = login.headers.get('set-cookie')!.split(';')[0]
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
    content?.cleanup()
  })

  it('cleared the stale index.lock and temp file at start-up', () => {
    expect(existsSync(join(content.root, '.git/index.lock'))).toBe(false)
    expect(existsSync(join(content.root, 'content/.site.yaml.0123abcd.tmp-write'))).toBe(false)
    expect(server.output()).toMatch(/stale \.git\/index\.lock/)
  })

  it('parallel writes all land, one commit each, with no lost update', async () => {
    const adds = Array.from({ length: 8 }, (_, i) =>
      fetch(`${server.url}/api/testimonials`, {
        method: 'POST',
        headers: { ...origin(), 'Content-Type': 'application/json' },
        body: JSON.stringify({ quote: `Quote ${i}`, author: `Author ${i}` }),
      }),
    )
    const toggles = ['bouquets', 'mosaics', 'secret'].map((id, i) =>
      fetch(`${server.url}/api/services/${id}`, {
        method: 'PUT',
        headers: { ...origin(), 'Content-Type': 'application/json' },
        body: JSON.stringify({ description: `Changed ${i}` }),
      }),
    )
    const statuses = (await Promise.all([...adds, ...toggles])).map((r) => r.status)
    expect(statuses).toEqual([...Array(8).fill(201), 200, 200, 200])
    const list = await (await fetch(`${server.url}/api/testimonials`)).json()
    expect(list).toHaveLength(10)
    expect(content.git('rev-list', '--count', 'HEAD').trim()).toBe('12')
    expect(content.git('status', '--porcelain').trim()).toBe('')
    expect(content.git('log', '-1', '--format=%an').trim()).toBe('Studio Admin')
  })

  it('encoded traversal in the raw request target answers 404', async () => {
    for (const path of [
      '/%2e%2e/package.json',
      '/uploads/..%2f..%2fpackage.json',
      '/assets/%5c..%5cpackage.json',
      '//package.json',
      '/uploads/../content/site.yaml',
    ]) {
      expect(await rawGet(server.url, path), path).toBe(404)
    }
  })

  it('a new upload is served with an image content type to the admin (HEAD and GET), and to nobody else until a save uses it', async () => {
    const form = new FormData()
    form.append('image', new File([(await makeJpeg()) as Uint8Array<ArrayBuffer>], 'original.jpg', { type: 'image/jpeg' }))
    const res = await fetch(`${server.url}/api/upload`, { method: 'POST', headers: origin(), body: form })
    expect(res.status).toBe(201)
    const { url } = await res.json()
    for (const method of ['HEAD', 'GET']) {
      const answer = await fetch(`${server.url}${url}`, { method, headers: { Cookie: cookie } })
      expect(answer.status, method).toBe(200)
      expect(answer.headers.get('content-type'), method).toBe('image/jpeg')
    }
    expect((await fetch(`${server.url}${url}`, { method: 'HEAD' })).status).toBe(404)
  })
})

describe('first start without a password', () => {
  it('prints a generated password once and later only says where its hash is', async () => {
    const content = makeTempContentRoot({ seed: false, files: fixtureFiles(await makeJpeg()) })
    try {
      const first = await startServer(content, {})
      await first.stop()
      const password = /password: (\S+)/.exec(first.output())![1]
      const second = await startServer(content, {})
      const res = await fetch(`${second.url}/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password }),
      })
      await second.stop()
      expect(res.status).toBe(200)
      expect(second.output()).not.toContain(password)
      expect(second.output()).toMatch(/admin-password-hash/)
    } finally {
      content.cleanup()
    }
  }, 60_000)
})
