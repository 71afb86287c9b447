// The Add Service dialog: every field but the form title is required; the id is normalised as the server does.
import { useState, type FormEvent } from 'react'
import * as Dialog from '@radix-ui/react-dialog'
import { NewServiceSchema } from '../../../server/services/services.schema'
import { createService, serverMessage, type Service } from '../admin-api'
import { notifyError, notifySuccess } from '../ui/notify'
import { Field } from '../ui/field'
import { PlusIcon } from '../ui/icons'
import { PRICING_HINT } from './editor-values'
import { newIdHint } from './services-list-rules'

const EMPTY = { id: '', title: '', description: '', aboutText: '', pricingInfo: '', inquiryFormTitle: '' }

export function AddServiceDialog({ existingIds, onAdded }: { existingIds: string[]; onAdded: (s: Service) => void }) {
  const [open, setOpen] = useState(false)
  const [draft, setDraft] = useState(EMPTY)
  const [saving, setSaving] = useState(false)
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }))

  const idHint = newIdHint(draft.id, existingIds).hint

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = NewServiceSchema.safeParse(draft)
    if (!parsed.success) {
      notifyError('Missing required fields', 'Please fill in all required fields')
      return
    }
    setSaving(true)
    try {
      const service = await createService(parsed.data)
      onAdded(service)
      notifySuccess('Service added', `"${service.title}" is now on the website. Add pictures to finish it.`)
      setDraft(EMPTY)
      setOpen(false)
    } catch (error) {
      notifyError('Error adding service', serverMessage(error) ?? 'There was a problem adding the service. Please try again.')
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !saving && setOpen(next)}>
      <Dialog.Trigger className="admin-button admin-button--primary">
        <PlusIcon /> Add Service
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="admin-overlay" />
        <Dialog.Content className="admin-dialog" aria-describedby="add-service-help">
          <Dialog.Title className="admin-dialog__title">Add Service</Dialog.Title>
          <p className="admin-dialog__description" id="add-service-help">
            Fields marked * are required. The new service is shown on the website straight away; you can add pictures and form questions
            once it is created.
          </p>
          <form className="admin-dialog__form" noValidate onSubmit={submit}>
            <Field label="Service ID" required hint={idHint}>
              <input className="admin-input" value={draft.id} autoCapitalize="none" spellCheck={false} onChange={set('id')} />
            </Field>
            <Field label="Title" required>
              <input className="admin-input" value={draft.title} onChange={set('title')} />
            </Field>
            <Field label="Short description" required hint="A sentence or two shown on the service cards.">
              <textarea className="admin-input" rows={2} value={draft.description} onChange={set('description')} />
            </Field>
            <Field label="About text" required>
              <textarea className="admin-input" rows={4} value={draft.aboutText} onChange={set('aboutText')} />
            </Field>
            <Field label="Pricing information" required hint={PRICING_HINT}>
              <textarea className="admin-input admin-input--mono" rows={4} value={draft.pricingInfo} onChange={set('pricingInfo')} />
            </Field>
            <Field label="Inquiry form title" hint="Leave empty to use “Get a Quote”.">
              <input className="admin-input" value={draft.inquiryFormTitle} placeholder="Get a Quote" onChange={set('inquiryFormTitle')} />
            </Field>
            <div className="admin-dialog__actions">
              <Dialog.Close className="admin-button admin-button--ghost" disabled={saving}>
                Cancel
              </Dialog.Close>
              <button type="submit" className="admin-button admin-button--primary" disabled={saving}>
                {saving ? 'Adding...' : 'Add Service'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
