// The deploy kit as shipped: the unit, the settings file and both proxy files, checked by their own tools where the
// machine has them (systemd-analyze, nginx -t, caddy validate) and always for what the site relies on.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseEnv } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../server/lib/config'
import { MAX_UPLOAD_BYTES } from '../server/uploads/uploads.store'
import { REPO_ROOT } from '../server/testing/temp-content'

const read = (name: string) => readFileSync(join(REPO_ROOT, 'deploy', name), 'utf8')
const unit = read('balloon-site.service')
const envText = read('site.env.example')
const env = parseEnv(envText) as Record<string, string>
const nginxSite = read('nginx-balloon-site.conf')
const caddyfile = read('Caddyfile')

/** A tool on PATH or unpacked by scripts/ensure-deploy-tools.sh; null only when it is not there at all. */
function tool(name: string): string | null {
  for (const dir of ['.cache/deploy-tools/usr/sbin', '.cache/deploy-tools/usr/bin']) {
    if (existsSync(join(REPO_ROOT, dir, name))) return join(REPO_ROOT, dir, name)
  }
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim()
  return found || null
}

const scratch = mkdtempSync(join(tmpdir(), 'balloon-deploy-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

function unitValues(key: string): string[] {
  return [...unit.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((m) => m[1].trim())
}

describe('deploy/site.env.example', () => {
  /** The variables server/lib/config.ts reads, straight from its schema. */
  const configKeys = (() => {
    const source = readFileSync(join(REPO_ROOT, 'server/lib/config.ts'), 'utf8')
    const schema = source.slice(source.indexOf('const EnvSchema = z.object({'), source.indexOf('export function loadConfig'))
    return [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1])
  })()
  const extra = [
    'LOG_LEVEL',
    'ALLOW_CHECKOUT_CONTENT',
    'GIT_SYNC_SECONDS',
    'GIT_WEBHOOK_SECRET',
    'GIT_SSH_COMMAND',
    'AWS_ACCESS_KEY_ID',
    'AWS_SECRET_ACCESS_KEY',
  ]

  it('lists every setting the server reads, each with a comment line right above it', () => {
    expect(configKeys.length).toBeGreaterThan(30)
    const lines = envText.split('\n')
    for (const key of [...configKeys, ...extra]) {
      const at = lines.findIndex((l) => new RegExp(`^(# )?${key}=`).test(l))
      expect(at, `${key} is missing from site.env.example`).toBeGreaterThan(0)
      expect(lines[at - 1], `${key} needs a one-line comment above it`).toMatch(/^# [A-Z(a-z]/)
      expect(lines[at - 1]).not.toMatch(/^# [A-Z][A-Z0-9_]+=/)
    }
  })

  it('is a valid production configuration as shipped: loopback, behind the proxy, content outside the checkout', () => {
    const config = loadConfig(env)
    expect(config).toMatchObject({ isProduction: true, host: '127.0.0.1' })
    expect(config.trustProxy.length).toBeGreaterThan(0)
    expect(config.publicOrigin).toMatch(/^https:/)
    expect(config.contentRoot).not.toContain('/app')
    expect(env.ADMIN_PASSWORD).toBeUndefined()
  })
})

describe('deploy/balloon-site.service', () => {
  it('runs as its own user, restarts on failure, with the hardening and the settings file', () => {
    expect(unitValues('User')).toEqual(['balloon-site'])
    expect(unitValues('Restart')).toEqual(['on-failure'])
    for (const [key, value] of [
      ['NoNewPrivileges', 'yes'],
      ['ProtectSystem', 'strict'],
      ['PrivateTmp', 'yes'],
      ['ProtectHome', 'yes'],
    ]) {
      expect(unitValues(key), key).toEqual([value])
    }
    expect(unitValues('EnvironmentFile')).toEqual(['/etc/balloon-site/site.env'])
    expect(unitValues('ExecStart')[0]).toMatch(/node_modules\/\.bin\/node --enable-source-maps dist\/app\/index\.mjs$/)
  })

  it('may write exactly the content, data and backup folders of the settings file', () => {
    expect(unitValues('ReadWritePaths')[0].split(/\s+/).sort()).toEqual([env.BACKUP_DIR, env.CONTENT_ROOT, env.DATA_DIR].sort())
  })

  it.skipIf(!tool('systemd-analyze'))('passes systemd-analyze verify', () => {
    // The unit as installed, with the checkout here standing for /srv/balloon-site/app so ExecStart's node exists.
    const local = unit
      .replaceAll('/srv/balloon-site/app', REPO_ROOT)
      .replace(/^User=.*$/m, 'User=root')
      .replace(/^Group=.*$/m, 'Group=root')
    writeFileSync(join(scratch, 'balloon-site.service'), local)
    const run = spawnSync(tool('systemd-analyze')!, ['verify', '--man=no', join(scratch, 'balloon-site.service')], { encoding: 'utf8' })
    const problems = `${run.stdout}${run.stderr}`.split('\n').filter((l) => l.includes('balloon-site.service'))
    expect(problems, problems.join('\n')).toEqual([])
    expect(run.status).toBe(0)
  })
})

describe('the reverse proxy files', () => {
  const port = env.PORT

  it('both send the site on loopback the visitor address, over HTTPS, with room for an image upload and no more', () => {
    expect(nginxSite).toContain(`server 127.0.0.1:${port};`)
    expect(nginxSite).toMatch(/listen 443 ssl/)
    expect(nginxSite).toContain('return 301 https://')
    expect(nginxSite).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;')
    expect(nginxSite).toContain('proxy_set_header Host $host;')
    const nginxLimit = Number(/client_max_body_size (\d+)m;/.exec(nginxSite)![1]) * 1024 * 1024
    expect(caddyfile).toContain(`reverse_proxy 127.0.0.1:${port}`)
    // Caddy's automatic HTTPS needs a site address that is a domain, not a port or http://.
    expect(caddyfile).toMatch(/^example-balloons\.com \{$/m)
    const caddyLimit = Number(/max_size (\d+)MiB/.exec(caddyfile)![1]) * 1024 * 1024
    for (const limit of [nginxLimit, caddyLimit]) {
      expect(limit).toBeGreaterThan(MAX_UPLOAD_BYTES + 64 * 1024)
      expect(limit).toBeLessThanOrEqual(2 * MAX_UPLOAD_BYTES)
    }
  })

  it('nginx keeps only what the site marks public (PUBLIC_CACHE_SECONDS), never for a request with a cookie', () => {
    expect(nginxSite).toMatch(/proxy_cache balloon_site;/)
    expect(nginxSite).not.toMatch(/proxy_cache_valid|proxy_ignore_headers/)
    expect(nginxSite).toContain('proxy_cache_bypass $http_cookie;')
    expect(nginxSite).toContain('proxy_no_cache $http_cookie;')
  })

  it.skipIf(!tool('nginx'))('passes nginx -t (with a throwaway certificate for the domain)', () => {
    const dir = join(scratch, 'nginx')
    mkdirSync(join(dir, 'cache'), { recursive: true })
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=example-balloons.com',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    )
    const site = nginxSite
      .replace('/etc/letsencrypt/live/example-balloons.com/fullchain.pem', join(dir, 'cert.pem'))
      .replace('/etc/letsencrypt/live/example-balloons.com/privkey.pem', join(dir, 'key.pem'))
      .replace('/var/cache/nginx/balloon-site', join(dir, 'cache'))
    writeFileSync(join(dir, 'site.conf'), site)
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${join(dir, t)};`).join('\n')
    writeFileSync(
      join(dir, 'nginx.conf'),
      `pid ${join(dir, 'nginx.pid')};\nerror_log ${join(dir, 'error.log')};\nevents {}\nhttp {\naccess_log off;\n${temp}\ninclude ${join(dir, 'site.conf')};\n}\n`,
    )
    const run = spawnSync(tool('nginx')!, ['-t', '-p', dir, '-c', join(dir, 'nginx.conf')], { encoding: 'utf8' })
    expect(run.stderr).toContain('test is successful')
    expect(run.status).toBe(0)
  })

  it.skipIf(!tool('caddy'))('passes caddy validate', () => {
    writeFileSync(join(scratch, 'Caddyfile'), caddyfile)
    const run = spawnSync(tool('caddy')!, ['validate', '--adapter', 'caddyfile', '--config', join(scratch, 'Caddyfile')], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: scratch, XDG_DATA_HOME: join(scratch, 'data'), XDG_CONFIG_HOME: join(scratch, 'config') },
    })
    expect(`${run.stdout}${run.stderr}`).toContain('Valid configuration')
    expect(run.status).toBe(0)
  })
})
