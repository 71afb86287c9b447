// One picture of the site (the hero, the about photo, the share picture): choose a file, crop it in the same dialog
// as service pictures, upload the crop; with its description (alt text) beside it.
import './editor-parts.css'
import { useRef, useState, type ChangeEvent } from 'react'
import { deleteUpload, waitUntilServed, type CropArea } from '../admin-api'
import { CropDialog } from './crop-dialog'
import { UploadProgress, useCroppedUpload } from './upload-progress'
import { notifyError } from './notify'
import { UploadIcon } from './icons'
import { Field } from './field'

const ACCEPTED = 'image/jpeg,image/png,image/webp,image/gif'

interface PictureFieldProps {
  label: string
  /** What the crop is for, shown in the dialog. */
  help: string
  aspect: number
  url: string
  alt: string
  onChange: (url: string) => void
  onAltChange: (alt: string) => void
  /** May the picture be removed (the about photo and share picture are optional, the hero's is not)? */
  removable?: boolean
  altLabel?: string
}

export function PictureField({ label, help, aspect, url, alt, onChange, onAltChange, removable, altLabel }: PictureFieldProps) {
  const [picked, setPicked] = useState<{ file: File; src: string } | null>(null)
  const sending = useCroppedUpload()
  const uploading = sending.progress !== null
  const input = useRef<HTMLInputElement>(null)

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    if (!file.type.startsWith('image/')) {
      notifyError('Upload failed', 'Please choose a JPEG, PNG, WebP or GIF picture.')
      return
    }
    setPicked({ file, src: URL.createObjectURL(file) })
  }
  const close = () => {
    if (picked) URL.revokeObjectURL(picked.src)
    setPicked(null)
  }
  /** The picture goes once, as picked, with the crop for the server to cut; the dialog closes at once. */
  const upload = async (area: CropArea) => {
    if (!picked) return
    const file = picked.file
    close()
    let uploaded: string | null = null
    try {
      uploaded = (await sending.upload(file, file.name, area, false)).url
      await waitUntilServed(uploaded)
      onChange(uploaded)
    } catch {
      notifyError('Upload failed', 'There was a problem uploading the picture. Please try again.')
      if (uploaded) void deleteUpload(uploaded).catch(() => {})
    } finally {
      sending.finish()
    }
  }

  return (
    <fieldset className="admin-picture-field">
      <legend className="admin-field__label">{label}</legend>
      <div className="admin-picture-field__row">
        {url ? (
          <img className="admin-picture-field__preview" src={url} alt="" style={{ aspectRatio: String(aspect) }} />
        ) : (
          <p className="admin-empty-note admin-picture-field__preview" style={{ aspectRatio: String(aspect) }}>
            No picture
          </p>
        )}
        <div className="admin-picture-field__actions">
          <button type="button" className="admin-button admin-button--outline" disabled={uploading} onClick={() => input.current?.click()}>
            <UploadIcon /> {url ? 'Change picture' : 'Choose picture'}
          </button>
          {removable && url && (
            <button type="button" className="admin-button admin-button--ghost" onClick={() => onChange('')}>
              Remove picture
            </button>
          )}
          <input
            ref={input}
            type="file"
            accept={ACCEPTED}
            className="admin-visually-hidden"
            aria-label={`Choose a file for ${label}`}
            tabIndex={-1}
            onChange={pick}
          />
        </div>
      </div>
      {sending.progress && <UploadProgress progress={sending.progress} label={`Uploading ${label}`} />}
      {url && (
        <Field
          label={altLabel ?? `${label}: description`}
          hint="What the picture shows, for people who cannot see it (read aloud by screen readers)."
          error={alt.trim() ? undefined : 'No description yet'}
        >
          <input className="admin-input" value={alt} maxLength={200} onChange={(e) => onAltChange(e.target.value)} />
        </Field>
      )}
      <CropDialog
        key={picked?.src ?? 'closed'}
        imageSrc={picked?.src ?? null}
        onCancel={close}
        onConfirm={(area) => void upload(area)}
        aspect={aspect}
        help={help}
      />
    </fieldset>
  )
}
