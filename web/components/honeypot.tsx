// The hidden 'website' field of the public forms: people never see or fill it, bots do (docs/decisions/public-form-abuse.md).
import type { FormEvent } from 'react'

export function HoneypotField() {
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label>
        Website <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  )
}

/** The payload with the honeypot's value added only when something filled it in, so people's requests stay clean. */
export function withHoneypot<T extends object>(event: FormEvent, payload: T): T {
  const website = new FormData(event.currentTarget as HTMLFormElement).get('website')
  return website ? Object.assign({ website: String(website) }, payload) : payload
}
