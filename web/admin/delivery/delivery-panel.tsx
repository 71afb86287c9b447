// Delivery & Installation Page: a markdown editor beside a preview rendered exactly as the public page renders it.
import { useEffect, useState } from 'react'
import { MarkdownContent } from '../../components/markdown-content'
import { getDeliveryContent, saveDeliveryContent, serverMessage } from '../admin-api'
import { notifySuccess } from '../ui/notify'
import { Loading } from '../ui/loading'
import { useUnsavedChanges } from '../ui/leave-guard'
import { EditPreview } from '../ui/edit-preview'
import { compareRows, staleConflict, StaleEditDialog, type StaleConflict } from '../ui/stale-edit-dialog'

type Versioned = { markdownContent: string; version?: string }

export function DeliveryPanel() {
  const [saved, setSaved] = useState<string | null>(null)
  const [text, setText] = useState('')
  const [loadFailed, setLoadFailed] = useState(false)
  const [saving, setSaving] = useState(false)
  // The server's own sentence for a refused save (git mid-merge, a bad page), or '' for an unexplained failure.
  const [saveFailed, setSaveFailed] = useState<string | null>(null)
  // The version the text was loaded at; a save over someone else's change is refused (409) and offers Reload.
  const [version, setVersion] = useState<string | undefined>()
  const [conflict, setConflict] = useState<StaleConflict<Versioned> | null>(null)

  const load = async () => {
    setLoadFailed(false)
    try {
      const { markdownContent, version: loaded } = (await getDeliveryContent()) as Versioned
      setVersion(loaded)
      setSaved(markdownContent)
      setText(markdownContent)
    } catch {
      setLoadFailed(true)
    }
  }
  useEffect(() => {
    void load()
  }, [])

  const changed = saved !== null && text !== saved
  useUnsavedChanges('delivery', changed)

  const save = async () => {
    setSaving(true)
    setSaveFailed(null)
    try {
      const body = { markdownContent: text, baseVersion: version }
      const result = (await saveDeliveryContent(body)) as Versioned
      setVersion(result.version)
      setSaved(result.markdownContent)
      setText(result.markdownContent)
      notifySuccess('Changes saved', 'The Delivery & Installation page is updated.')
    } catch (error) {
      const stale = staleConflict<Versioned>(error)
      if (stale) setConflict(stale)
      else setSaveFailed(serverMessage(error) ?? '')
    } finally {
      setSaving(false)
    }
  }

  if (loadFailed) {
    return (
      <div className="admin-card admin-empty">
        <p className="admin-error-text" role="alert">
          Failed to load delivery &amp; installation content.
        </p>
        <button type="button" className="admin-button admin-button--primary" onClick={() => void load()}>
          Try again
        </button>
      </div>
    )
  }
  if (saved === null) return <Loading label="Loading page content..." />

  const editor = (
    <section className="admin-card admin-delivery__editor" aria-labelledby="delivery-editor-heading">
      <div className="admin-card__header">
        <div>
          <h2 className="admin-card__title" id="delivery-editor-heading">
            Page content
          </h2>
          <p className="admin-card__hint">
            Written in Markdown: <code># Heading</code>, <code>## Smaller heading</code>, <code>- list item</code>,{' '}
            <code>**bold**</code>, <code>[link text](https://…)</code>. A blank line starts a new paragraph.
          </p>
        </div>
      </div>
      <label className="admin-visually-hidden" htmlFor="delivery-markdown">
        Markdown content
      </label>
      <textarea
        id="delivery-markdown"
        className="admin-input admin-input--mono admin-delivery__textarea"
        value={text}
        spellCheck
        onChange={(e) => setText(e.target.value)}
      />
      {saveFailed !== null && (
        <p className="admin-error-text" role="alert">
          Failed to save content.{saveFailed && ` ${saveFailed}`}
        </p>
      )}
      <div className="admin-savebar admin-savebar--inline">
        <p className="admin-savebar__status" role="status">
          {saving ? 'Saving...' : changed ? 'You have unsaved changes.' : 'All changes saved.'}
        </p>
        <div className="admin-savebar__actions">
          {changed && !saving && (
            <button type="button" className="admin-button admin-button--ghost" onClick={() => setText(saved)}>
              Discard changes
            </button>
          )}
          <button
            type="button"
            className="admin-button admin-button--primary"
            disabled={saving || !changed}
            onClick={() => void save()}
          >
            Save
          </button>
        </div>
      </div>
    </section>
  )
  const preview = (
    <section className="admin-card admin-delivery__preview" aria-labelledby="delivery-preview-heading">
      <h2 className="admin-card__title" id="delivery-preview-heading">
        Preview
      </h2>
      <p className="admin-card__hint">How the page will look on the website.</p>
      <div className="admin-delivery__page">
        <h1 className="admin-delivery__page-title">Delivery &amp; Installation</h1>
        <MarkdownContent markdown={text} />
      </div>
      <StaleEditDialog
        open={conflict !== null}
        rows={conflict ? compareRows({ markdownContent: text }, conflict.current, { markdownContent: 'Page text' }) : []}
        onReload={() => {
          if (!conflict) return
          setSaved(conflict.current.markdownContent)
          setText(conflict.current.markdownContent)
          setVersion(conflict.version)
          setConflict(null)
        }}
        onCancel={() => setConflict(null)}
      />
    </section>
  )

  // Side by side on a wide screen; on a phone, Edit and Preview buttons switch between the two.
  return <EditPreview label="Delivery & Installation page" editor={editor} preview={preview} />
}
