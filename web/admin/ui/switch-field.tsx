// A labelled on/off switch (Radix) for the editor's toggles.
import { useId } from 'react'
import * as Switch from '@radix-ui/react-switch'

export function SwitchField({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string
  hint?: string
  checked: boolean
  disabled?: boolean
  onChange: (checked: boolean) => void
}) {
  const id = useId()
  return (
    <div className="admin-switch-field">
      <Switch.Root
        id={id}
        className="admin-switch"
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
        aria-describedby={hint ? `${id}-hint` : undefined}
      >
        <Switch.Thumb className="admin-switch__thumb" />
      </Switch.Root>
      <div className="admin-switch-field__text">
        <label htmlFor={id} className="admin-switch-field__label">
          {label}
        </label>
        {hint && (
          <p className="admin-field__hint" id={`${id}-hint`}>
            {hint}
          </p>
        )}
      </div>
    </div>
  )
}
