// Focus given back to the control that opened a dialog, on a page stood in for by a minimal document: only a control
// (not the page's body, not a non-element), only while it is still on the page, and only once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { returnFocusHandlers } from './return-focus'

class FakeElement {
  isConnected = true
  focus = vi.fn()
}
const body = new FakeElement()
const page = { activeElement: null as unknown, body }

beforeEach(() => {
  vi.stubGlobal('HTMLElement', FakeElement)
  vi.stubGlobal('document', page)
})
afterEach(() => vi.unstubAllGlobals())

const closing = () => ({ preventDefault: vi.fn() }) as unknown as Event & { preventDefault: ReturnType<typeof vi.fn> }

describe('returnFocusHandlers', () => {
  it("gives focus back to the control that had it as the dialog opened, instead of the dialog's own choice", () => {
    const button = new FakeElement()
    page.activeElement = button
    const opener = { current: null as HTMLElement | null }
    const handlers = returnFocusHandlers(opener)
    handlers.onOpenAutoFocus()
    expect(opener.current).toBe(button)
    const event = closing()
    handlers.onCloseAutoFocus(event)
    expect(event.preventDefault).toHaveBeenCalledOnce()
    expect(button.focus).toHaveBeenCalledOnce()
    expect(opener.current).toBeNull()
    // Closing again (nothing remembered) leaves focus where the dialog puts it.
    const again = closing()
    handlers.onCloseAutoFocus(again)
    expect(again.preventDefault).not.toHaveBeenCalled()
    expect(button.focus).toHaveBeenCalledOnce()
  })

  it('remembers nothing when the page itself, or nothing that can take focus, had it', () => {
    for (const active of [body, null, { focus: vi.fn(), isConnected: true }]) {
      page.activeElement = active
      const opener = { current: new FakeElement() as unknown as HTMLElement }
      const handlers = returnFocusHandlers(opener)
      handlers.onOpenAutoFocus()
      expect(opener.current).toBeNull()
      const event = closing()
      handlers.onCloseAutoFocus(event)
      expect(event.preventDefault).not.toHaveBeenCalled()
    }
  })

  it('leaves focus alone when the control left the page meanwhile', () => {
    const button = new FakeElement()
    page.activeElement = button
    const opener = { current: null as HTMLElement | null }
    const handlers = returnFocusHandlers(opener)
    handlers.onOpenAutoFocus()
    button.isConnected = false
    const event = closing()
    handlers.onCloseAutoFocus(event)
    expect(event.preventDefault).not.toHaveBeenCalled()
    expect(button.focus).not.toHaveBeenCalled()
  })
})
