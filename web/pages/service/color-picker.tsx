// The balloon colour picker: the service's colour groups as swatch buttons, with its maximum and required rules, and a
// box that narrows the ~80 swatches by name (on a phone they are compact chips, several a row).
import { useState } from 'react'
import { useRunning } from '../../lib/use-running'
import { BALLOON_COLOR_GROUPS, colorsShownFor } from '../../../server/inquiries/balloon-colors'
import type { Service } from '../../lib/public-api'

interface ColorPickerProps {
  service: Service
  selected: string[]
  error?: string
  onChange: (colors: string[]) => void
}

export function ColorPicker({ service, selected, error, onChange }: ColorPickerProps) {
  const shown = colorsShownFor(service)
  const max = service.maxBalloonColors
  const [limitHit, setLimitHit] = useState(false)
  const [filter, setFilter] = useState('')
  const words = filter.trim().toLowerCase()
  const matches = words ? shown.filter((c) => c.name.toLowerCase().includes(words)) : shown
  // The server's HTML draws each swatch in its flat colour; the pictures come once the app runs, so their ~80
  // requests never compete with the page's first paint.
  const pictures = useRunning()
  const limitMessage = max != null ? `You can only select up to ${max} colors` : ''

  const toggle = (name: string) => {
    if (selected.includes(name)) {
      setLimitHit(false)
      onChange(selected.filter((c) => c !== name))
    } else if (max != null && selected.length >= max) {
      setLimitHit(true)
    } else {
      onChange([...selected, name])
    }
  }

  const message = limitHit ? limitMessage : error
  return (
    <fieldset
      className="color-picker"
      id="inq-balloonColors"
      aria-invalid={error ? true : undefined}
      aria-describedby={message ? 'color-picker-status inq-balloonColors-error' : 'color-picker-status'}
    >
      <legend className="color-picker__legend">
        Balloon Colors
        {service.balloonColorSelectionRequired && (
          <>
            <span className="field__required" aria-hidden="true">
              *
            </span>
            <span className="visually-hidden">(required)</span>
          </>
        )}
      </legend>
      <p className="field__hint">
        {max != null ? `Choose up to ${max} colors for your design.` : 'Choose the colors you would love to see.'}
      </p>
      {/* "Select at least one" shows at the top, where a press of Submit brings the visitor; the limit, by the tapped swatches. */}
      {message && !limitHit && (
        <p className="field__error" id="inq-balloonColors-error">
          {message}
        </p>
      )}
      <div className="color-picker__find">
        <label className="field__label" htmlFor="color-picker-find">
          Find a color
        </label>
        <input
          id="color-picker-find"
          className="input"
          type="search"
          value={filter}
          placeholder="e.g. pink, gold"
          autoComplete="off"
          enterKeyHint="search"
          onChange={(e) => setFilter(e.target.value)}
          // Enter narrows the list; it must not send the form.
          onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
          aria-describedby={words ? 'color-picker-matches' : undefined}
        />
        {words && (
          <p className="field__hint" id="color-picker-matches" role="status">
            {matches.length === 0
              ? 'No colors match. Try another word, or clear the box to see them all.'
              : `${matches.length} of ${shown.length} colors shown`}
          </p>
        )}
      </div>
      {BALLOON_COLOR_GROUPS.map(({ group, label }) => {
        const colors = matches.filter((c) => c.group === group)
        if (colors.length === 0) return null
        return (
          <div key={group} className="color-group" role="group" aria-labelledby={`color-group-${group}`}>
            <h3 className="color-group__title" id={`color-group-${group}`}>
              {label}
            </h3>
            <div className="color-group__swatches">
              {colors.map((c) => {
                const on = selected.includes(c.name)
                return (
                  <button
                    key={c.name}
                    type="button"
                    className="swatch"
                    data-error-focus=""
                    aria-pressed={on}
                    onClick={() => toggle(c.name)}
                  >
                    <img
                      src={pictures ? c.image : undefined}
                      alt=""
                      width={40}
                      height={40}
                      loading="lazy"
                      decoding="async"
                      style={{ backgroundColor: c.hex }}
                    />
                    <span className="swatch__name">
                      {/* Under the "Metallic" heading "Gold" says it; the full name is still what is read out and sent. */}
                      {c.name.startsWith(`${label} `) ? (
                        <>
                          <span className="visually-hidden">{label} </span>
                          {c.name.slice(label.length + 1)}
                        </>
                      ) : (
                        c.name
                      )}
                    </span>
                  </button>
                )
              })}
            </div>
          </div>
        )
      })}
      <div className="color-picker__status" id="color-picker-status" aria-live="polite">
        <span className="color-picker__count">{selected.length} selected</span>
        {selected.length > 0 && <span className="color-picker__chosen">{selected.join(', ')}</span>}
      </div>
      {limitHit && (
        <p className="field__error" id="inq-balloonColors-error">
          {message}
        </p>
      )}
    </fieldset>
  )
}
