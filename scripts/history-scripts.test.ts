import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import YAML from 'yaml'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeHistoryFixture, serviceYaml, type HistoryFixture } from '../server/history/history.fixture'
import { REPO_ROOT } from '../server/testing/temp-content'

const run = promisify(execFile)
async function script(name: string, args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'scripts', name), ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
    })
    return { code: 0, stdout, stderr }
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

let f: HistoryFixture
let first: string
beforeEach(() => {
  f = makeHistoryFixture()
  first = f.head()
  f.write('content/services/bouquets.yaml', serviceYaml('bouquets', 'Bouquets', { pricingInfo: 'Small: $99', images: [] }))
  f.remove('uploads/bq-1.jpg')
  f.commit('Update service "Bouquets": pricing, images', ['services/bouquets'], ['content/services/bouquets.yaml', 'uploads/bq-1.jpg'])
})
afterEach(() => f.cleanup())

describe('history scripts', () => {
  it.each(['history-list.ts', 'history-show.ts', 'history-restore.ts'])('%s --help explains itself', async (name) => {
    const { code, stdout } = await script(name, ['--help'])
    expect(code).toBe(0)
    expect(stdout).toMatch(/^Usage: npm run history:/)
    expect(stdout).toContain('--root DIR')
  })

  it('history-list lists newest first and filters by item', async () => {
    const { code, stdout } = await script('history-list.ts', ['--root', f.root])
    expect(code).toBe(0)
    const lines = stdout.trim().split('\n')
    expect(lines[0]).toMatch(/^[0-9a-f]{7} .*Test Developer +Update service "Bouquets": pricing, images +\[services\/bouquets\]$/)
    expect(lines[1]).toContain('Add starting content')
    const filtered = await script('history-list.ts', ['--item', 'testimonials'], { CONTENT_ROOT: f.root })
    expect(filtered.stdout).not.toContain('Update service')
    const bad = await script('history-list.ts', ['--root', f.root, '--item', 'nope'])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain('Unknown content item')
  })

  it('history-show prints fields, not YAML', async () => {
    const { code, stdout } = await script('history-show.ts', [f.head().slice(0, 7), '--root', f.root])
    expect(code).toBe(0)
    expect(stdout).toContain('Service "Bouquets" (changed) — content/services/bouquets.yaml')
    expect(stdout).toContain('  Pricing\n    - Small: $45\n    + Small: $99')
    expect(stdout).toContain('Picture without a description (Service "Bouquets") (removed) — uploads/bq-1.jpg')
  })

  it('history-restore restores a service as a new commit and brings back its image', async () => {
    const dry = await script('history-restore.ts', ['services/bouquets', first, '--root', f.root, '--dry-run'])
    expect(dry.stdout).toContain('write  content/services/bouquets.yaml')
    expect(f.git('status', '--porcelain')).toBe('')
    const { code, stdout } = await script('history-restore.ts', ['services/bouquets', first, '--root', f.root], {
      GIT_AUTHOR_NAME: 'Dev Restore',
    })
    expect(code).toBe(0)
    expect(stdout).toMatch(/Restore service "Bouquets" to [0-9a-f]{7}/)
    expect(stdout).toContain('brought back uploads/bq-1.jpg')
    expect(YAML.parse(readFileSync(join(f.root, 'content/services/bouquets.yaml'), 'utf8')).pricingInfo).toBe('Small: $45')
    expect(existsSync(join(f.root, 'uploads/bq-1.jpg'))).toBe(true)
    expect(f.git('log', '-1', '--format=%an|%(trailers:key=Restored-From,valueonly)').trim()).toBe(`Dev Restore|${first}`)
    expect(f.git('rev-list', '--count', 'HEAD').trim()).toBe('4')
    const unknown = await script('history-restore.ts', ['bogus', first, '--root', f.root])
    expect(unknown.code).toBe(1)
  })
})
