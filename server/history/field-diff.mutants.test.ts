// History's field changes for files without a kind of their own and for picture files: the whole text, a value,
// a record by key, a picture. Pure.
import { describe, expect, it } from 'vitest'
import { diffContentFile } from './field-diff'

describe('files History has no fields for', () => {
  it('a markdown file whose text is the same below its front matter and blank lines: no change', () => {
    expect(diffContentFile('content/notes.md', '---\na: 1\n---\n\n\nHello\n', '---\na: 2\n---\nHello\n')).toEqual(null)
  })

  it('a markdown file without a kind: its text', () => {
    expect(diffContentFile('content/notes.md', 'Hello\n', 'Bye\n')).toEqual({
      item: 'notes.md',
      label: 'notes.md',
      path: 'content/notes.md',
      change: 'changed',
      fields: [{ field: 'markdownContent', label: 'Text', kind: 'text', change: 'changed', before: 'Hello\n', after: 'Bye\n' }],
    })
  })

  it('another file: its whole text', () => {
    expect(diffContentFile('content/notes.txt', 'a', 'b')).toEqual({
      item: 'notes.txt',
      label: 'notes.txt',
      path: 'content/notes.txt',
      change: 'changed',
      fields: [{ field: 'text', label: 'File text', kind: 'text', change: 'changed', before: 'a', after: 'b' }],
    })
  })

  it('another file unchanged: no change', () => {
    expect(diffContentFile('content/notes.txt', 'a', 'a')).toEqual(null)
  })

  it('another file added', () => {
    expect(diffContentFile('content/notes.txt', null, 'a')).toEqual({
      item: 'notes.txt',
      label: 'notes.txt',
      path: 'content/notes.txt',
      change: 'added',
      fields: [{ field: 'text', label: 'File text', kind: 'text', change: 'added', before: null, after: 'a' }],
    })
  })

  it('another file removed', () => {
    expect(diffContentFile('content/notes.txt', 'a', null)).toEqual({
      item: 'notes.txt',
      label: 'notes.txt',
      path: 'content/notes.txt',
      change: 'removed',
      fields: [{ field: 'text', label: 'File text', kind: 'text', change: 'removed', before: 'a', after: null }],
    })
  })

  it('YAML that does not parse: its whole text', () => {
    expect(diffContentFile('content/other.yaml', 'a: [', 'a: 1\n')).toEqual({
      item: 'other.yaml',
      label: 'other.yaml',
      path: 'content/other.yaml',
      change: 'changed',
      fields: [{ field: 'text', label: 'File text', kind: 'text', change: 'changed', before: 'a: [', after: 'a: 1\n' }],
    })
  })

  it('YAML that does not parse, unchanged: no change', () => {
    expect(diffContentFile('content/other.yaml', 'a: [', 'a: [')).toEqual(null)
  })

  it('a YAML value that is not a record', () => {
    expect(diffContentFile('content/other.yaml', '1\n', '2\n')).toEqual({
      item: 'other.yaml',
      label: 'other.yaml',
      path: 'content/other.yaml',
      change: 'changed',
      fields: [{ field: 'value', label: 'Value', kind: 'text', change: 'changed', before: '1', after: '2' }],
    })
  })

  it('a YAML value unchanged: no change', () => {
    expect(diffContentFile('content/other.yaml', '1\n', '1\n')).toEqual(null)
  })

  it('a YAML list: one line per entry', () => {
    expect(diffContentFile('content/other.yaml', '- a\n- 2\n', '- a\n- 3\n')).toEqual({
      item: 'other.yaml',
      label: 'other.yaml',
      path: 'content/other.yaml',
      change: 'changed',
      fields: [{ field: 'value', label: 'Value', kind: 'text', change: 'changed', before: 'a\n2', after: 'a\n3' }],
    })
  })

  it('a record without a kind: by key, switches as Yes/No, nested records as YAML, a cleared value', () => {
    expect(diffContentFile('content/other.yaml', 'a: [1, 2]\nb: {x: 1}\nc: true\nd: null\n', 'a: [1, 3]\nb: {x: 2}\nc: false\n')).toEqual({
      item: 'other.yaml',
      label: 'other.yaml',
      path: 'content/other.yaml',
      change: 'changed',
      fields: [
        { field: 'a', label: 'a', kind: 'text', change: 'changed', before: '1\n2', after: '1\n3' },
        { field: 'b', label: 'b', kind: 'text', change: 'changed', before: 'x: 1', after: 'x: 2' },
        { field: 'c', label: 'c', kind: 'text', change: 'changed', before: 'Yes', after: 'No' },
        { field: 'd', label: 'd', kind: 'text', change: 'removed', before: '(not set)', after: null },
      ],
    })
  })

  it('a picture file added', () => {
    expect(diffContentFile('uploads/a-1.jpg', null, 'bytes')).toEqual({
      item: 'uploads/a-1.jpg',
      label: 'Image a-1.jpg',
      path: 'uploads/a-1.jpg',
      change: 'added',
      fields: [{ field: 'image', label: 'Image', kind: 'images', change: 'added', before: null, after: ['/uploads/a-1.jpg'] }],
    })
  })

  it('a picture file removed', () => {
    expect(diffContentFile('uploads/a-1.jpg', 'bytes', null)).toEqual({
      item: 'uploads/a-1.jpg',
      label: 'Image a-1.jpg',
      path: 'uploads/a-1.jpg',
      change: 'removed',
      fields: [{ field: 'image', label: 'Image', kind: 'images', change: 'removed', before: ['/uploads/a-1.jpg'], after: null }],
    })
  })

  it('a picture file replaced', () => {
    expect(diffContentFile('uploads/a-1.jpg', 'x', 'y')).toEqual({
      item: 'uploads/a-1.jpg',
      label: 'Image a-1.jpg',
      path: 'uploads/a-1.jpg',
      change: 'changed',
      fields: [
        { field: 'image', label: 'Image', kind: 'images', change: 'changed', before: ['/uploads/a-1.jpg'], after: ['/uploads/a-1.jpg'] },
      ],
    })
  })
})
