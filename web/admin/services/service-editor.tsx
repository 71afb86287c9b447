// The editor of one service: text, images, inquiry form and custom fields, saved together with one Save Changes.
import { useMemo, useState } from 'react'
import { deleteService, serverMessage, updateService, type Service } from '../admin-api'
import { notifyError, notifySuccess } from '../ui/notify'
import { Field } from '../ui/field'
import { ConfirmDialog } from '../ui/confirm-dialog'
import { useUnsavedChanges } from '../ui/leave-guard'
import { TrashIcon } from '../ui/icons'
import { PRICING_HINT, sameValues, toUpdate, validate, valuesFromService, type EditorValues } from './editor-values'
import { ImageManager } from './image-manager'
import { InquiryFormConfig } from './inquiry-form-config'
import { CustomFieldsEditor } from './custom-fields-editor'
import { ScheduleBadge, ScheduleFields, useServerNow } from '../ui/schedule-fields'
import { isShownAt } from '../../../server/lib/schedule'

const scheduleHides = (service: Service, now: number) => !isShownAt(service, now)
import { compareRows, staleConflict, StaleEditDialog, type StaleConflict } from '../ui/stale-edit-dialog'
import { SERVICE_FIELD_LABELS } from '../../../server/history/field-labels'

/** The version the dashboard read with the service; sent back so a save over someone else's change is refused. */
const versionOf = (service: Service) => (service as Service & { version?: string }).version

interface ServiceEditorProps {
  service: Service
  onSaved: (service: Service) => void
  onDeleted: (id: string) => void
  onReload: () => Promise<void>
}

export function ServiceEditor({ service, onSaved, onDeleted, onReload }: ServiceEditorProps) {
  const [snapshot, setSnapshot] = useState<EditorValues>(() => valuesFromService(service))
  const [values, setValues] = useState<EditorValues>(snapshot)
  const [saving, setSaving] = useState(false)
  const [confirmingDelete, setConfirmingDelete] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const [conflict, setConflict] = useState<StaleConflict<Service> | null>(null)

  const now = useServerNow()
  const dirty = !sameValues(values, snapshot)
  const errors = useMemo(() => validate(values), [values])
  const valid = Object.keys(errors).length === 0
  useUnsavedChanges('service-editor', dirty)

  const set = <K extends keyof EditorValues>(key: K, value: EditorValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }))

  const save = async () => {
    if (!dirty || !valid || saving) return
    setSaving(true)
    try {
      const saved = await updateService(service.id, { ...toUpdate(values), baseVersion: versionOf(service) })
      const fresh = valuesFromService(saved)
      setSnapshot(fresh)
      setValues(fresh)
      onSaved(saved)
      notifySuccess('Changes saved', `"${saved.title}" is updated on the website.`)
    } catch (error) {
      const stale = staleConflict<Service>(error)
      if (stale) return setConflict(stale)
      notifyError('Error saving changes', serverMessage(error) ?? 'There was a problem saving the changes. Please try again.')
    } finally {
      setSaving(false)
    }
  }

  const remove = async () => {
    setDeleting(true)
    try {
      await deleteService(service.id)
      setConfirmingDelete(false)
      onDeleted(service.id)
      notifySuccess('Service deleted', `"${service.title}" was removed.`)
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
        void save()
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
          {service.visible && !scheduleHides(service, now) && (
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
          <textarea
            className="admin-input"
            rows={3}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
          />
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

      <ImageManager service={service} onImagesSaved={onSaved} onReload={onReload} />

      <InquiryFormConfig values={values} errors={errors} set={set} />

      <CustomFieldsEditor values={values} errors={errors} setValues={setValues} />

      <div className={dirty ? 'admin-savebar is-dirty' : 'admin-savebar'}>
        <p className="admin-savebar__status" role="status">
          {saving
            ? 'Saving...'
            : dirty
              ? valid
                ? 'You have unsaved changes.'
                : 'Please fix the highlighted fields before saving.'
              : 'All changes saved.'}
        </p>
        <div className="admin-savebar__actions">
          {dirty && !saving && (
            <button type="button" className="admin-button admin-button--ghost" onClick={() => setValues(snapshot)}>
              Discard changes
            </button>
          )}
          <button type="submit" className="admin-button admin-button--primary" disabled={!dirty || !valid || saving}>
            Save Changes
          </button>
        </div>
      </div>

      <ConfirmDialog
        open={confirmingDelete}
        title="Delete Service"
        description={`Are you sure you want to delete "${service.title}"? This action cannot be undone.`}
        confirmLabel={deleting ? 'Deleting...' : 'Delete'}
        busy={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmingDelete(false)}
      />
      <StaleEditDialog
        open={conflict !== null}
        rows={conflict ? compareRows(toUpdate(values), conflict.current, SERVICE_FIELD_LABELS) : []}
        onReload={() => {
          if (!conflict) return
          const current = { ...conflict.current, version: conflict.version }
          const fresh = valuesFromService(current)
          setSnapshot(fresh)
          setValues(fresh)
          onSaved(current)
          setConflict(null)
        }}
        onCancel={() => setConflict(null)}
      />
    </form>
  )
}
