// The real server process (server/index.ts) on a temporary content repo, spoken to over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync, rmSync, writeFileSync } from 'node:fs'
import { spawn } from 'node:child_process'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { join } from 'node:path'
import { startServerProcess as startServer, type ServerProcess as Server } from './testing/server-process'
import { makeTempContentRoot, REPO_ROOT, type TempContentRoot } from './testing/temp-content'
import { fixtureFiles, makeJpeg } from './testing/test-app'

/** fetch() normalises paths; this sends the request target exactly as written. */
function rawRequest(url: string, path: string): Promise<IncomingMessage> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, method: 'GET' }, (res) => {
      res.resume()
      resolve(res)
    })
    req.on('error', reject)
    req.end()
  })
}
const rawGet = async (url: string, path: string) => (await rawRequest(url, path)).statusCode!

/** Runs server/index.ts until it exits by itself: its exit code and everything it printed. */
function runToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'server/index.ts')], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    child.once('exit', (code) => resolve({ code, output }))
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

  it("the refusal of a probe's raw dot segments carries the security headers", async () => {
    const res = await rawRequest(server.url, '/uploads/../content/site.yaml')
    expect(res.statusCode).toBe(404)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['x-frame-options']).toBe('DENY')
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'self';/)
  })

  it('says how often backups and booking e-mails run, and that none are sent while e-mail is not set up', () => {
    expect(server.output()).toMatch(/Backups every 24 h into \S+ \(keeping 14\)/)
    expect(server.output()).toContain('Booking e-mails checked every 15 min (e-mail is not set up: none are sent)')
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

describe('a start the site refuses', () => {
  it('a setting it cannot start with: one line naming it, no stack trace, exit 1', async () => {
    const content = makeTempContentRoot({ seed: false, files: fixtureFiles(await makeJpeg()) })
    try {
      const { code, output } = await runToExit({ CONTENT_ROOT: content.root, DATA_DIR: content.dataDir, GIT_SYNC_SECONDS: 'soon' })
      expect(code).toBe(1)
      expect(output).toBe('Not starting: Invalid configuration: GIT_SYNC_SECONDS: GIT_SYNC_SECONDS must be seconds (e.g. 60) or off\n')
    } finally {
      content.cleanup()
    }
  }, 60_000)

  it('a content folder outside git: the sentence that says how to make one, exit 1', async () => {
    const content = makeTempContentRoot({ seed: false })
    try {
      rmSync(join(content.root, '.git'), { recursive: true, force: true })
      const { code, output } = await runToExit({ CONTENT_ROOT: content.root, DATA_DIR: content.dataDir })
      expect(code).toBe(1)
      expect(output).toContain(
        `\nNot starting: CONTENT_ROOT=${content.root} is not a git repository: every change the owner makes is a commit there.`,
      )
      expect(output).not.toMatch(/\n\s+at /)
    } finally {
      content.cleanup()
    }
  }, 60_000)
})
