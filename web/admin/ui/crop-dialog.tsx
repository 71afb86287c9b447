// 'Crop Image': a 4:3 crop with zoom 1 to 3, confirmed by 'Crop & Upload' (the dialog closes; the upload shows its
// progress where the picture goes, and the server cuts the crop).
import { useState } from 'react'
import Cropper, { type Area, type Point } from 'react-easy-crop'
import 'react-easy-crop/react-easy-crop.css'
import * as Dialog from '@radix-ui/react-dialog'
import { CROP_ASPECT, MAX_ZOOM, MIN_ZOOM, cropInside } from './crop-image'
import { useReturnFocus } from './return-focus'

interface CropDialogProps {
  imageSrc: string | null
  onCancel: () => void
  onConfirm: (area: Area) => void
  /** Width over height of the crop (default 4:3, the service cards'). */
  aspect?: number
  /** What the crop is for (default: the service cards and the enlarged view). */
  help?: string
}

export function CropDialog({ imageSrc, onCancel, onConfirm, aspect = CROP_ASPECT, help }: CropDialogProps) {
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 })
  const [zoom, setZoom] = useState(MIN_ZOOM)
  const [area, setArea] = useState<Area | null>(null)
  const [picture, setPicture] = useState<{ width: number; height: number } | null>(null)
  const returnFocus = useReturnFocus()

  return (
    <Dialog.Root open={imageSrc !== null} onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="admin-overlay" />
        <Dialog.Content className="admin-dialog admin-dialog--crop" aria-describedby="crop-help" {...returnFocus}>
          <Dialog.Title className="admin-dialog__title">Crop Image</Dialog.Title>
          <p className="admin-dialog__description" id="crop-help">
            Drag the picture to frame it and use the slider to zoom.{' '}
            {help ?? 'Cards show this 4:3 crop; the full picture is kept for the enlarged view.'}
          </p>
          <div className="admin-crop">
            {imageSrc && (
              <Cropper
                image={imageSrc}
                crop={crop}
                zoom={zoom}
                minZoom={MIN_ZOOM}
                maxZoom={MAX_ZOOM}
                aspect={aspect}
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={(_, pixels) => setArea(pixels)}
                onMediaLoaded={(media) => setPicture({ width: media.naturalWidth, height: media.naturalHeight })}
                disableAutomaticStylesInjection
              />
            )}
          </div>
          <label className="admin-zoom">
            <span className="admin-field__label">Zoom</span>
            <input type="range" min={MIN_ZOOM} max={MAX_ZOOM} step={0.01} value={zoom} onChange={(e) => setZoom(Number(e.target.value))} />
          </label>
          <div className="admin-dialog__actions">
            <button type="button" className="admin-button admin-button--ghost" onClick={onCancel}>
              Cancel
            </button>
            <button
              type="button"
              className="admin-button admin-button--primary"
              disabled={!area || !picture}
              onClick={() => area && picture && onConfirm(cropInside(area, picture))}
            >
              Crop &amp; Upload
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
