// The balloon colour picker: the service's colour groups as swatch buttons, with its maximum and required rules.
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
      {BALLOON_COLOR_GROUPS.map(({ group, label }) => {
        const colors = shown.filter((c) => c.group === group)
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
                  <button key={c.name} type="button" className="swatch" aria-pressed={on} onClick={() => toggle(c.name)}>
                    <img src={pictures ? c.image : undefined} alt="" width={40} height={40} loading="lazy" decoding="async" style={{ backgroundColor: c.hex }} />
                    <span className="swatch__name">{c.name}</span>
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
      {message && (
        <p className="field__error" id="inq-balloonColors-error">
          {message}
        </p>
      )}
    </fieldset>
  )
}
