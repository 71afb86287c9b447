// The settings file (ENV_FILE) and the guard that keeps a production site's content out of the code checkout.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { applyEnvFile } from './env-file'
import { PROJECT_ROOT } from './config'
import { describeFolders, loadSiteConfig, requireOwnContentRoot } from './site-folders'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})
function envFile(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'balloon-env-'))
  dirs.push(dir)
  const file = join(dir, 'site.env')
  writeFileSync(file, text)
  return file
}

describe('ENV_FILE', () => {
  it('fills in the settings the environment does not set; the environment wins', () => {
    const file = envFile('# the site\nCONTENT_ROOT=/srv/site\nDATA_DIR="/srv/data"\nPORT=4000\n')
    const env: Record<string, string | undefined> = { ENV_FILE: file, PORT: '5000' }
    expect(applyEnvFile(env)).toBe(file)
    expect(env).toMatchObject({ CONTENT_ROOT: '/srv/site', DATA_DIR: '/srv/data', PORT: '5000' })
  })

  it('a missing file is named with the variable, not ignored', () => {
    expect(() => applyEnvFile({ ENV_FILE: '/nowhere/site.env' })).toThrow('ENV_FILE=/nowhere/site.env could not be read (no such file)')
  })

  it('without ENV_FILE nothing is read', () => {
    const env = { PORT: '1' }
    expect(applyEnvFile(env)).toBeUndefined()
    expect(env).toEqual({ PORT: '1' })
  })
})

describe('content in the code checkout', () => {
  it('is refused in production, naming CONTENT_ROOT, content:init and the override', () => {
    expect(() => loadSiteConfig({ NODE_ENV: 'production' })).toThrow(
      /CONTENT_ROOT is the code checkout .*npm run content:init.*ALLOW_CHECKOUT_CONTENT=1/,
    )
    expect(() => loadSiteConfig({ NODE_ENV: 'production', CONTENT_ROOT: join(PROJECT_ROOT, 'content') })).toThrow(/code checkout/)
  })

  it('is allowed outside production, with ALLOW_CHECKOUT_CONTENT=1, and for a content root elsewhere', () => {
    expect(loadSiteConfig({}).config.contentRoot).toBe(PROJECT_ROOT)
    expect(loadSiteConfig({ NODE_ENV: 'production', ALLOW_CHECKOUT_CONTENT: '1' }).config.contentRoot).toBe(PROJECT_ROOT)
    expect(() => requireOwnContentRoot({ contentRoot: '/srv/balloon-site/site', isProduction: true }, {})).not.toThrow()
  })

  it('a value of ALLOW_CHECKOUT_CONTENT other than on or off is a configuration error naming it', () => {
    expect(() => loadSiteConfig({ ALLOW_CHECKOUT_CONTENT: 'maybe' })).toThrow('ALLOW_CHECKOUT_CONTENT must be 1')
  })

  it('the settings file can set it all, and the folders are named before anything is done', () => {
    const file = envFile('NODE_ENV=production\nCONTENT_ROOT=/srv/site\nDATA_DIR=/srv/data\nBACKUP_DIR=/srv/backups\n')
    const { config, envFile: read } = loadSiteConfig({ ENV_FILE: file })
    expect(describeFolders(config, read)).toBe(`Settings: ${file}\nContent: /srv/site\nData:    /srv/data\nBackups: /srv/backups`)
  })
})
