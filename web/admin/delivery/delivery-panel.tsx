// Delivery & Installation Page: a markdown editor beside a preview rendered exactly as the public page renders it.
import { MarkdownContent } from '../../components/markdown-content'
import { getDeliveryContent, saveDeliveryContent } from '../admin-api'
import { notifySuccess } from '../ui/notify'
import { Loading } from '../ui/loading'
import { EditPreview } from '../ui/edit-preview'
import { compareRows } from '../ui/stale-compare'
import { StaleEditDialog } from '../ui/stale-edit-dialog'
import { splitVersion, useVersionedEditor } from '../ui/use-versioned-editor'
import { LoadFailed } from '../ui/load-failed'
import { SaveBar } from '../ui/save-bar'

export function DeliveryPanel() {
  // A save over someone else's change is refused (409) and offers Reload.
  const editor = useVersionedEditor({
    name: 'delivery',
    load: async () => splitVersion(await getDeliveryContent()),
    toDraft: ({ markdownContent }) => markdownContent,
    save: async (markdownContent, baseVersion) => splitVersion(await saveDeliveryContent({ markdownContent, baseVersion })),
    onSaved: () => notifySuccess('Changes saved', 'The Delivery & Installation page is updated.'),
    // The server's own sentence for a refused save (git mid-merge, a bad page), if it gave one.
    saveError: (server) => `Failed to save content.${server ? ` ${server}` : ''}`,
  })
  const { draft: text, conflict } = editor

  if (editor.phase === 'load-failed') return <LoadFailed message="Failed to load delivery & installation content." onRetry={editor.retry} />
  if (text === null) return <Loading label="Loading page content..." />

  const form = (
    <section className="admin-card admin-delivery__editor" aria-labelledby="delivery-editor-heading">
      <div className="admin-card__header">
        <div>
          <h2 className="admin-card__title" id="delivery-editor-heading">
            Page content
          </h2>
          <p className="admin-card__hint">
            Written in Markdown: <code># Heading</code>, <code>## Smaller heading</code>, <code>- list item</code>, <code>**bold**</code>,{' '}
            <code>[link text](https://…)</code>. A blank line starts a new paragraph.
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
        onChange={(e) => editor.edit(e.target.value)}
      />
      <SaveBar
        inline
        saving={editor.saving}
        changed={editor.changed}
        error={editor.error}
        onDiscard={editor.discard}
        onSave={() => void editor.save()}
      />
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
        {...editor.conflictDialog}
        rows={conflict ? compareRows({ markdownContent: text }, conflict.current, { markdownContent: 'Page text' }) : []}
      />
    </section>
  )

  // Side by side on a wide screen; on a phone, Edit and Preview buttons switch between the two.
  return <EditPreview label="Delivery & Installation page" editor={form} preview={preview} />
}
