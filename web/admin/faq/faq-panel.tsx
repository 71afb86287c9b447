// FAQ: the questions of the public /faq page. Add, edit, drag to reorder, delete; Save writes the whole list as one
// commit. The preview renders the answers' markdown as the page does.
import { useEffect, useRef, useState } from 'react'
import { DndContext, closestCenter, type DragEndEvent } from '@dnd-kit/core'
import { SortableContext, arrayMove, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { FaqSaveSchema } from '../../../server/faq/faq.schema'
import { MarkdownContent } from '../../components/markdown-content'
import { getFaq, saveFaq } from '../admin-api'
import { notifySuccess } from '../ui/notify'
import { Loading } from '../ui/loading'
import { Field } from '../ui/field'
import { GripIcon, TrashIcon } from '../ui/icons'
import { EditPreview } from '../ui/edit-preview'
import { restrictToVerticalAxis } from '../ui/modifiers'
import { reorderAnnouncements, reorderInstructions, useDragSensors } from '../ui/sortable-sensors'
import { StaleEditDialog } from '../ui/stale-edit-dialog'
import { useVersionedEditor } from '../ui/use-versioned-editor'
import { deepEqual } from '../ui/versioned-editor-state'
import { LoadFailed } from '../ui/load-failed'
import { SaveBar } from '../ui/save-bar'
import { ScheduleBadge, ScheduleFields, scheduleFromInputs, useServerNow } from '../ui/schedule-fields'
import { faqProblem, toDrafts, toItems, type Draft } from './faq-form'
import './faq-panel.css'

let nextKey = 0

export function FaqPanel() {
  const editor = useVersionedEditor({
    name: 'faq',
    load: async () => {
      const { items, version } = await getFaq()
      return { data: items, version }
    },
    toDraft: toDrafts,
    same: (a, b) => deepEqual(toItems(a), toItems(b)),
    check: faqProblem,
    save: async (list, baseVersion) => {
      const { items, version } = await saveFaq(FaqSaveSchema.parse({ items: toItems(list) }).items, baseVersion)
      return { data: items, version }
    },
    onSaved: () => notifySuccess('Changes saved', 'The FAQ page is updated.'),
    saveError: (server) => server ?? 'Failed to save the questions. Please try again.',
  })
  const { draft: drafts, conflict, saving } = editor
  const focusKey = useRef<string | null>(null)
  const sensors = useDragSensors()
  const now = useServerNow()

  useEffect(() => {
    if (!focusKey.current) return
    // Scrolled to the middle of the screen: brought only just into view, it sat half behind the save bar.
    // (The Field gives the input its own id, so the row is found by its key.)
    const row = document.querySelector<HTMLElement>(`[data-faq-key="${window.CSS.escape(focusKey.current)}"]`)
    row?.querySelector('input')?.focus({ preventScroll: true })
    row?.scrollIntoView({ block: 'center' })
    focusKey.current = null
  })

  if (editor.phase === 'load-failed') return <LoadFailed message="Failed to load the questions." onRetry={editor.retry} />
  if (drafts === null) return <Loading label="Loading questions..." />

  const setDrafts = editor.edit
  const keys = drafts.map((d) => d.key)
  const update = (key: string, patch: Partial<Draft>) => setDrafts((list) => list.map((d) => (d.key === key ? { ...d, ...patch } : d)))
  const add = () => {
    const key = `new-${++nextKey}`
    focusKey.current = key
    setDrafts((list) => [...list, { key, question: '', answer: '', schedule: { showFrom: '', showUntil: '' } }])
  }
  const dragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    setDrafts((list) => arrayMove(list, keys.indexOf(String(active.id)), keys.indexOf(String(over.id))))
  }
  const form = (
    <section className="admin-card" aria-labelledby="faq-editor-heading">
      <h2 className="admin-card__title" id="faq-editor-heading">
        Questions
      </h2>
      <p className="admin-card__hint">
        Drag a question by its handle to change the order. Answers are written in Markdown: <code>**bold**</code>, <code>- list item</code>,{' '}
        <code>[link text](/contact)</code>; a blank line starts a new paragraph.
      </p>
      {drafts.length === 0 && <p className="admin-empty-note">No questions yet.</p>}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        modifiers={[restrictToVerticalAxis]}
        onDragEnd={dragEnd}
        accessibility={{
          announcements: reorderAnnouncements(
            (id) => drafts.find((d) => d.key === id)?.question || 'New question',
            (id) => keys.indexOf(String(id)),
            () => keys.length,
          ),
          screenReaderInstructions: reorderInstructions,
        }}
      >
        <SortableContext items={keys} strategy={verticalListSortingStrategy} disabled={saving}>
          <ol className="admin-faq-list" aria-label="Questions in page order">
            {drafts.map((draft, index) => (
              <FaqRow
                key={draft.key}
                draft={draft}
                index={index}
                now={now}
                disabled={saving}
                onChange={(patch) => update(draft.key, patch)}
                onDelete={() => setDrafts((list) => list.filter((d) => d.key !== draft.key))}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <button type="button" className="admin-button admin-button--outline" onClick={add} disabled={saving}>
        Add question
      </button>
    </section>
  )

  const preview = (
    <section className="admin-card" aria-labelledby="faq-preview-heading">
      <h2 className="admin-card__title" id="faq-preview-heading">
        Preview
      </h2>
      <p className="admin-card__hint">How the FAQ page will read (every answer open).</p>
      <div className="admin-faq-preview">
        {drafts.map((d) => (
          <div key={d.key} className="admin-faq-preview__item">
            <p className="admin-faq-preview__question">{d.question || 'New question'}</p>
            <MarkdownContent markdown={d.answer} />
          </div>
        ))}
      </div>
    </section>
  )

  return (
    <div className="admin-faq">
      <EditPreview label="FAQ" editor={form} preview={preview} />
      <SaveBar saving={saving} changed={editor.changed} error={editor.error} onDiscard={editor.discard} onSave={() => void editor.save()} />
      <StaleEditDialog
        {...editor.conflictDialog}
        rows={
          conflict
            ? [
                {
                  field: 'items',
                  label: 'Questions',
                  yours: drafts.map((d) => d.question).join(' · '),
                  theirs: conflict.current.map((q) => q.question).join(' · '),
                },
              ]
            : []
        }
      />
    </div>
  )
}

function FaqRow({
  draft,
  index,
  now,
  disabled,
  onChange,
  onDelete,
}: {
  draft: Draft
  index: number
  now: number
  disabled: boolean
  onChange: (patch: Partial<Draft>) => void
  onDelete: () => void
}) {
  const saved = scheduleFromInputs(draft.schedule)
  const scheduled = Boolean(draft.schedule.showFrom || draft.schedule.showUntil)
  // Open at first when the question has a schedule; after that the owner opens and closes it.
  const [openAtFirst] = useState(scheduled)
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: draft.key,
    disabled,
  })
  const name = draft.question || `question ${index + 1}`
  return (
    <li
      ref={setNodeRef}
      data-faq-key={draft.key}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`admin-faq-row${isDragging ? ' is-dragging' : ''}`}
      {...listeners}
    >
      <div className="admin-faq-row__head">
        <span
          ref={setActivatorNodeRef}
          className="admin-drag-handle"
          {...attributes}
          aria-label={`Reorder ${name}`}
          aria-disabled={disabled}
        >
          <GripIcon />
        </span>
        <span className="admin-faq-row__number" aria-hidden="true">
          Question {index + 1}
        </span>
        <button type="button" className="admin-icon-button" aria-label={`Delete ${name}`} disabled={disabled} onClick={onDelete}>
          <TrashIcon />
        </button>
      </div>
      <Field label={`Question ${index + 1}`}>
        <input className="admin-input" value={draft.question} maxLength={300} onChange={(e) => onChange({ question: e.target.value })} />
      </Field>
      <Field label={`Answer ${index + 1}`}>
        <textarea
          className="admin-input"
          rows={4}
          value={draft.answer}
          maxLength={5000}
          onChange={(e) => onChange({ answer: e.target.value })}
        />
      </Field>
      <details className="admin-faq-row__schedule" open={openAtFirst || undefined}>
        <summary>Schedule {!scheduled && <span className="admin-field__hint">(always shown)</span>}</summary>
        <ScheduleBadge window={saved} now={now} />
        <ScheduleFields
          legend={`When question ${index + 1} shows`}
          suffix={` ${index + 1}`}
          value={draft.schedule}
          onChange={(schedule) => onChange({ schedule })}
        />
      </details>
    </li>
  )
}
