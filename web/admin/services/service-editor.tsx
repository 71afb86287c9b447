// The editor of one service: text, images, inquiry form and custom fields, saved together with one Save Changes.
import { useEffect, useMemo, useState } from 'react'
import { deleteService, serverMessage, updateService, type Service } from '../admin-api'
import { notifyError, notifySuccess } from '../ui/notify'
import { Field } from '../ui/field'
import { ConfirmDialog } from '../ui/confirm-dialog'
import { TrashIcon } from '../ui/icons'
import { PRICING_HINT, sameValues, toUpdate, validate, valuesFromService, type EditorValues } from './editor-values'
import { ImageManager } from './image-manager'
import { InquiryFormConfig } from './inquiry-form-config'
import { CustomFieldsEditor } from './custom-fields-editor'
import { ScheduleBadge, ScheduleFields, useServerNow } from '../ui/schedule-fields'
import { compareRows } from '../ui/stale-compare'
import { StaleEditDialog } from '../ui/stale-edit-dialog'
import { useVersionedEditor } from '../ui/use-versioned-editor'
import { SaveBar } from '../ui/save-bar'
import { SERVICE_FIELD_LABELS } from '../../../server/history/field-labels'
import {
  deletedNotice,
  deleteQuestion,
  isValid,
  saveBarState,
  savedNotice,
  savesNow,
  showsOnWebsite,
  versionOf,
} from './service-editor-rules'

interface ServiceEditorProps {
  service: Service
  onSaved: (service: Service) => void
  onDeleted: (id: string) => void
  onReload: () => Promise<void>
}

export function ServiceEditor({ service, onSaved, onDeleted, onReload }: ServiceEditorProps) {
  const editor = useVersionedEditor({
    name: 'service-editor',
    initial: { data: service, version: versionOf(service) },
    toDraft: valuesFromService,
    same: sameValues,
    save: async (values, baseVersion) => {
      const saved = await updateService(service.id, { ...toUpdate(values), baseVersion })
      return { data: saved, version: versionOf(saved) }
    },
    onSaved: (saved) => {
      onSaved(saved)
      notifySuccess('Changes saved', savedNotice(saved.title))
    },
    onReloaded: (current, version) => onSaved({ ...current, version } as Service),
    saveError: (server) => {
      notifyError('Error saving changes', server ?? 'There was a problem saving the changes. Please try again.')
      return null
    },
  })
  const values = editor.draft!
  const { conflict, saving } = editor
  const [confirmingDelete, setConfirmingDelete] = useState(false)
  const [deleting, setDeleting] = useState(false)
  /** A picture description typed and not saved yet (it saves when she leaves its field). */
  const [pictureUnsaved, setPictureUnsaved] = useState(false)

  const now = useServerNow()
  const errors = useMemo(() => validate(values), [values])
  const valid = isValid(errors)
  // The pictures and the visibility switch save on their own; the next save of the fields goes with their version.
  const { rebase } = editor
  const version = versionOf(service)
  useEffect(() => rebase(version), [rebase, version])

  const setValues = editor.edit
  const set = <K extends keyof EditorValues>(key: K, value: EditorValues[K]) => setValues((current) => ({ ...current, [key]: value }))
  const save = () => {
    if (savesNow(editor.changed, valid)) void editor.save()
  }

  const remove = async () => {
    setDeleting(true)
    try {
      await deleteService(service.id)
      setConfirmingDelete(false)
      onDeleted(service.id)
      notifySuccess('Service deleted', deletedNotice(service.title))
    } catch (error) {
      notifyError('Error deleting service', serverMessage(error) ?? 'There was a problem deleting the service. Please try again.')
      setDeleting(false)
    }
  }

  return (
    <form
      className="admin-editor"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        save()
      }}
    >
      <div className="admin-card admin-editor__head">
        <div>
          <p className="admin-eyebrow">Editing service</p>
          <h2 className="admin-editor__title">{service.title}</h2>
          <p className="admin-editor__id">
            Service ID <code>{service.id}</code>
            <span className="admin-field__hint">
              {' '}
              · used in the web address /services/{service.id}; lowercase letters, numbers and hyphens; it cannot be changed.
            </span>
          </p>
        </div>
        <div className="admin-editor__head-actions">
          {showsOnWebsite(service, now) && (
            <a className="admin-button admin-button--ghost" href={`/services/${service.id}`} target="_blank" rel="noopener">
              View on website
            </a>
          )}
          <button type="button" className="admin-button admin-button--danger-outline" onClick={() => setConfirmingDelete(true)}>
            <TrashIcon /> Delete Service
          </button>
        </div>
      </div>

      <section className="admin-card" aria-labelledby="details-heading">
        <h3 className="admin-card__title" id="details-heading">
          Service details
        </h3>
        <Field label="Title" required error={errors.title}>
          <input className="admin-input" value={values.title} onChange={(e) => set('title', e.target.value)} />
        </Field>
        <Field label="Short description" required hint="A sentence or two shown on the service cards." error={errors.description}>
          <textarea className="admin-input" rows={3} value={values.description} onChange={(e) => set('description', e.target.value)} />
        </Field>
        <Field label="About text" hint="Shown in the About section of the service card and page.">
          <textarea className="admin-input" rows={6} value={values.aboutText} onChange={(e) => set('aboutText', e.target.value)} />
        </Field>
        <Field label="Pricing information" hint={PRICING_HINT}>
          <textarea
            className="admin-input admin-input--mono"
            rows={6}
            value={values.pricingInfo}
            onChange={(e) => set('pricingInfo', e.target.value)}
          />
        </Field>
      </section>

      <section className="admin-card" aria-labelledby="schedule-heading">
        <h3 className="admin-card__title" id="schedule-heading">
          When it shows
        </h3>
        <p className="admin-card__hint">
          For a seasonal service: it appears on the website, its menus, search results and the sitemap at Show from, and leaves them at Show
          until. The switch in the list still hides it at any time. <ScheduleBadge window={service} now={now} />
        </p>
        <ScheduleFields
          legend="Schedule"
          value={{ showFrom: values.showFrom, showUntil: values.showUntil }}
          onChange={(schedule) => setValues((current) => ({ ...current, ...schedule }))}
        />
      </section>

      <ImageManager service={service} onImagesSaved={onSaved} onReload={onReload} onUnsavedChange={setPictureUnsaved} />

      <InquiryFormConfig values={values} errors={errors} set={set} />

      <CustomFieldsEditor values={values} errors={errors} setValues={setValues} />

      <SaveBar
        saving={saving}
        {...saveBarState(editor.changed, pictureUnsaved, valid)}
        onDiscard={editor.discard}
        saveLabel="Save Changes"
      />

      <ConfirmDialog
        open={confirmingDelete}
        title="Delete Service"
        description={deleteQuestion(service.title)}
        confirmLabel={deleting ? 'Deleting...' : 'Delete'}
        busy={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmingDelete(false)}
      />
      <StaleEditDialog
        {...editor.conflictDialog}
        rows={conflict ? compareRows(toUpdate(values), conflict.current, SERVICE_FIELD_LABELS) : []}
      />
    </form>
  )
}
