// A picture on its way to the server: the bytes sent in a progress bar, then the server's cut and save; and the hook
// that sends it (the dashboard stays usable meanwhile: nothing here blocks the page).
import './upload-progress.css'
import { useEffect, useRef, useState } from 'react'
import { uploadCroppedImage, type CropArea } from '../admin-api'
import { sentOf, type UploadProgressState } from './upload-figures'

export type { UploadProgressState } from './upload-figures'

/** Sends a picture with its crop and keeps the bytes sent for UploadProgress; `progress` is null when idle. */
export function useCroppedUpload() {
  const [progress, setProgress] = useState<UploadProgressState | null>(null)
  const upload = (file: File, fileName: string, crop: CropArea, keepOriginal: boolean) => {
    setProgress({ sent: 0, total: file.size })
    return uploadCroppedImage(file, fileName, crop, {
      keepOriginal,
      onProgress: (fraction) => setProgress({ sent: Math.round(fraction * file.size), total: file.size }),
    })
  }
  return { progress, upload, finish: () => setProgress(null) }
}

export function UploadProgress({ progress, label }: { progress: UploadProgressState; label: string }) {
  const sending = progress.sent < progress.total
  const box = useRef<HTMLDivElement>(null)
  // The crop dialog has just closed: show where the picture is going (on a phone the card may be out of view). After
  // the dialog's own focus return (a zero-delay timer queued as it closed); focus lands here if it had nowhere to go.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (!box.current) return
      if (document.activeElement === document.body || !document.activeElement) box.current.focus()
      box.current.scrollIntoView({ block: 'nearest' })
    }, 0)
    return () => clearTimeout(timer)
  }, [])
  return (
    <div className="admin-saving admin-upload-progress" ref={box} tabIndex={-1}>
      {/* Only the step is announced; the bar and the figures change too often to be read aloud. */}
      <p className="admin-upload-progress__step" role="status">
        {sending ? `${label}: sending` : `${label}: cropping and saving`}
      </p>
      <progress
        className="admin-upload-progress__bar"
        aria-label={label}
        max={progress.total}
        value={sending ? progress.sent : undefined}
      />
      <p className="admin-upload-progress__figures">{sentOf(progress)} sent</p>
    </div>
  )
}
