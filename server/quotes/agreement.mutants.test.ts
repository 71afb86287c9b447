// The agreement a client is shown (issue 32): the studio's standard terms word for word when the site has no
// content/agreement.md, the file's own text (trailing blank lines dropped) with the commit that last changed it, no
// commit for a file git does not have, and the length limit at its edge.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ContentStore } from '../lib/content-store'
import { makeTempContentRoot, type TempContentRoot } from '../testing/temp-content'
import { DEFAULT_AGREEMENT, fillAgreement, readAgreement, sha256 } from './agreement'

let content: TempContentRoot
beforeEach(() => {
  content = makeTempContentRoot({ seed: false })
})
afterEach(() => content.cleanup())

const read = () => readAgreement(new ContentStore(content.root))
const write = (text: string) => writeFileSync(join(content.root, 'content/agreement.md'), text)
const commit = (message: string, path = 'content/agreement.md') => {
  content.git('add', '--', path)
  content.git('commit', '-qm', message)
  return content.git('log', '-1', '--format=%H').trim()
}

describe('without content/agreement.md', () => {
  it("is the studio's standard terms, every line, with no commit", async () => {
    expect(await read()).toEqual({
      template: [
        'By accepting this quote, {clientName} books {studioName} for the event on {eventDate}.',
        '',
        '- The deposit of {deposit} reserves the date and is non-refundable.',
        '- The balance of {balance} is due by {balanceDueDate}.',
        '- Balloons are weather-sensitive: outdoor pieces may be adjusted for heat, rain or wind.',
        '- Strike (take-down) is included when it is listed in the quote.',
      ].join('\n'),
      commit: null,
    })
    const filled = fillAgreement(DEFAULT_AGREEMENT, {
      clientName: 'Jane Doe',
      studioName: 'Peony & Pine',
      eventDate: '2099-12-05',
      totals: { totalCents: 50_000, depositCents: 15_000, balanceCents: 35_000 } as never,
      balanceDueDate: '2099-11-28',
    })
    expect(filled).toContain('By accepting this quote, Jane Doe books Peony & Pine for the event on 2099-12-05.')
    expect(filled).toContain('- The deposit of $150.00 reserves the date and is non-refundable.')
    expect(filled).toContain('- The balance of $350.00 is due by 2099-11-28.')
  })
})

describe('with content/agreement.md', () => {
  it('is the text without its trailing blank lines, and the commit that last changed the file (not a later one)', async () => {
    write('# Terms\n\n{clientName} agrees.\n\n\n')
    const own = commit('Add the agreement')
    writeFileSync(join(content.root, 'content/other.md'), 'x\n')
    commit('Something else', 'content/other.md')
    expect(await read()).toEqual({ template: '# Terms\n\n{clientName} agrees.', commit: own })
  })

  it('a newest version that does not validate is served as the last valid one, named by that commit', async () => {
    write('Terms one.\n')
    const valid = commit('Valid terms')
    write('Terms two\u0007.\n')
    commit('Broken terms')
    const read1 = await read()
    expect(read1).toEqual({ template: 'Terms one.', commit: valid })
    // The commit named gives the text served, so what a client signs can be shown from git.
    expect(content.git('show', `${read1.commit}:content/agreement.md`)).toBe('Terms one.\n')
  })

  it('an edit not committed yet is served with no commit (no commit holds that text)', async () => {
    write('Terms one.\n')
    commit('Valid terms')
    write('Terms edited, not committed.\n')
    expect(await read()).toEqual({ template: 'Terms edited, not committed.', commit: null })
  })

  it('a version with front matter is read as its body, and an older commit with the same text is named', async () => {
    write('---\ntitle: Terms\n---\n\nSame terms.\n')
    const first = commit('Terms with a title')
    write('Other terms.\n')
    commit('Other terms')
    write('---\ntitle: Terms\n---\n\nSame terms.\n')
    expect(await read()).toEqual({ template: 'Same terms.', commit: first })
  })

  it('a body after its front matter and several blank lines is named by its commit, as the store reads it', async () => {
    write('---\ntitle: Terms\n---\n\n\n\nSpaced terms.\n')
    const own = commit('Spaced terms')
    expect(await read()).toEqual({ template: 'Spaced terms.', commit: own })
  })

  it('a control character in the file is refused, naming the agreement', async () => {
    write('Terms\u0007.')
    commit('Bell')
    await expect(read()).rejects.toThrow('content/agreement.md: field "text": The agreement must not contain control characters')
  })

  it('a file git does not have yet has no commit', async () => {
    write('Uncommitted terms.\n')
    expect(await read()).toEqual({ template: 'Uncommitted terms.', commit: null })
  })

  it('is 50,000 characters at most', async () => {
    write('a'.repeat(50_001))
    commit('Too long')
    await expect(read()).rejects.toThrow('content/agreement.md: field "text": The agreement is 50,000 characters at most')
    write('a'.repeat(50_000))
    commit('Long terms')
    expect((await read()).template).toHaveLength(50_000)
  })
})

describe("the signed text's SHA-256", () => {
  it('is the hex SHA-256 of the UTF-8 text', () => {
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(sha256('Zoë')).toBe('c6a12698582fc1104ea24107a2d7268145ff06ef859707729d01fd060897f067')
  })
})
