// The contact form's bot traps at their edges: a form sent 999 ms after it opened is a bot's, 1000 ms a person's;
// a honeypot holding only spaces is empty, one holding a single character is filled.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp, fixtureFiles, makeJpeg, type TestApp } from '../testing/test-app'
import { TIME_TRAP_MS } from './inquiries.routes'
import { GARLANDS_SERVICE, sampleInquiry } from './testing-inquiry'

let t: TestApp
afterEach(() => t?.cleanup())
let client = 0
const contact = (json: unknown) => t.call('POST', '/api/contact', { json, headers: { 'X-Forwarded-For': `10.1.0.${++client}` } })
const stored = () => {
  try {
    return readdirSync(join(t.dataDir, 'inquiries')).filter((n) => n.endsWith('.json')).length
  } catch {
    return 0
  }
}

describe('bot traps at their edges', () => {
  it('one millisecond under the time trap is answered as a person but kept nowhere; at the trap it is kept', async () => {
    t = await createTestApp({
      files: { ...fixtureFiles(await makeJpeg()), 'content/services/balloon-garlands.yaml': GARLANDS_SERVICE },
      env: { TRUST_PROXY: '1' },
    })
    expect(TIME_TRAP_MS).toBe(1000)
    const fast = await contact({ ...sampleInquiry(), formMs: TIME_TRAP_MS - 1 })
    expect(fast.status).toBe(200)
    expect((await fast.json()).ok).toBe(true)
    expect(stored()).toBe(0)
    expect((await contact({ ...sampleInquiry(), formMs: TIME_TRAP_MS })).status).toBe(200)
    expect(stored()).toBe(1)
  })

  it('a honeypot of spaces or null is empty; one character fills it', async () => {
    t = await createTestApp({
      files: { ...fixtureFiles(await makeJpeg()), 'content/services/balloon-garlands.yaml': GARLANDS_SERVICE },
      env: { TRUST_PROXY: '1' },
    })
    for (const website of ['   ', null, '']) expect((await contact({ ...sampleInquiry(), website })).status).toBe(200)
    expect(stored()).toBe(3)
    for (const website of ['x', ' x ', 0, false]) expect((await contact({ ...sampleInquiry(), website })).status).toBe(200)
    expect(stored()).toBe(3)
  })
})
