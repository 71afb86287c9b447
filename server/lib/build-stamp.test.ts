// A start tells a missing or stale build from a fresh one without building; the bundled server starts on its own.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { makeTempContentRoot, REPO_ROOT } from '../testing/temp-content'
import { checkBuild, writeBuildStamp } from './build-stamp'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

/** A project of its own: one source file and a build made from it. */
function project() {
  const root = mkdtempSync(join(tmpdir(), 'balloon-build-'))
  cleanups.push(() => rmSync(root, { recursive: true, force: true }))
  const source = join(root, 'web/page.tsx')
  const clientDir = join(root, 'dist/client')
  mkdirSync(join(root, 'web'))
  mkdirSync(clientDir, { recursive: true })
  mkdirSync(join(root, 'dist/server'))
  writeFileSync(source, 'export const page = 1\n')
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html>')
  writeFileSync(join(root, 'dist/server/entry-server.js'), '')
  const stamp = () => {
    for (const part of ['client', 'server'] as const) writeBuildStamp(clientDir, part, [source, join(root, '../outside.ts')], root)
  }
  return { root, source, clientDir, stamp }
}

describe('checkBuild', () => {
  it('a fresh build is ok, also after its sources were touched without being changed', () => {
    const p = project()
    p.stamp()
    expect(checkBuild(p.clientDir, p.root).state).toBe('ok')
    const later = new Date(Date.now() + 60_000)
    utimesSync(p.source, later, later)
    expect(checkBuild(p.clientDir, p.root).state).toBe('ok')
  })

  it('a changed or removed source makes it stale, naming the file and the command', () => {
    const p = project()
    p.stamp()
    writeFileSync(p.source, 'export const page = 2\n')
    const later = new Date(Date.now() + 60_000)
    utimesSync(p.source, later, later)
    expect(checkBuild(p.clientDir, p.root)).toEqual({
      state: 'stale',
      message:
        'The web app in dist/client is older than its sources (web/page.tsx changed since the build): run `npm run build` and restart.',
    })
    rmSync(p.source)
    expect(checkBuild(p.clientDir, p.root).state).toBe('stale')
  })

  it('no build is missing; a build without a stamp is stale', () => {
    const p = project()
    expect(checkBuild(p.clientDir, p.root).state).toBe('stale')
    rmSync(join(p.clientDir, 'index.html'))
    expect(checkBuild(p.clientDir, p.root)).toMatchObject({ state: 'missing', message: expect.stringContaining('run `npm run build`') })
  })
})

describe('the bundled server (npm run serve, the service)', () => {
  it('starts from dist/app/index.mjs without a TypeScript loader, checks its own build, and serves the site', async () => {
    const content = makeTempContentRoot()
    cleanups.push(() => content.cleanup())
    const child = spawn(process.execPath, [join(REPO_ROOT, 'dist/app/index.mjs')], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: '0',
        CONTENT_ROOT: content.root,
        DATA_DIR: content.dataDir,
        ADMIN_PASSWORD: 'bundle-test-pw',
        IMAGE_WARMUP: 'off',
        BACKUP_INTERVAL_HOURS: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const exited = new Promise((resolve) => child.once('exit', resolve))
    cleanups.push(async () => {
      child.kill('SIGTERM')
      await exited
    })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`did not start:\n${output}`)), 30_000)
      child.stdout.on('data', () => {
        const match = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
        if (match) {
          clearTimeout(timer)
          resolve(match[1])
        }
      })
      void exited.then(() => reject(new Error(`exited:\n${output}`)))
    })
    expect((await fetch(`${url}/`)).status).toBe(200)
    expect((await fetch(`${url}/healthz`)).status).toBe(200)
    // The suite runs right after `npm run build`: the bundle, the web app and the renderer match their sources.
    expect(output).not.toMatch(/older than its sources|no build stamp/)
  }, 60_000)
})
