// Focus back where it was: a Radix dialog opened by state rather than by its own Trigger has no trigger to return to.
import { useRef } from 'react'

/**
 * Handlers for a Radix dialog's Content: remember what had focus as the dialog opened (the button that asked for it,
 * a file picker...) and give focus back there when it closes, if that control is still on the page.
 */
export function useReturnFocus() {
  return returnFocusHandlers(useRef<HTMLElement | null>(null))
}

/** The handlers, remembering the opener in `opener`. */
export function returnFocusHandlers(opener: { current: HTMLElement | null }) {
  return {
    onOpenAutoFocus: () => {
      opener.current =
        document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null
    },
    onCloseAutoFocus: (event: Event) => {
      if (!opener.current?.isConnected) return
      event.preventDefault()
      opener.current.focus()
      opener.current = null
    },
  }
}
