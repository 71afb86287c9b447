// The drag rules every sortable list shares: a drag never starts on a control (checked against a minimal stand-in for
// the page's elements), when a press becomes a drag, and what a screen reader hears while reordering.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DRAG_START, refuseInteractive, reorderAnnouncements, reorderInstructions, startsOnInteractiveElement } from './sortable-sensors'

/** An element with a tag, attributes and a parent; `closest` matches the selector kinds the rule uses. */
class FakeElement {
  constructor(
    readonly tag: string,
    readonly parent: FakeElement | null = null,
    readonly attrs: Record<string, string> = {},
  ) {}
  matches(selector: string): boolean {
    return selector.split(',').some((one) => {
      const s = one.trim()
      const editable = /^\[contenteditable\]:not\(\[contenteditable="false"\]\)$/
      if (editable.test(s)) return 'contenteditable' in this.attrs && this.attrs.contenteditable !== 'false'
      return /^[a-z]+$/.test(s) && s === this.tag
    })
  }
  closest(selector: string): FakeElement | null {
    for (let el: FakeElement | null = this; el; el = el.parent) if (el.matches(selector)) return el
    return null
  }
}

beforeEach(() => vi.stubGlobal('Element', FakeElement))
afterEach(() => vi.unstubAllGlobals())

const row = () => new FakeElement('li', new FakeElement('ol'))

describe('where a drag may start', () => {
  it('not on a form control or media, nor inside one', () => {
    for (const tag of ['input', 'button', 'textarea', 'select', 'option', 'optgroup', 'video', 'audio'])
      expect(startsOnInteractiveElement(new FakeElement(tag, row()) as unknown as Element), tag).toBe(true)
    const icon = new FakeElement('svg', new FakeElement('span', new FakeElement('button', row())))
    expect(startsOnInteractiveElement(icon as unknown as Element)).toBe(true)
  })

  it('not in editable text; text marked not editable is a handle like any other', () => {
    expect(startsOnInteractiveElement(new FakeElement('div', row(), { contenteditable: 'true' }) as unknown as Element)).toBe(true)
    expect(startsOnInteractiveElement(new FakeElement('div', row(), { contenteditable: '' }) as unknown as Element)).toBe(true)
    expect(startsOnInteractiveElement(new FakeElement('div', row(), { contenteditable: 'false' }) as unknown as Element)).toBe(false)
  })

  it('anywhere else on a row, and never for something that is not an element', () => {
    expect(startsOnInteractiveElement(new FakeElement('span', row()) as unknown as Element)).toBe(false)
    expect(startsOnInteractiveElement(row() as unknown as Element)).toBe(false)
    expect(startsOnInteractiveElement(null)).toBe(false)
    expect(startsOnInteractiveElement({ closest: () => ({}) } as unknown as EventTarget)).toBe(false)
  })

  it('each activator refuses a press on a control and passes the rest through to dnd-kit', () => {
    const handler = vi.fn((_event: unknown, ..._rest: unknown[]) => true)
    const [guarded] = refuseInteractive([{ eventName: 'onPointerDown' as const, handler }])
    expect(guarded!.eventName).toBe('onPointerDown')
    const run = guarded!.handler as (event: { nativeEvent: { target: unknown } }, ...rest: unknown[]) => boolean
    expect(run({ nativeEvent: { target: new FakeElement('button', row()) } }, 'options')).toBe(false)
    expect(handler).not.toHaveBeenCalled()
    const onRow = { nativeEvent: { target: row() } }
    expect(run(onRow, 'options', 'context')).toBe(true)
    expect(handler).toHaveBeenCalledExactlyOnceWith(onRow, 'options', 'context')
    handler.mockReturnValueOnce(false)
    expect(run(onRow)).toBe(false)
  })
})

describe('when a press becomes a drag', () => {
  it('a mouse after 5 px; a finger after 120 ms held within 5 px', () => {
    expect(DRAG_START).toEqual({
      mouse: { activationConstraint: { distance: 5 } },
      touch: { activationConstraint: { delay: 120, tolerance: 5 } },
    })
  })
})

describe('what a screen reader hears', () => {
  const names: Record<string, string> = { a: 'Arches', b: 'Garlands', c: 'Walls' }
  const order = ['a', 'b', 'c']
  const say = reorderAnnouncements(
    (id) => names[String(id)]!,
    (id) => order.indexOf(String(id)),
    () => order.length,
  )
  const active = (id: string) => ({ id }) as never

  it('names the item and counts positions from one', () => {
    expect(say.onDragStart({ active: active('a') })).toBe('Picked up Arches. It is in position 1 of 3.')
    expect(say.onDragOver!({ active: active('a'), over: active('c') } as never)).toBe('Arches was moved into position 3 of 3.')
    expect(say.onDragOver!({ active: active('a'), over: null } as never)).toBe('Arches is no longer over a position.')
    expect(say.onDragEnd({ active: active('b'), over: active('a') } as never)).toBe('Garlands was dropped at position 1 of 3.')
    expect(say.onDragEnd({ active: active('b'), over: null } as never)).toBe('Garlands was dropped.')
    expect(say.onDragCancel({ active: active('c'), over: null } as never)).toBe('Reordering cancelled. Walls was returned to its place.')
  })

  it('tells how to reorder from the keyboard', () => {
    expect(reorderInstructions.draggable).toBe(
      'To reorder, press Space or Enter to pick up, use the arrow keys to move, Space or Enter to drop, or Escape to cancel.',
    )
  })
})
