// A disclosure: a button that shows or hides a region (used for a service's About and Pricing).
// The panel's content is rendered only while open, so heavier content can load on demand.
import { useId, useState, type ReactNode } from 'react'
import { ChevronDownIcon } from './icons'

export function Collapsible({
  title,
  children,
  defaultOpen = false,
  onIntent,
}: {
  title: string
  children: ReactNode
  defaultOpen?: boolean
  /** Called when a visitor reaches for the button (hover, focus, press): a head start for content that loads. */
  onIntent?: () => void
}) {
  const [open, setOpen] = useState(defaultOpen)
  const id = useId()
  return (
    <div className={`collapsible${open ? ' is-open' : ''}`}>
      <h3 className="collapsible__heading">
        <button
          type="button"
          className="collapsible__toggle"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
          onPointerEnter={onIntent}
          onPointerDown={onIntent}
          onFocus={onIntent}
        >
          <span>{title}</span>
          <ChevronDownIcon className="collapsible__chevron" />
        </button>
      </h3>
      <div id={id} className="collapsible__panel" role="region" aria-label={title} hidden={!open}>
        {open && children}
      </div>
    </div>
  )
}
