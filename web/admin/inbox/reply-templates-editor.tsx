// The owner's reply templates: name, subject and message with the placeholders of REPLY_PLACEHOLDERS.
import { useEffect, useState } from 'react'
import type { ReplyTemplate } from '../../../server/inquiries/reply-templates.schema'
import { notifyError, notifySuccess } from '../ui/notify'
import { saveReplyTemplates } from './inbox-api'
import { PLACEHOLDERS_HINT, saveFailure, withNewTemplate, withoutTemplate, withTemplate } from './reply-templates-draft'

export function ReplyTemplatesEditor({ templates, onSaved }: { templates: ReplyTemplate[]; onSaved: (t: ReplyTemplate[]) => void }) {
  const [draft, setDraft] = useState(templates)
  const [saving, setSaving] = useState(false)
  useEffect(() => setDraft(templates), [templates])
  const edit = (i: number, patch: Partial<ReplyTemplate>) => setDraft((d) => withTemplate(d, i, patch))
  const save = async () => {
    setSaving(true)
    try {
      onSaved(await saveReplyTemplates(draft))
      notifySuccess('Reply templates saved')
    } catch (error) {
      const failure = saveFailure(error)
      if (failure !== null) notifyError('Error', failure)
    } finally {
      setSaving(false)
    }
  }
  return (
    <details className="admin-templates">
      <summary>Reply templates</summary>
      <p className="admin-card__hint">{PLACEHOLDERS_HINT}</p>
      {draft.map((t, i) => (
        <fieldset key={i} className="admin-templates__item">
          <legend>Template {i + 1}</legend>
          <label className="admin-field__label" htmlFor={`tpl-name-${i}`}>
            Name
          </label>
          <input id={`tpl-name-${i}`} className="admin-input" value={t.name} onChange={(e) => edit(i, { name: e.target.value })} />
          <label className="admin-field__label" htmlFor={`tpl-subject-${i}`}>
            Subject
          </label>
          <input id={`tpl-subject-${i}`} className="admin-input" value={t.subject} onChange={(e) => edit(i, { subject: e.target.value })} />
          <label className="admin-field__label" htmlFor={`tpl-body-${i}`}>
            Message
          </label>
          <textarea
            id={`tpl-body-${i}`}
            className="admin-input"
            rows={5}
            value={t.body}
            onChange={(e) => edit(i, { body: e.target.value })}
          />
          <button
            type="button"
            className="admin-button admin-button--danger-outline admin-button--small"
            onClick={() => setDraft((d) => withoutTemplate(d, i))}
          >
            Remove template {i + 1}
          </button>
        </fieldset>
      ))}
      <div className="admin-button-row">
        <button type="button" className="admin-button admin-button--outline admin-button--small" onClick={() => setDraft(withNewTemplate)}>
          Add template
        </button>
        <button
          type="button"
          className="admin-button admin-button--primary admin-button--small"
          disabled={saving}
          onClick={() => void save()}
        >
          Save templates
        </button>
      </div>
    </details>
  )
}
