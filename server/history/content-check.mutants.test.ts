// Whether a content file's text reads as valid content, and the words and place History gives when it does not.
import { describe, expect, it } from 'vitest'
import { contentFileProblem } from './content-check'
import { serviceYaml } from './history.fixture'

const SERVICE = 'content/services/bouquets.yaml'
const DELIVERY = 'content/delivery-installation.md'

describe('contentFileProblem', () => {
  it('valid content, files the site does not read, and a service file that leaves its id to the file name pass', () => {
    expect(contentFileProblem(SERVICE, serviceYaml('bouquets', 'Bouquets'))).toBeNull()
    expect(contentFileProblem(SERVICE, serviceYaml('bouquets', 'Bouquets').replace('id: bouquets\n', ''))).toBeNull()
    expect(contentFileProblem(DELIVERY, '# Delivery\n\nWe deliver.\n')).toBeNull()
    expect(contentFileProblem('content/notes.yaml', 'x: [\n')).toBeNull()
    expect(contentFileProblem('README.md', '<<<<<<< HEAD\n=======\n>>>>>>> x\n')).toBeNull()
  })

  it("names the field and the schema's words; the file's own id wins over its name", () => {
    expect(contentFileProblem(SERVICE, serviceYaml('Bad Id!', 'Bouquets'))).toEqual({
      field: 'id',
      message: 'Use lowercase letters, numbers and hyphens',
    })
    expect(contentFileProblem('content/testimonials.yaml', '- id: t1\n  quote: ""\n  author: Ann\n')).toEqual({
      field: '0.quote',
      message: 'Quote and Customer are required.',
    })
    expect(contentFileProblem('content/site.yaml', 'brand: 1\n')).toMatchObject({ field: 'brand' })
  })

  it('a file that is not the right shape at all has no field, only the words', () => {
    const list = contentFileProblem(SERVICE, '- a\n- b\n')
    expect(list).toEqual({ message: 'Invalid input: expected object, received array' })
    expect(contentFileProblem('content/testimonials.yaml', 'not: a list\n')).toEqual({
      message: 'Invalid input: expected array, received object',
    })
    expect(contentFileProblem('content/site.yaml', '')).toEqual({ message: 'Invalid input: expected object, received null' })
  })

  it("YAML that cannot be read: the line, and the parser's words without its position", () => {
    expect(contentFileProblem(SERVICE, 'title: [\n')).toEqual({
      line: 2,
      message: 'The file is not valid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]',
    })
    expect(contentFileProblem(SERVICE, 'title: 1\n  x: [\n')).toEqual({
      line: 1,
      message: 'The file is not valid YAML: Nested mappings are not allowed in compact mappings',
    })
    expect(contentFileProblem(SERVICE, 'a: 1\na: 2\n')).toEqual({ line: 2, message: 'The file is not valid YAML: Map keys must be unique' })
  })

  it('the conflict markers of an unfinished merge, with their line, before anything else', () => {
    const conflicted = 'a: 1\nb: 2\n<<<<<<< HEAD\ntitle: A\n=======\ntitle: B\n>>>>>>> laptop\n'
    const words = 'The file still holds the conflict markers of an unfinished git merge'
    expect(contentFileProblem(SERVICE, conflicted)).toEqual({ line: 3, message: words })
    expect(contentFileProblem(DELIVERY, `# Delivery\n\n${conflicted}`)).toEqual({ line: 5, message: words })
  })

  it('YAML broken far down the file: the line is given apart, the sentence has no position in it', () => {
    const text = `${Array.from({ length: 11 }, (_, i) => `k${i}: 1\n`).join('')}list: [one,\n          two\n`
    const problem = contentFileProblem(SERVICE, text)
    expect(problem?.line).toBeGreaterThanOrEqual(10)
    expect(problem?.message).toMatch(/^The file is not valid YAML: [^:]+$/)
    expect(problem?.message).not.toMatch(/line \d|column \d/)
    const far = `${Array.from({ length: 11 }, (_, i) => `k${i}: 1\n`).join('')}title: "abc" def\n`
    expect(contentFileProblem(SERVICE, far)).toEqual({ line: 12, message: 'The file is not valid YAML: Unexpected scalar at node end' })
  })

  it('markdown: its front matter read as YAML, its body as the page text after leading blank lines', () => {
    expect(contentFileProblem(DELIVERY, '---\ntitle: [\n---\n# x\n')).toEqual({
      message: 'Flow sequence in block collection must be sufficiently indented and end with a ] at line 2, column 9',
    })
    expect(contentFileProblem(DELIVERY, '---js\n{}\n---\n# x\n')).toEqual({ message: 'The page must start with YAML front matter' })
    expect(contentFileProblem(DELIVERY, '---\ntitle: x\n---\n\n\n---js\n{}\n---\n')).toEqual({
      field: 'markdownContent',
      message: 'The page must start with YAML front matter',
    })
    expect(contentFileProblem(DELIVERY, '---\ntitle: x\n---\n\n\nHello')).toBeNull()
  })
})
