// Testimonials Management: the list with inline edit and delete, and the add form.
import { useEffect, useState, type FormEvent } from 'react'
import { TESTIMONIAL_FIELD_LABELS } from '../../../server/testimonials/testimonials.schema'
import {
  addTestimonial,
  deleteTestimonial,
  getTestimonials,
  serverMessage,
  updateTestimonial,
  type VersionedTestimonial as Testimonial,
} from '../admin-api'
import { compareRows } from '../ui/stale-compare'
import { StaleEditDialog } from '../ui/stale-edit-dialog'
import { splitVersion, useVersionedEditor } from '../ui/use-versioned-editor'
import { notifyError, notifySuccess } from '../ui/notify'
import { Loading } from '../ui/loading'
import { Field } from '../ui/field'
import { homePageRule } from './home-page-rule'
import { ConfirmDialog } from '../ui/confirm-dialog'
import { useUnsavedChanges } from '../ui/leave-guard'
import { PictureField } from '../ui/picture-field'
import { SwitchField } from '../ui/switch-field'
import {
  EMPTY_ADD as EMPTY,
  MISSING_FIELDS,
  addDraftChanged,
  addInput,
  deleteQuestion,
  editProblem,
  editedTestimonial,
  editorDraft as toDraft,
  replaceTestimonial,
  withoutTestimonial,
  type AddDraft as Draft,
} from './testimonial-form'

export function TestimonialsPanel() {
  const [items, setItems] = useState<Testimonial[] | null>(null)
  const [loadFailed, setLoadFailed] = useState(false)
  const [draft, setDraft] = useState<Draft>(EMPTY)
  const [adding, setAdding] = useState(false)
  const [editingId, setEditingId] = useState<string | null>(null)
  const [toDelete, setToDelete] = useState<Testimonial | null>(null)
  const [deleting, setDeleting] = useState(false)

  const load = async () => {
    try {
      setItems(await getTestimonials())
      setLoadFailed(false)
    } catch {
      setLoadFailed(true)
      notifyError('Error loading testimonials', 'Could not load testimonials.')
    }
  }
  useEffect(() => {
    void load()
  }, [])

  useUnsavedChanges('testimonial-add', addDraftChanged(draft))

  const add = async (event: FormEvent) => {
    event.preventDefault()
    const input = addInput(draft)
    if (!input) {
      notifyError('Missing fields', MISSING_FIELDS)
      return
    }
    setAdding(true)
    try {
      const created = await addTestimonial(input)
      setItems((list) => [...(list ?? []), created])
      setDraft(EMPTY)
      notifySuccess('Testimonial added')
    } catch (error) {
      notifyError('Error', serverMessage(error) ?? 'Failed to add testimonial.')
    } finally {
      setAdding(false)
    }
  }

  const remove = async () => {
    if (!toDelete) return
    setDeleting(true)
    try {
      await deleteTestimonial(toDelete.id)
      setItems((list) => withoutTestimonial(list, toDelete.id))
      setToDelete(null)
      notifySuccess('Testimonial deleted')
    } catch (error) {
      notifyError('Error', serverMessage(error) ?? 'Failed to delete testimonial.')
    } finally {
      setDeleting(false)
    }
  }

  return (
    <div className="admin-two-col">
      <section className="admin-card" aria-labelledby="testimonials-heading">
        <h2 className="admin-card__title" id="testimonials-heading">
          Testimonials
        </h2>
        <p className="admin-card__hint">{items ? homePageRule(items) : 'The home page shows up to three of these.'}</p>
        {!items && !loadFailed && <Loading label="Loading testimonials..." />}
        {loadFailed && !items && (
          <div className="admin-empty">
            <p>The testimonials could not be loaded.</p>
            <button type="button" className="admin-button admin-button--primary" onClick={() => void load()}>
              Try again
            </button>
          </div>
        )}
        {items && items.length === 0 && <p className="admin-empty-note">No testimonials yet. Add the first one.</p>}
        {items && items.length > 0 && (
          <ul className="admin-testimonials" aria-label="Testimonials">
            {items.map((t) =>
              t.id === editingId ? (
                <TestimonialEditor
                  key={t.id}
                  testimonial={t}
                  onCancel={() => setEditingId(null)}
                  onSaved={(saved) => {
                    setItems((list) => replaceTestimonial(list, saved))
                    setEditingId(null)
                  }}
                  onReload={(current) => {
                    setItems((list) => replaceTestimonial(list, current))
                    setEditingId(null)
                  }}
                />
              ) : (
                <li key={t.id} className="admin-testimonial">
                  <blockquote className="admin-testimonial__quote">“{t.quote}”</blockquote>
                  <p className="admin-testimonial__author">
                    <strong>{t.author}</strong>
                    {t.position && <span> · {t.position}</span>}
                    {t.featured && <span> · Featured on the home page</span>}
                    {t.photo && <span> · with photo</span>}
                  </p>
                  <div className="admin-testimonial__actions">
                    <button
                      type="button"
                      className="admin-button admin-button--outline admin-button--small"
                      disabled={editingId !== null}
                      onClick={() => setEditingId(t.id)}
                      aria-label={`Edit testimonial from ${t.author}`}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="admin-button admin-button--danger-outline admin-button--small"
                      onClick={() => setToDelete(t)}
                      aria-label={`Delete testimonial from ${t.author}`}
                    >
                      Delete
                    </button>
                  </div>
                </li>
              ),
            )}
          </ul>
        )}
      </section>

      <section className="admin-card admin-two-col__side" aria-labelledby="add-testimonial-heading">
        <h2 className="admin-card__title" id="add-testimonial-heading">
          Add Testimonial
        </h2>
        <form noValidate onSubmit={add}>
          <Field label="Quote" required>
            <textarea
              className="admin-input"
              rows={5}
              value={draft.quote}
              onChange={(e) => setDraft((d) => ({ ...d, quote: e.target.value }))}
            />
          </Field>
          <Field label="Customer" required hint="The customer's name as it should appear.">
            <input className="admin-input" value={draft.author} onChange={(e) => setDraft((d) => ({ ...d, author: e.target.value }))} />
          </Field>
          <Field label="Company/Role" hint="Optional, e.g. “Bride” or “Event planner, Acme Co.”">
            <input className="admin-input" value={draft.position} onChange={(e) => setDraft((d) => ({ ...d, position: e.target.value }))} />
          </Field>
          <button type="submit" className="admin-button admin-button--primary" disabled={adding}>
            {adding ? 'Adding...' : 'Add Testimonial'}
          </button>
        </form>
      </section>

      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Testimonial"
        description={deleteQuestion(toDelete?.author)}
        confirmLabel={deleting ? 'Deleting...' : 'Delete'}
        busy={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setToDelete(null)}
      />
    </div>
  )
}

function TestimonialEditor({
  testimonial,
  onCancel,
  onSaved,
  onReload,
}: {
  testimonial: Testimonial
  onCancel: () => void
  onSaved: (t: Testimonial) => void
  /** Takes the testimonial as it is now on the server (after a stale save), discarding this edit. */
  onReload: (t: Testimonial) => void
}) {
  const editor = useVersionedEditor({
    name: 'testimonial-edit',
    initial: splitVersion(testimonial),
    toDraft,
    save: async (draft, version) => splitVersion(await updateTestimonial(editedTestimonial(testimonial, draft, version))),
    onSaved: (saved, version) => {
      notifySuccess('Testimonial updated')
      onSaved({ ...saved, version })
    },
    // A save refused because this testimonial changed elsewhere (409) offers to reload it; Reload closes the editor.
    onReloaded: (current, version) => onReload({ ...current, version }),
    saveError: (server) => {
      notifyError('Error', server ?? 'Failed to update testimonial.')
      return null
    },
  })
  const { conflict, saving } = editor
  const draft = editor.draft!
  const setDraft = editor.edit

  const save = (event: FormEvent) => {
    event.preventDefault()
    const problem = editProblem(draft, testimonial.imageSrc)
    if (problem === null) void editor.save()
    else notifyError('Missing fields', problem)
  }

  return (
    <li className="admin-testimonial is-editing">
      <form noValidate onSubmit={save} aria-label={`Edit testimonial from ${testimonial.author}`}>
        <Field label="Quote" required>
          <textarea
            className="admin-input"
            rows={4}
            value={draft.quote}
            autoFocus
            onChange={(e) => setDraft((d) => ({ ...d, quote: e.target.value }))}
          />
        </Field>
        <Field label="Customer" required>
          <input className="admin-input" value={draft.author} onChange={(e) => setDraft((d) => ({ ...d, author: e.target.value }))} />
        </Field>
        <Field label="Company/Role">
          <input className="admin-input" value={draft.position} onChange={(e) => setDraft((d) => ({ ...d, position: e.target.value }))} />
        </Field>
        <PictureField
          label="Photo"
          altLabel="Photo description"
          help="The home page shows this square crop, round, beside the quote."
          aspect={1}
          url={draft.photo}
          alt={draft.photoAlt}
          removable
          onChange={(url) => setDraft((d) => ({ ...d, photo: url }))}
          onAltChange={(photoAlt) => setDraft((d) => ({ ...d, photoAlt }))}
        />
        <SwitchField
          label="Featured"
          hint="Always shown on the home page (when more than three are featured, three of them, a different three on each visit)."
          checked={draft.featured}
          onChange={(featured) => setDraft((d) => ({ ...d, featured }))}
        />
        <div className="admin-testimonial__actions">
          <button type="button" className="admin-button admin-button--ghost admin-button--small" disabled={saving} onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="admin-button admin-button--primary admin-button--small" disabled={saving}>
            {saving ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
      <StaleEditDialog
        {...editor.conflictDialog}
        rows={conflict ? compareRows(draft, toDraft(conflict.current), TESTIMONIAL_FIELD_LABELS) : []}
      />
    </li>
  )
}
