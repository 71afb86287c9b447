// The content fingerprint changes with every kind of change a developer can make by hand or with git.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeTempContentRoot, type TempContentRoot } from '../testing/temp-content'
import { ContentGeneration } from './content-generation'

describe('content generation', () => {
  let root: TempContentRoot
  beforeEach(() => {
    root = makeTempContentRoot({ seed: false, files: { 'content/site.yaml': 'a: 1\n', 'content/services/one.yaml': 'x: 1\n' } })
  })
  afterEach(() => root.cleanup())

  it('changes on in-place edits, added, renamed and removed files, also once directory listings are reused', async () => {
    const g = new ContentGeneration(root.root)
    const dir = join(root.root, 'content/services')
    const changes = [
      () => writeFileSync(join(dir, 'one.yaml'), 'x: 2\n'),
      () => writeFileSync(join(dir, 'two.yaml'), 'y: 1\n'),
      () => {
        writeFileSync(join(dir, '.tmp-three'), 'z: 1\n')
        renameSync(join(dir, '.tmp-three'), join(dir, 'three.yaml'))
      },
      () => rmSync(join(dir, 'two.yaml')),
      () => mkdirSync(join(root.root, 'content/extra')),
      () => writeFileSync(join(root.root, 'content/extra/new.yaml'), 'n: 1\n'),
    ]
    for (const quiet of [false, true]) {
      if (quiet) await new Promise((r) => setTimeout(r, 2100))
      for (const change of changes.slice(quiet ? 1 : 0, quiet ? 3 : undefined)) {
        const before = await g.current()
        expect(await g.current()).toBe(before)
        change()
        expect(await g.current()).not.toBe(before)
      }
    }
  })
})
