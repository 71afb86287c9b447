// A service's pictures: upload through the crop dialog, drag to reorder, delete with a confirmation.
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react'
import { DndContext, closestCenter, type DragEndEvent } from '@dnd-kit/core'
import { SortableContext, rectSortingStrategy, useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import {
  deleteUpload,
  saveServiceImages,
  serverMessage,
  waitUntilServed,
  type CropArea,
  type Service,
  type ServiceImage,
} from '../admin-api'
import { notifyError, notifySuccess } from '../ui/notify'
import { ConfirmDialog } from '../ui/confirm-dialog'
import { reorderAnnouncements, reorderInstructions, useDragSensors } from '../ui/sortable-sensors'
import { GripIcon, TrashIcon, UploadIcon } from '../ui/icons'
import { UploadProgress, useCroppedUpload } from '../ui/upload-progress'
import { CropDialog } from '../ui/crop-dialog'
import { originalFileName } from '../ui/crop-image'
import {
  DESCRIPTION_MAX,
  descriptionFieldId,
  descriptionSavedDetail,
  descriptionUnsaved,
  draggedImages,
  hasDescription,
  imageName,
  isPicture,
  missingDescriptions,
  moveLabel,
  oneLine,
  withDescription,
  withoutImage,
  withTyping,
} from './service-image-rules'

const ACCEPTED = 'image/jpeg,image/png,image/webp,image/gif'

interface ImageManagerProps {
  service: Service
  /** Called with the optimistic or saved service so the list and editor show the same pictures. */
  onImagesSaved: (service: Service) => void
  onReload: () => Promise<void>
  /** Whether a picture description is typed and not saved yet (the editor's save bar says so). */
  onUnsavedChange?: (unsaved: boolean) => void
}

type Busy = 'upload' | 'delete' | 'reorder' | 'alt' | null

export function ImageManager({ service, onImagesSaved, onReload, onUnsavedChange }: ImageManagerProps) {
  const [busy, setBusy] = useState<Busy>(null)
  const [picked, setPicked] = useState<{ file: File; src: string } | null>(null)
  const [toDelete, setToDelete] = useState<ServiceImage | null>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const sensors = useDragSensors()
  const sending = useCroppedUpload()
  const images = service.images
  const ids = images.map((image) => image.cropped)

  // The pictures whose description field holds text not saved yet; unsaved until the save of it is done.
  const [typing, setTyping] = useState<ReadonlySet<string>>(() => new Set())
  const markTyping = useCallback((id: string, unsaved: boolean) => setTyping((current) => withTyping(current, id, unsaved)), [])
  // Not a leave warning: leaving the field (a tap on another tab too) saves the description.
  const unsaved = typing.size > 0 || busy === 'alt'
  useEffect(() => onUnsavedChange?.(unsaved), [onUnsavedChange, unsaved])

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    if (!isPicture(file)) {
      notifyError('Upload failed', 'Please choose a JPEG, PNG, WebP or GIF picture.')
      return
    }
    setPicked({ file, src: URL.createObjectURL(file) })
  }

  const closeCrop = () => {
    if (picked) URL.revokeObjectURL(picked.src)
    setPicked(null)
  }

  /** The picture goes once, as picked, with the crop for the server to cut; the dialog closes at once. */
  const upload = async (area: CropArea) => {
    if (!picked) return
    const file = picked.file
    closeCrop()
    setBusy('upload')
    const uploaded: string[] = []
    let saved = false
    try {
      const { url, original } = await sending.upload(file, originalFileName(file), area, true)
      uploaded.push(url, ...(original ? [original] : []))
      if (!original) throw new Error('The original was not kept')
      await Promise.all(uploaded.map((u) => waitUntilServed(u)))
      const result = await saveServiceImages(service.id, [...images, { cropped: url, original }])
      saved = true
      onImagesSaved(result)
      notifySuccess('Image uploaded', 'The picture was added to this service.')
    } catch {
      notifyError('Upload failed', 'There was a problem uploading the image. Please try again.')
      // Uploads wait uncommitted until the save that uses them; discard the ones no save took.
      if (!saved) for (const u of uploaded) void deleteUpload(u).catch(() => {})
    } finally {
      sending.finish()
      setBusy(null)
    }
  }

  const confirmDelete = async () => {
    if (!toDelete) return
    setBusy('delete')
    try {
      const result = await saveServiceImages(service.id, withoutImage(images, toDelete.cropped))
      // The save removes the picture's files in the same commit (one action, one entry in History).
      onImagesSaved(result)
      setToDelete(null)
      notifySuccess('Image removed')
    } catch {
      notifyError('Error', 'Failed to delete image.')
    } finally {
      setBusy(null)
    }
  }

  /** A picture's description (alt text), saved when the owner leaves its field: one commit. */
  const saveAlt = async (image: ServiceImage, alt: string) => {
    const edit = withDescription(images, image, alt)
    if (!edit) return
    setBusy('alt')
    try {
      onImagesSaved(await saveServiceImages(service.id, edit.images))
      notifySuccess('Description saved', descriptionSavedDetail(edit.text))
    } catch (error) {
      notifyError('Description not saved', serverMessage(error) ?? 'There was a problem saving the description. Please try again.')
    } finally {
      setBusy(null)
    }
  }

  const dragEnd = async ({ active, over }: DragEndEvent) => {
    const reordered = draggedImages(images, String(active.id), over ? String(over.id) : null)
    if (!reordered) return
    onImagesSaved({ ...service, images: reordered })
    setBusy('reorder')
    try {
      onImagesSaved(await saveServiceImages(service.id, reordered))
      notifySuccess('Images reordered')
    } catch {
      notifyError('Error saving image order', 'There was a problem saving the new image order. Reverting changes.')
      await onReload()
    } finally {
      setBusy(null)
    }
  }

  const disabled = busy !== null
  const missing = missingDescriptions(images)
  return (
    <section className="admin-card" aria-labelledby="images-heading">
      <div className="admin-card__header">
        <div>
          <h3 className="admin-card__title" id="images-heading">
            Images
          </h3>
          <p className="admin-card__hint">
            The first picture is the cover. Drag pictures to change their order. Describe each picture for people who cannot see it: the
            description is read aloud and shown if the picture does not load.
          </p>
          {missing && <p className="admin-field__error">{missing}</p>}
        </div>
        <button type="button" className="admin-button admin-button--primary" disabled={disabled} onClick={() => inputRef.current?.click()}>
          <UploadIcon /> Upload Image
        </button>
        <input
          ref={inputRef}
          type="file"
          accept={ACCEPTED}
          className="admin-visually-hidden"
          aria-label="Choose an image to upload"
          tabIndex={-1}
          onChange={pick}
        />
      </div>
      {sending.progress && <UploadProgress progress={sending.progress} label="Uploading image" />}
      {busy === 'reorder' && (
        <p className="admin-saving" role="status">
          <span className="admin-spinner admin-spinner--small" aria-hidden="true" /> Saving changes...
        </p>
      )}
      {images.length === 0 ? (
        <p className="admin-empty-note">No pictures yet. Upload one to show this service on its card.</p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={(event) => void dragEnd(event)}
          accessibility={{
            announcements: reorderAnnouncements(
              (id) => imageName(ids, id),
              (id) => ids.indexOf(String(id)),
              () => ids.length,
            ),
            screenReaderInstructions: reorderInstructions,
          }}
        >
          <SortableContext items={ids} strategy={rectSortingStrategy} disabled={disabled}>
            <ol className="admin-image-grid" aria-label="Service images">
              {images.map((image, index) => (
                <ImageTile
                  key={image.cropped}
                  image={image}
                  index={index}
                  total={images.length}
                  disabled={disabled}
                  onDelete={() => setToDelete(image)}
                  onAltSave={(alt) => void saveAlt(image, alt)}
                  onTyping={markTyping}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      <CropDialog
        key={picked?.src ?? 'closed'}
        imageSrc={picked?.src ?? null}
        onCancel={closeCrop}
        onConfirm={(area) => void upload(area)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Image"
        description="Are you sure you want to delete this image? This action cannot be undone."
        confirmLabel={busy === 'delete' ? 'Deleting...' : 'Delete'}
        busy={busy === 'delete'}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  )
}

function ImageTile({
  image,
  index,
  total,
  disabled,
  onDelete,
  onAltSave,
  onTyping,
}: {
  image: ServiceImage
  index: number
  total: number
  disabled: boolean
  onDelete: () => void
  onAltSave: (alt: string) => void
  onTyping: (id: string, unsaved: boolean) => void
}) {
  const [alt, setAlt] = useState(image.alt ?? '')
  const unsaved = descriptionUnsaved(alt, image)
  useEffect(() => {
    onTyping(image.cropped, unsaved)
    return () => onTyping(image.cropped, false)
  }, [onTyping, image.cropped, unsaved])
  const altId = descriptionFieldId(image.cropped)
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: image.cropped,
    disabled,
  })
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={isDragging ? 'admin-image-tile is-dragging' : 'admin-image-tile'}
      {...listeners}
    >
      <div className="admin-image-tile__picture">
        <img src={image.cropped} alt={image.alt ?? ''} draggable={false} />
        {!hasDescription(image) && <span className="admin-image-tile__badge admin-image-tile__badge--missing">No description</span>}
      </div>
      {/* The tile is dragged with a mouse or finger; this handle is its one keyboard control (Space, arrows, Space). */}
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="admin-icon-button admin-image-tile__handle"
        {...attributes}
        aria-label={moveLabel(index, total)}
      >
        <GripIcon />
      </button>
      {index === 0 && <span className="admin-image-tile__badge">Cover</span>}
      <button
        type="button"
        className="admin-icon-button admin-image-tile__delete"
        aria-label={`Delete image ${index + 1}`}
        disabled={disabled}
        onClick={onDelete}
      >
        <TrashIcon />
      </button>
      <label className="admin-visually-hidden" htmlFor={altId}>
        Description of image {index + 1}
      </label>
      {/* Wraps as she types (a one-line box was about 155 px wide on a phone); Enter saves, as leaving the field does. */}
      <textarea
        id={altId}
        className="admin-input admin-image-tile__alt"
        placeholder="Describe this picture"
        rows={3}
        value={alt}
        maxLength={DESCRIPTION_MAX}
        disabled={disabled}
        onChange={(e) => setAlt(oneLine(e.target.value))}
        // Not again when the field is disabled by its own save (Chromium then takes the focus away).
        onBlur={() => !disabled && onAltSave(alt)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return
          e.preventDefault()
          onAltSave(alt)
        }}
      />
    </li>
  )
}
