// What the pipeline card shows (inquiry-pipeline.tsx lays it out; what Save sends is pipeline-change.ts): the lost
// reason's fields, the note of why a lead was lost, the offer to move a lead on to Quoted, and the Save button's state.
import { STATUS_LABELS } from '../../../server/inquiries/inquiry-format'
import type { InquiryRecord } from './inbox-api'
import { OTHER_REASON, type PipelineForm } from './pipeline-change'

/** The lost-reason menu shows for a lost lead; the box for her own words once she picks Other. */
export function reasonFields(form: Pick<PipelineForm, 'status' | 'reason'>): { menu: boolean; ownWords: boolean } {
  const menu = form.status === 'lost'
  return { menu, ownWords: menu && form.reason === OTHER_REASON }
}

/** The note under the status of a lead recorded lost with a reason, else null. */
export const lostNote = (record: Pick<InquiryRecord, 'status' | 'lostReason'>): string | null =>
  record.status === 'lost' && record.lostReason ? `Lost: ${record.lostReason}` : null

/** The offer's words: from the status the lead has now on to Quoted. */
export const offerQuotedLabel = (record: Pick<InquiryRecord, 'status'>): string =>
  `Also move this lead from ${STATUS_LABELS[record.status]} to Quoted`

/** The Save button and the words beside it: offered once something changed, and not again while it saves. */
export function saveState(dirty: boolean, busy: boolean): { label: string; disabled: boolean; status: string } {
  return { label: busy ? 'Saving...' : 'Save pipeline', disabled: busy || !dirty, status: dirty ? 'Unsaved changes' : '' }
}
