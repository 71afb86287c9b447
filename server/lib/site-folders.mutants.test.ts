// The production guard on the content root at its edges: folders that look like the checkout but are not (a sibling
// whose name starts with the checkout's, a parent), links into the checkout, each spelling of ALLOW_CHECKOUT_CONTENT,
// and the lines every process prints; and ENV_FILE's start-up import, which stops the process with the file's problem.
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PROJECT_ROOT } from './config'
import { describeFolders, isCheckoutContent, loadSiteConfig, requireOwnContentRoot } from './site-folders'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
  vi.restoreAllMocks()
  vi.resetModules()
})
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'site-folders-'))
  dirs.push(dir)
  return dir
}

const REFUSAL = (root: string) =>
  `CONTENT_ROOT is the code checkout (${root}) and NODE_ENV=production: the owner's saves would be commits of the code ` +
  'repository. Make a content repository with `npm run content:init -- /srv/balloon-site/site` and set CONTENT_ROOT to it ' +
  '(in the ENV_FILE), or set ALLOW_CHECKOUT_CONTENT=1 for a one-box demo.'

describe('what counts as the code checkout', () => {
  it('the checkout itself and any folder in it, existing or not', () => {
    expect(isCheckoutContent(PROJECT_ROOT)).toBe(true)
    expect(isCheckoutContent(join(PROJECT_ROOT, 'content'))).toBe(true)
    expect(isCheckoutContent(join(PROJECT_ROOT, 'not-made-yet', 'site'))).toBe(true)
    expect(isCheckoutContent(`${PROJECT_ROOT}/`)).toBe(true)
  })

  it('not a sibling whose name starts with the checkout’s, its parent, or a folder elsewhere', () => {
    expect(isCheckoutContent(`${PROJECT_ROOT}-site`)).toBe(false)
    expect(isCheckoutContent(`${PROJECT_ROOT}..site`)).toBe(false)
    expect(isCheckoutContent(dirname(PROJECT_ROOT))).toBe(false)
    expect(isCheckoutContent('/srv/balloon-site/site')).toBe(false)
    expect(isCheckoutContent(tempDir())).toBe(false)
  })

  it('a folder in the checkout whose name starts with two dots is in it', () => {
    expect(isCheckoutContent(join(PROJECT_ROOT, '..site'))).toBe(true)
  })

  it('a link elsewhere that leads into the checkout is the checkout, and a link out of it is not', () => {
    const dir = tempDir()
    symlinkSync(join(PROJECT_ROOT, 'server'), join(dir, 'site'))
    expect(isCheckoutContent(join(dir, 'site'))).toBe(true)
    // The checkout given through a link of its own is still the checkout.
    symlinkSync(PROJECT_ROOT, join(dir, 'checkout'))
    expect(isCheckoutContent(join(PROJECT_ROOT, 'server'), join(dir, 'checkout'))).toBe(true)
    expect(isCheckoutContent(dir, join(dir, 'checkout'))).toBe(false)
  })
})

describe('ALLOW_CHECKOUT_CONTENT in production, with the content in the checkout', () => {
  const production = { contentRoot: PROJECT_ROOT, isProduction: true }

  it.each(['1', 'true', 'yes', 'on', ' ON ', 'True', 'YES'])('%j allows it', (value) => {
    expect(() => requireOwnContentRoot(production, { ALLOW_CHECKOUT_CONTENT: value })).not.toThrow()
  })

  it.each(['', '0', 'false', 'no', 'off', ' Off ', 'NO'])('%j refuses it, naming the folder and both ways out', (value) => {
    expect(() => requireOwnContentRoot(production, { ALLOW_CHECKOUT_CONTENT: value })).toThrow(new Error(REFUSAL(PROJECT_ROOT)))
  })

  it('unset refuses it', () => {
    expect(() => requireOwnContentRoot(production, {})).toThrow(new Error(REFUSAL(PROJECT_ROOT)))
  })

  it.each(['2', 'y', 'enable', 'true1', 'onn'])('%j is a configuration error, in or out of production', (value) => {
    const message = 'Invalid configuration: ALLOW_CHECKOUT_CONTENT must be 1 (allow content in the code checkout) or unset'
    expect(() => requireOwnContentRoot(production, { ALLOW_CHECKOUT_CONTENT: value })).toThrow(new Error(message))
    expect(() => requireOwnContentRoot({ contentRoot: '/srv/site', isProduction: false }, { ALLOW_CHECKOUT_CONTENT: value })).toThrow(
      new Error(message),
    )
  })

  it('outside production, or with the content elsewhere, nothing is refused', () => {
    expect(() => requireOwnContentRoot({ contentRoot: PROJECT_ROOT, isProduction: false }, {})).not.toThrow()
    expect(() => requireOwnContentRoot({ contentRoot: `${PROJECT_ROOT}-site`, isProduction: true }, {})).not.toThrow()
  })
})

describe('the lines every process prints', () => {
  it('name the settings file, or say there is none', () => {
    const config = { contentRoot: '/srv/site', dataDir: '/srv/data', backupDir: '/srv/backups' }
    expect(describeFolders(config)).toBe(
      'Settings: environment only (no ENV_FILE)\nContent: /srv/site\nData:    /srv/data\nBackups: /srv/backups',
    )
    expect(describeFolders(config, '/etc/site.env').split('\n')[0]).toBe('Settings: /etc/site.env')
  })
})

describe('loadSiteConfig', () => {
  it('an override replaces the environment, and an override left undefined does not clear it', () => {
    const env = { CONTENT_ROOT: '/srv/site', DATA_DIR: '/srv/data' }
    const { config, envFile } = loadSiteConfig(env, { DATA_DIR: '/mnt/other', CONTENT_ROOT: undefined })
    expect(config.contentRoot).toBe('/srv/site')
    expect(config.dataDir).toBe('/mnt/other')
    expect(envFile).toBeUndefined()
  })

  it('guards the content root it was given, not only the default', () => {
    expect(() => loadSiteConfig({ NODE_ENV: 'production', CONTENT_ROOT: join(PROJECT_ROOT, 'content') })).toThrow(
      new Error(REFUSAL(join(PROJECT_ROOT, 'content'))),
    )
  })
})

describe('the start-up import of ENV_FILE', () => {
  it('stops the process with the file’s problem on one line', async () => {
    const before = process.env.ENV_FILE
    process.env.ENV_FILE = '/nowhere/site.env'
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never)
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    try {
      await import('./env-file-startup')
    } finally {
      if (before === undefined) delete process.env.ENV_FILE
      else process.env.ENV_FILE = before
    }
    expect(write.mock.calls).toEqual([
      ['ENV_FILE=/nowhere/site.env could not be read (no such file); copy deploy/site.env.example there, or unset ENV_FILE\n'],
    ])
    expect(exit.mock.calls).toEqual([[1]])
  })

  it('without ENV_FILE neither writes nor stops', async () => {
    const before = process.env.ENV_FILE
    delete process.env.ENV_FILE
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never)
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    try {
      await import('./env-file-startup')
    } finally {
      if (before !== undefined) process.env.ENV_FILE = before
    }
    expect(write).not.toHaveBeenCalled()
    expect(exit).not.toHaveBeenCalled()
  })
})
