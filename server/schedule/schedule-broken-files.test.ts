// The public read cache's turnover times when another content file is broken with no valid version to fall back on:
// a broken FAQ or site settings file costs only itself, the services' schedules still count.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ContentStore } from '../lib/content-store'
import { makeTempContentRoot, type TempContentRoot } from '../testing/temp-content'
import { contentScheduleBoundaries } from './schedule'

const FROM = '2027-01-01T09:00:00-08:00'
const UNTIL = '2027-02-01T09:00:00-08:00'
let t: TempContentRoot
afterEach(() => {
  vi.restoreAllMocks()
  t.cleanup()
})

describe('schedule boundaries beside broken files', () => {
  it("a FAQ and site settings that cannot be read leave the services' show-from and show-until times", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    t = makeTempContentRoot({
      seed: false,
      files: {
        'content/services/arches.yaml': `title: Arches\ndescription: Arches for all.\nvisible: true\nshowFrom: ${FROM}\nshowUntil: ${UNTIL}\n`,
      },
    })
    // Never committed: there is no valid version of either to serve instead.
    writeFileSync(join(t.root, 'content/faq.yaml'), '- id: [unclosed\n')
    writeFileSync(join(t.root, 'content/site.yaml'), 'brand: [unclosed\n')
    expect(await contentScheduleBoundaries(new ContentStore(t.root))).toEqual([Date.parse(FROM), Date.parse(UNTIL)])
  })
})
