// The list of problems shown at the top of a form when it is sent incomplete; each links to its field.
import type { Ref } from 'react'

export interface Problem {
  /** The id of the field, or of a group whose first control takes the focus (a fieldset of swatches). */
  id: string
  message: string
}

/** Focus moves here after a failed send (tabIndex -1), so a screen reader reads the title and the list first. */
export function ErrorSummary({ title, problems, ref }: { title: string; problems: Problem[]; ref: Ref<HTMLDivElement> }) {
  return (
    <div className="error-summary" ref={ref} tabIndex={-1} role="group" aria-label={title}>
      <p className="error-summary__title">{title}</p>
      <ul className="error-summary__list">
        {problems.map((p) => (
          <li key={p.id}>
            <a href={`#${p.id}`} onClick={(e) => (e.preventDefault(), goToField(p.id))}>
              {p.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** Focuses a field (or a group's first control) and brings it to the middle of the screen. */
export function goToField(id: string) {
  const el = document.getElementById(id)
  // A group names the control that answers it (the first swatch, not the colour search box) with data-error-focus.
  const target = el?.matches('input, select, textarea, button')
    ? el
    : (el?.querySelector<HTMLElement>('[data-error-focus]') ?? el?.querySelector<HTMLElement>('button, input, select, textarea'))
  target?.focus({ preventScroll: true })
  target?.scrollIntoView({ block: 'center' })
}
