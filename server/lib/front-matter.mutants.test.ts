// Front matter and YAML files read as plain data only, and a file that does not read fails with the parser's own first
// line: the near misses of the rules in front-matter.ts and front-matter-marker.ts.
import { describe, expect, it } from 'vitest'
import { FrontMatterError, parseFrontMatter, parserWords, parseYaml } from './front-matter'
import { frontMatterLanguage, hasForeignFrontMatter } from './front-matter-marker'

/** What parseFrontMatter threw, for its type, name, message and cause. */
function thrown(text: string): FrontMatterError {
  try {
    parseFrontMatter(text)
  } catch (err) {
    return err as FrontMatterError
  }
  throw new Error('parseFrontMatter did not throw')
}

describe('front matter in a language no engine is listed for', () => {
  it.each(['perl', 'ruby', 'yamlx', 'yml2'])('---%s is refused with the YAML-only message', (marker) => {
    const err = thrown(`---${marker}\ntitle: A\n---\nbody`)
    expect(err).toBeInstanceOf(FrontMatterError)
    expect(err.message).toBe('The page must start with YAML front matter')
  })
})

describe('front matter that is not valid YAML', () => {
  it('fails as a FrontMatterError carrying the first line of the parser message and the parser error as its cause', () => {
    const err = thrown('---\ntitle: "unclosed\n---\nbody\n')
    expect(err).toBeInstanceOf(FrontMatterError)
    expect(err.name).toBe('FrontMatterError')
    expect(String(err)).toBe('FrontMatterError: Missing closing "quote at line 2, column 17:')
    expect(err.cause).toBeInstanceOf(Error)
    expect((err.cause as Error).message).toMatch(/^Missing closing "quote at line 2, column 17:\n/)
  })

  it("the owner reads the parser's sentence without the excerpt below it or the colon that leads there", () => {
    expect(parserWords(thrown('---\ntitle: "unclosed\n---\nbody\n'))).toBe('Missing closing "quote at line 2, column 17')
    expect(parserWords(new Error('Tabs: not allowed'))).toBe('Tabs: not allowed')
  })

  it('a name given twice is refused, not read as its last value', () => {
    expect(thrown('---\ntitle: First\ntitle: Second\n---\nbody').message).toBe('Map keys must be unique at line 3, column 1:')
    expect(() => parseYaml('title: First\ntitle: Second\n')).toThrow('Map keys must be unique')
  })

  it.each([
    ['a number', '---\n42\n---\nbody'],
    ['a sentence', '---\njust some words\n---\nbody'],
    ['a list', '---\n- a\n---\nbody'],
  ])('front matter that is %s is refused: it must be "name: value" lines', (_, text) => {
    const err = thrown(text)
    expect(err).toBeInstanceOf(FrontMatterError)
    expect(err.message).toBe('The front matter must be a list of "name: value" lines')
  })

  it('empty or comment-only front matter is no data, not an error', () => {
    expect(parseFrontMatter('---\n---\nbody')).toEqual({ data: {}, content: 'body' })
    expect(parseFrontMatter('---\n~\n---\nbody')).toEqual({ data: {}, content: 'body' })
  })
})

describe('YAML is plain data', () => {
  // YAML 1.1's object tags (the yaml library resolves them in its core schema unless told not to): a Set, a Map, a
  // Buffer or a Date would reach the content schemas (and lose data as JSON), so each is refused like any other tag.
  it.each([
    ['!!set', 'a: !!set {x, y}\n'],
    ['!!omap', 'a: !!omap [x: 1]\n'],
    ['!!pairs', 'a: !!pairs [x: 1]\n'],
    ['!!binary', 'a: !!binary aGVsbG8=\n'],
    ['!!timestamp', 'a: !!timestamp 2001-12-14\n'],
    ['the long form of !!binary', 'a: !<tag:yaml.org,2002:binary> aGk=\n'],
  ])('%s is refused', (_, text) => {
    expect(() => parseYaml(text)).toThrow(/^Unresolved tag: tag:yaml\.org,2002:/)
    expect(() => parseFrontMatter(`---\n${text}---\nbody`)).toThrow(FrontMatterError)
  })

  it('the core tags still read as the values they name', () => {
    expect(parseYaml('a: !!str 5\nb: !!int 7\nc: !!bool true\nd: !!null\ne: !!seq [1]\nf: !!map {g: 1}\n')).toEqual({
      a: '5',
      b: 7,
      c: true,
      d: null,
      e: [1],
      f: { g: 1 },
    })
  })

  it('a "<<" key is a name like any other, not a merge of another map', () => {
    expect(parseYaml('base: &b {color: red}\nitem:\n  <<: *b\n  size: 2\n')).toEqual({
      base: { color: 'red' },
      item: { '<<': { color: 'red' }, size: 2 },
    })
    expect(parseFrontMatter('---\n<<: {title: A}\n---\nbody').data).toEqual({ '<<': { title: 'A' } })
  })

  it('yes, no, on and off are words (YAML 1.2), and a leading zero is not octal', () => {
    expect(parseYaml('a: yes\nb: off\nc: 010\n')).toEqual({ a: 'yes', b: 'off', c: 10 })
  })

  it('a warning that is not about a tag (an unknown directive) does not refuse the file', () => {
    expect(parseYaml('%FOO bar\n---\ntitle: A\n')).toEqual({ title: 'A' })
  })
})

describe('the front matter language behind a byte-order mark', () => {
  it('is read after the mark, as gray-matter reads it', () => {
    expect(frontMatterLanguage('\uFEFF---js\nx\n---\n')).toBe('js')
    expect(frontMatterLanguage('\uFEFF---\nx: 1\n---\n')).toBe('')
    expect(hasForeignFrontMatter('\uFEFF---coffee\nx\n---\n')).toBe(true)
    // A mark at the end of the text is no mark.
    expect(frontMatterLanguage('# Title\n\uFEFF')).toBeNull()
  })

  it('a mark later in the text does not make front matter', () => {
    expect(frontMatterLanguage('x\uFEFF---js\n')).toBeNull()
  })
})
