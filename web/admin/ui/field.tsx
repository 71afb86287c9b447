// A labelled form control with its hint and its error beside it (linked for screen readers).
import { cloneElement, useId, type ReactElement } from 'react'

interface FieldProps {
  label: string
  hint?: string
  error?: string
  required?: boolean
  children: ReactElement<{ id?: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean; 'aria-required'?: boolean }>
  className?: string
}

export function Field({ label, hint, error, required, children, className }: FieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined
  return (
    <div className={['admin-field', error ? 'has-error' : '', className ?? ''].join(' ')}>
      <div className="admin-field__label-row">
        <label className="admin-field__label" htmlFor={id}>
          {label}
        </label>
        {/* Outside the label so the control's name stays exactly the label; aria-required says it to screen readers. */}
        {required && (
          <span className="admin-field__required" aria-hidden="true">
            *
          </span>
        )}
      </div>
      {cloneElement(children, {
        id,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
        'aria-required': required || undefined,
      })}
      {hint && (
        <p className="admin-field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="admin-field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  )
}
