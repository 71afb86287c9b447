import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { FrontMatterError, parseFrontMatter, parseYaml, stringifyFrontMatter } from './front-matter'
import { frontMatterLanguage, hasForeignFrontMatter } from './front-matter-marker'

const dir = mkdtempSync(join(tmpdir(), 'front-matter-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Front matter that, if any engine ran it, would leave a file behind. */
const payload = (marker: string, proof: string) =>
  `---${marker}\n({title: require('fs').writeFileSync(${JSON.stringify(proof)}, 'ran') || 'x'})\n---\nWe deliver across the metro area.\n`

describe('parseFrontMatter', () => {
  it('reads YAML front matter and the body', () => {
    expect(parseFrontMatter('---\ntitle: Delivery\ncount: 2\n---\n# Hello\n')).toEqual({
      data: { title: 'Delivery', count: 2 },
      content: '# Hello\n',
    })
    expect(parseFrontMatter('---yaml\ntitle: A\n---\nbody')).toEqual({ data: { title: 'A' }, content: 'body' })
    expect(parseFrontMatter('# No front matter\n')).toEqual({ data: {}, content: '# No front matter\n' })
  })

  it.each(['js', 'javascript', 'coffee', 'JS', ' javascript ', 'coffeescript', 'cson', 'json', 'toml'])(
    'refuses ---%s without running it',
    (marker) => {
      const proof = join(dir, `proof-${marker.trim()}.txt`)
      expect(() => parseFrontMatter(payload(marker, proof))).toThrow(new FrontMatterError('The page must start with YAML front matter'))
      expect(existsSync(proof)).toBe(false)
    },
  )

  it('refuses a foreign marker behind a byte-order mark too', () => {
    const proof = join(dir, 'proof-bom.txt')
    expect(() => parseFrontMatter(`\uFEFF${payload('js', proof)}`)).toThrow(FrontMatterError)
    expect(existsSync(proof)).toBe(false)
  })

  it('refuses YAML tags that would build objects, and front matter that is not a map', () => {
    expect(() => parseFrontMatter('---\nrun: !!js/function "function () { return 1 }"\n---\nbody')).toThrow(/tag/i)
    expect(() => parseFrontMatter('---\n- a\n- b\n---\nbody')).toThrow('The front matter must be a list of "name: value" lines')
  })

  it('writes YAML front matter that reads back the same', () => {
    const text = stringifyFrontMatter('# Body\n', { title: 'Delivery: metro', list: ['a'] })
    expect(text).toBe('---\ntitle: "Delivery: metro"\nlist:\n  - a\n---\n# Body\n')
    expect(parseFrontMatter(text)).toEqual({ data: { title: 'Delivery: metro', list: ['a'] }, content: '# Body\n' })
    expect(stringifyFrontMatter('# Body\n', {})).toBe('# Body\n')
  })
})

describe('parseYaml', () => {
  it('reads plain YAML data', () => expect(parseYaml('a: 1\nb: [x, true]\n')).toEqual({ a: 1, b: ['x', true] }))
  it('refuses unknown tags instead of reading them as strings', () => {
    expect(() => parseYaml('a: !!python/object:os.system ls\n')).toThrow()
    expect(() => parseYaml('a: !custom x\n')).toThrow()
  })
  it('refuses an alias bomb', () => {
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      ...'bcdefgh'.split('').map((k, i) => `${k}: &${k} [${Array(10).fill(`*${'abcdefgh'[i]}`).join(', ')}]`),
    ].join('\n')
    expect(() => parseYaml(bomb)).toThrow()
  })
})

describe('frontMatterLanguage', () => {
  it('reads the word after the opening fence', () => {
    expect(frontMatterLanguage('---js\nx\n---\n')).toBe('js')
    expect(frontMatterLanguage('--- Coffee \r\nx\n---\n')).toBe('coffee')
    expect(frontMatterLanguage('---\nx: 1\n---\n')).toBe('')
    expect(frontMatterLanguage('----\nA rule, not front matter')).toBeNull()
    expect(frontMatterLanguage('# Title\n---js\n')).toBeNull()
  })
  it('counts only YAML as safe', () => {
    expect(hasForeignFrontMatter('---yml\na: 1\n---\n')).toBe(false)
    expect(hasForeignFrontMatter('---YAML\na: 1\n---\n')).toBe(false)
    expect(hasForeignFrontMatter('---javascript\n1\n---\n')).toBe(true)
  })
})
