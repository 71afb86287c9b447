// `npm run content:init` makes a content repository a site starts on; the server refuses a content root that is none.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startServerProcess } from '../server/testing/server-process'
import { REPO_ROOT } from '../server/testing/temp-content'

const SLOW = 120_000
const dirs: string[] = []
const stops: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop()
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'balloon-init-'))
  dirs.push(dir)
  return dir
}

/** The script as a person runs it on a server with no git identity configured (HOME is an empty folder). */
function init(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'scripts/content-init.ts'), ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: tempDir() },
  })
}
const git = (dir: string, ...args: string[]) => spawnSync('git', ['-C', dir, ...args], { encoding: 'utf8' }).stdout.trim()

/** server/index.ts with nothing but PATH and ENV_FILE: every setting comes from the file. */
async function serveFromEnvFile(envFile: string): Promise<{ url: string; output: () => string }> {
  const server = await startServerProcess(null, { ENV_FILE: envFile })
  stops.push(server.stop)
  return server
}

describe('npm run content:init', () => {
  it('copies the seed into a new repository: branch main, one commit by the admin identity, private data ignored, next steps printed', () => {
    const dir = join(tempDir(), 'site')
    const run = init(dir)
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(git(dir, 'branch', '--show-current')).toBe('main')
    expect(git(dir, 'log', '--format=%an <%ae>|%s')).toBe('Studio Admin <admin@localhost>|Start the site content from the seed')
    expect(git(dir, 'status', '--porcelain')).toBe('')
    const tracked = git(dir, 'ls-files').split('\n')
    expect(tracked.filter((f) => f.startsWith('content/services/'))).toHaveLength(10)
    expect(tracked).toContain('uploads/seed-hero.jpg')
    expect(tracked.every((f) => f === '.gitignore' || /^(content|uploads)\//.test(f))).toBe(true)
    const ignore = readFileSync(join(dir, '.gitignore'), 'utf8')
    for (const line of ['data/', 'backups/', '.env']) expect(ignore.split('\n')).toContain(line)
    // Private data put beside the content by mistake stays out of the history.
    mkdirSync(join(dir, 'data'))
    writeFileSync(join(dir, 'data', 'inquiry.json'), '{}')
    writeFileSync(join(dir, '.env'), 'ADMIN_PASSWORD=x')
    expect(git(dir, 'status', '--porcelain')).toBe('')
    expect(run.stdout).toContain(`CONTENT_ROOT=${dir}`)
    expect(run.stdout).toContain(`git -C ${dir} remote add origin`)
    expect(run.stdout).toContain('GIT_REMOTE=origin')
  })

  it('refuses a folder that is not empty with exit code 2, writing nothing', () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'notes.txt'), 'mine')
    const run = init(dir)
    expect(run.status).toBe(2)
    expect(run.stderr).toContain(`${dir} is not empty`)
    expect(spawnSync('ls', ['-A', dir], { encoding: 'utf8' }).stdout.trim()).toBe('notes.txt')
    expect(init().status).toBe(2)
  })

  it(
    '--empty makes a bare starter the server starts on from the settings file; a save is committed there, not in the code repository',
    async () => {
      const base = tempDir()
      const dir = join(base, 'site')
      expect(init(dir, '--empty').status).toBe(0)
      expect(git(dir, 'ls-files', 'content/services')).toBe('content/services/balloon-garlands.yaml')
      const codeHead = git(REPO_ROOT, 'rev-parse', 'HEAD')
      const envFile = join(base, 'site.env')
      writeFileSync(
        envFile,
        [
          'NODE_ENV=production',
          'HOST=127.0.0.1',
          'PORT=0',
          `CONTENT_ROOT=${dir}`,
          `DATA_DIR=${join(base, 'data')}`,
          `BACKUP_DIR=${join(base, 'backups')}`,
          'ADMIN_USERNAME=owner',
          'ADMIN_PASSWORD=starter-test-password',
          'IMAGE_WARMUP=off',
          'BACKUP_INTERVAL_HOURS=off',
          '',
        ].join('\n'),
      )
      const server = await serveFromEnvFile(envFile)
      expect(server.output()).toContain(`Content: ${dir}`)
      for (const path of ['/', '/services/balloon-garlands', '/delivery-installation', '/contact', '/faq', '/healthz']) {
        expect((await fetch(`${server.url}${path}`)).status, path).toBe(200)
      }
      const services = (await (await fetch(`${server.url}/api/services`)).json()) as { id: string }[]
      expect(services.map((s) => s.id)).toEqual(['balloon-garlands'])

      const login = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: server.url },
        body: JSON.stringify({ username: 'owner', password: 'starter-test-password' }),
      })
      expect(login.status).toBe(200)
      const cookie = login.headers.get('set-cookie')!.split(';')[0]
      const save = await fetch(`${server.url}/api/services/balloon-garlands`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Origin: server.url, Cookie: cookie },
        body: JSON.stringify({ pricingInfo: 'Garland, 6 feet: $175' }),
      })
      expect(save.status).toBe(200)
      expect(git(dir, 'log', '-1', '--format=%s')).toMatch(/^Update service "Balloon Garlands"/)
      expect(git(dir, 'rev-list', '--count', 'HEAD')).toBe('2')
      expect(git(REPO_ROOT, 'rev-parse', 'HEAD')).toBe(codeHead)
    },
    SLOW,
  )

  it(
    'the server started on a folder that is not a git repository says how to make one, and stops',
    () => {
      const dir = tempDir()
      const run = spawnSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'server/index.ts')], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        env: { PATH: process.env.PATH, CONTENT_ROOT: dir, DATA_DIR: join(dir, '..', 'data-x'), PORT: '0', HOST: '127.0.0.1' },
        timeout: 60_000,
      })
      expect(run.status).toBe(1)
      expect(run.stderr).toContain(`CONTENT_ROOT=${dir} is not a git repository`)
      expect(run.stderr).toContain('npm run content:init -- <dir>')
      expect(spawnSync('ls', ['-A', dir], { encoding: 'utf8' }).stdout.trim()).toBe('')
    },
    SLOW,
  )
})
