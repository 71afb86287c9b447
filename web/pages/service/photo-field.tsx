// A photos question on the quote form: pick or take photos (the phone offers its camera), see each one's thumbnail and
// upload progress, remove one; refused files are named with the reason. Its own chunk (with the checks and the
// uploads), loaded only on a service that asks for photos; the form hears what it holds through `report`.
import { useEffect } from 'react'
import type { CustomPhotoField } from '../../../server/services/services.schema'
import { usePhotoUploads } from './photo-uploads'
import { addLabel, describedBy as describedByOf, photoRulesLine, photoState, roomLeft, uploadingNotice } from './photo-field-words'

/** What the form needs to know of a photos question: tokens to validate, photos on their way, and how to wait for them. */
export interface PhotoReport {
  tokens: string[]
  uploading: number
  settle: () => Promise<string[]>
}

interface PhotoFieldProps {
  field: CustomPhotoField
  serviceId: string
  error?: string
  onTouched: () => void
  report: (fieldId: string, state: PhotoReport) => void
}

export default function PhotoField({ field, serviceId, error, onTouched, report }: PhotoFieldProps) {
  const uploads = usePhotoUploads(serviceId, field)
  const id = `inq-${field.id}`
  const { items, refused } = uploads
  const tokens = uploads.pendingTokens().join(',')
  useEffect(() => {
    report(field.id, { tokens: tokens ? tokens.split(',') : [], uploading: uploads.uploading, settle: uploads.settle })
  }, [field.id, tokens, uploads.uploading, uploads.settle, report])
  const room = roomLeft(items, field.maxPhotos)
  const describedBy = describedByOf(id, error)
  return (
    <fieldset className="field field--wide photo-field" aria-describedby={describedBy}>
      <legend className="field__label">
        {field.header}
        {!field.optional && (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        )}
      </legend>
      <p className="field__hint" id={`${id}-hint`}>
        {field.instructions}
      </p>
      <p className="field__hint" id={`${id}-rules`}>
        {photoRulesLine(field.maxPhotos)}
      </p>
      {items.length > 0 && (
        <ul className="photo-field__list" aria-label={`${field.header}: chosen photos`}>
          {items.map((it) => (
            <li key={it.key} className={`photo-field__item is-${it.state}`}>
              <img className="photo-field__thumb" src={it.preview} alt="" width={64} height={64} />
              <div className="photo-field__info">
                <span className="photo-field__name">{it.name}</span>
                {it.state === 'uploading' && (
                  <progress className="photo-field__progress" max={1} value={it.progress} aria-label={`Uploading ${it.name}`} />
                )}
                <span className={`photo-field__state${it.state === 'failed' ? ' photo-field__state--bad' : ''}`}>{photoState(it)}</span>
              </div>
              <button type="button" className="photo-field__remove" aria-label={`Remove ${it.name}`} onClick={() => uploads.remove(it.key)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {refused.length > 0 && (
        <ul className="photo-field__refused" role="alert">
          {refused.map((message, i) => (
            <li key={i}>{message}</li>
          ))}
        </ul>
      )}
      {room > 0 ? (
        <label className="button button--outline photo-field__add">
          <input
            id={id}
            className="photo-field__input"
            type="file"
            accept="image/*"
            multiple={room > 1}
            aria-invalid={error ? true : undefined}
            aria-required={!field.optional}
            onChange={(e) => {
              const files = e.currentTarget.files
              if (files?.length) void uploads.add(files)
              e.currentTarget.value = ''
              onTouched()
            }}
          />
          {addLabel(items)}
        </label>
      ) : (
        <p className="field__hint">That is the most this question takes; remove one to choose another.</p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {uploadingNotice(uploads.uploading)}
      </p>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  )
}
