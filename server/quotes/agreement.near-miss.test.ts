// The agreement's 50,000-character limit at its edge: the file's own final line break is not part of the agreement,
// so exactly 50,000 characters and a final newline (as every saved file ends) is served; one more character is not.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ContentStore } from '../lib/content-store'
import { makeTempContentRoot, type TempContentRoot } from '../testing/temp-content'
import { readAgreement } from './agreement'

let content: TempContentRoot
beforeEach(() => {
  content = makeTempContentRoot({ seed: false })
})
afterEach(() => content.cleanup())

const TOO_LONG = 'content/agreement.md: field "text": The agreement is 50,000 characters at most'
const read = () => readAgreement(new ContentStore(content.root))
function commit(text: string) {
  writeFileSync(join(content.root, 'content/agreement.md'), text)
  content.git('add', '--', 'content/agreement.md')
  content.git('commit', '-qm', 'Terms')
  return content.git('log', '-1', '--format=%H').trim()
}

describe('the 50,000-character limit', () => {
  it.each([
    ['a final newline', '\n'],
    ['a final Windows line break', '\r\n'],
  ])('50,000 characters and %s are served, named by their commit', async (_name, ending) => {
    const hash = commit(`${'a'.repeat(50_000)}${ending}`)
    expect(await read()).toEqual({ template: 'a'.repeat(50_000), commit: hash })
  })

  it.each([
    ['50,001 characters', 'a'.repeat(50_001)],
    ['50,001 characters and a final newline', `${'a'.repeat(50_001)}\n`],
    ['50,000 characters and a character after the final newline', `${'a'.repeat(50_000)}\nb`],
  ])('%s are refused', async (_name, text) => {
    commit(text)
    await expect(read()).rejects.toThrow(TOO_LONG)
  })
})
