// A photos question on the quote form: pick or take photos (the phone offers its camera), see each one's thumbnail and
// upload progress, remove one; refused files are named with the reason. Its own chunk (with the checks and the
// uploads), loaded only on a service that asks for photos; the form hears what it holds through `report`.
import { useEffect } from 'react'
import type { CustomPhotoField } from '../../../server/services/services.schema'
import { MAX_PHOTO_MB } from '../../../server/inquiries/photo-rules'
import { usePhotoUploads } from './photo-uploads'

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

const percent = (p: number) => `${Math.round(p * 100)}%`

export default function PhotoField({ field, serviceId, error, onTouched, report }: PhotoFieldProps) {
  const uploads = usePhotoUploads(serviceId, field)
  const id = `inq-${field.id}`
  const { items, refused } = uploads
  const tokens = uploads.pendingTokens().join(',')
  useEffect(() => {
    report(field.id, { tokens: tokens ? tokens.split(',') : [], uploading: uploads.uploading, settle: uploads.settle })
  }, [field.id, tokens, uploads.uploading, uploads.settle, report])
  const kept = items.filter((it) => it.state !== 'failed').length
  const room = field.maxPhotos - kept
  const describedBy = [`${id}-hint`, `${id}-rules`, error && `${id}-error`].filter(Boolean).join(' ')
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
        Up to {field.maxPhotos} photo{field.maxPhotos === 1 ? '' : 's'}: JPEG, PNG or WebP, {MAX_PHOTO_MB} MB at most each.
      </p>
      {items.length > 0 && (
        <ul className="photo-field__list" aria-label={`${field.header}: chosen photos`}>
          {items.map((it) => (
            <li key={it.key} className={`photo-field__item is-${it.state}`}>
              <img className="photo-field__thumb" src={it.preview} alt="" width={64} height={64} />
              <div className="photo-field__info">
                <span className="photo-field__name">{it.name}</span>
                {it.state === 'uploading' && (
                  <>
                    <progress className="photo-field__progress" max={1} value={it.progress} aria-label={`Uploading ${it.name}`} />
                    <span className="photo-field__state">Uploading {percent(it.progress)}</span>
                  </>
                )}
                {it.state === 'done' && <span className="photo-field__state">Ready to send</span>}
                {it.state === 'failed' && <span className="photo-field__state photo-field__state--bad">Not sent: {it.error}</span>}
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
          {kept === 0 ? 'Add photos' : 'Add more photos'}
        </label>
      ) : (
        <p className="field__hint">That is the most this question takes; remove one to choose another.</p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {uploads.uploading > 0 ? `${uploads.uploading} photo${uploads.uploading === 1 ? '' : 's'} uploading` : ''}
      </p>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  )
}
