// Service Management's list as the owner sees it: the services flagged for a broken file, the selection after a reload
// or a delete, the order after a drag, showing and hiding, and the sentences said on the way.
import { describe, expect, it } from 'vitest'
import {
  afterDelete,
  asksBeforeShowing,
  brokenServiceIds,
  draggedOrder,
  inOrder,
  keptSelection,
  newIdHint,
  placeholderQuestion,
  replaceService,
  visibilityFailure,
  visibilityNotice,
  withVisibility,
} from './services-list-rules'

const svc = (id: string, visible = true, title = id) => ({ id, visible, title, images: [] as unknown[] })

describe('the services list', () => {
  it('flags the services whose own file has an error, and no other file', () => {
    const broken = brokenServiceIds([
      { file: 'content/services/arches.yaml' },
      { file: 'content/services/wedding-walls.yaml' },
      { file: 'content/services.yaml' },
      { file: 'content/services/notes.yml' },
      { file: 'content/pricing.yaml' },
      { file: 'old/content/services/garlands.yaml' },
      { file: 'content/services/.yaml' },
    ])
    expect([...broken].sort()).toEqual(['arches', 'wedding-walls'])
    expect(brokenServiceIds([]).size).toBe(0)
  })

  it('keeps the selected service after a reload while it exists, else selects the first, else none', () => {
    const list = [svc('a'), svc('b')]
    expect(keptSelection('b', list)).toBe('b')
    expect(keptSelection('gone', list)).toBe('a')
    expect(keptSelection(null, list)).toBe('a')
    expect(keptSelection('b', [])).toBeNull()
    expect(keptSelection(null, [])).toBeNull()
  })

  it('puts the services in the order a drag left, dropping ids it does not know', () => {
    const list = [svc('a'), svc('b'), svc('c')]
    expect(inOrder(list, ['c', 'a', 'b']).map((s) => s.id)).toEqual(['c', 'a', 'b'])
    expect(inOrder(list, ['b', 'zz', 'a']).map((s) => s.id)).toEqual(['b', 'a'])
  })

  it('moves the dragged service to where it was dropped; nothing for a drop on itself or nowhere', () => {
    const ids = ['a', 'b', 'c', 'd']
    expect(draggedOrder(ids, 'a', 'c')).toEqual(['b', 'c', 'a', 'd'])
    expect(draggedOrder(ids, 'd', 'b')).toEqual(['a', 'd', 'b', 'c'])
    expect(draggedOrder(ids, 'b', 'b')).toBeNull()
    expect(draggedOrder(ids, 'b', null)).toBeNull()
    expect(ids).toEqual(['a', 'b', 'c', 'd'])
  })

  it('puts a saved service in its place; a list not loaded stays unloaded', () => {
    const list = [svc('a'), svc('b')]
    const saved = { ...svc('b'), title: 'Arches' }
    expect(replaceService(list, saved)).toEqual([svc('a'), saved])
    expect(replaceService(list, svc('z'))).toEqual(list)
    expect(replaceService(null, saved)).toBeNull()
  })

  it('shows or hides one service only', () => {
    const list = [svc('a', true), svc('b', true)]
    expect(withVisibility(list, 'b', false)).toEqual([svc('a', true), svc('b', false)])
    expect(withVisibility([svc('a', false)], 'a', true)).toEqual([svc('a', true)])
    expect(withVisibility(null, 'a', true)).toBeNull()
  })

  it('asks before showing a service without a picture, not before hiding one or showing one with pictures', () => {
    expect(asksBeforeShowing({ images: [] }, true)).toBe(true)
    expect(asksBeforeShowing({ images: [] }, false)).toBe(false)
    expect(asksBeforeShowing({ images: [{ id: 'p1' }] as never }, true)).toBe(false)
  })

  it('after a delete, selects the first service left, or none', () => {
    expect(afterDelete([svc('a'), svc('b'), svc('c')], 'a')).toEqual({ list: [svc('b'), svc('c')], selected: 'b' })
    expect(afterDelete([svc('a'), svc('b')], 'b')).toEqual({ list: [svc('a')], selected: 'a' })
    expect(afterDelete([svc('a')], 'a')).toEqual({ list: [], selected: null })
    expect(afterDelete(null, 'a')).toEqual({ list: [], selected: null })
  })
})

describe('what the owner reads', () => {
  it('after showing or hiding, and when that failed', () => {
    expect(visibilityNotice('Arches', true)).toBe('"Arches" is now shown on the website.')
    expect(visibilityNotice('Arches', false)).toBe('"Arches" is now hidden from the website.')
    expect(visibilityFailure('Arches')).toBe('Could not update visibility for Arches. The change is reverted.')
  })

  it('before a service without a picture goes public', () => {
    expect(placeholderQuestion('Arches')).toBe(
      '"Arches" has no picture, so visitors will see a balloon placeholder on its card and page. Keep it hidden until it has a picture? You can show it later with its switch.',
    )
  })
})

describe('the new service id', () => {
  it('is written as the server writes it, and says the web address it makes', () => {
    expect(newIdHint('  Baby Showers ', ['arches'])).toEqual({
      id: 'baby-showers',
      taken: false,
      hint: 'Web address: /services/baby-showers (lowercase letters, numbers and hyphens)',
    })
  })

  it('says when a service has it already, whatever the case typed', () => {
    expect(newIdHint('Arches', ['arches'])).toEqual({ id: 'arches', taken: true, hint: 'A service with the ID "arches" already exists.' })
    expect(newIdHint('arch', ['arches']).taken).toBe(false)
  })

  it('explains how to write one while nothing is typed', () => {
    for (const typed of ['', '   '])
      expect(newIdHint(typed, ['', 'arches'])).toEqual({
        id: '',
        taken: false,
        hint: 'Lowercase letters, numbers and hyphens, e.g. "baby-showers". Used in the web address.',
      })
  })
})
