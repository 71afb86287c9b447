// The FAQ editor's form: the questions as the owner edits them (schedule as typed), what Save sends, and why it cannot.
import { FaqSaveSchema, type FaqItem } from '../../../server/faq/faq.schema'
import { scheduleFromInputs, scheduleInputs, type ScheduleInputs } from '../ui/schedule-fields'

/** An item being edited: `key` is stable while it has no id yet (it gets one when saved). */
export interface Draft {
  key: string
  id?: string
  question: string
  answer: string
  /** Studio time as the datetime-local inputs hold it; '' is no limit. */
  schedule: ScheduleInputs
}

export const toDrafts = (items: FaqItem[]): Draft[] =>
  items.map(({ showFrom, showUntil, ...item }) => ({ key: item.id, ...item, schedule: scheduleInputs({ showFrom, showUntil }) }))
/** What Save sends: a side without a date is left out (no limit). */
export const toItems = (drafts: Draft[]) =>
  drafts.map(({ id, question, answer, schedule }) => {
    const { showFrom, showUntil } = scheduleFromInputs(schedule)
    return { ...(id ? { id } : {}), question, answer, ...(showFrom ? { showFrom } : {}), ...(showUntil ? { showUntil } : {}) }
  })

/** Why Save cannot send the questions, naming the question, or null. */
export function faqProblem(drafts: Draft[]): string | null {
  const checked = FaqSaveSchema.safeParse({ items: toItems(drafts) })
  if (checked.success) return null
  const issue = checked.error.issues[0]
  const index = typeof issue?.path[1] === 'number' ? issue.path[1] : null
  return `${index === null ? '' : `Question ${index + 1}: `}${issue?.message ?? 'Please check the questions.'}`
}
