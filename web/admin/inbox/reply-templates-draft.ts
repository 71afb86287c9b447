// The reply templates as the owner edits them (reply-templates-editor.tsx lays them out): one changed, removed or
// added, the placeholders' hint, and what she is told when a save fails.
import { REPLY_PLACEHOLDERS, type ReplyTemplate } from '../../../server/inquiries/reply-templates.schema'
import { ApiError } from '../../lib/api-client'

/** A template added: named to be renamed, greeting the visitor by first name. */
export const NEW_TEMPLATE: ReplyTemplate = { name: 'New template', subject: 'Your {service} inquiry', body: 'Hi {firstName},\n\n' }

/** The templates with one changed. */
export const withTemplate = (templates: readonly ReplyTemplate[], index: number, patch: Partial<ReplyTemplate>): ReplyTemplate[] =>
  templates.map((t, j) => (j === index ? { ...t, ...patch } : t))

/** The templates without one. */
export const withoutTemplate = (templates: readonly ReplyTemplate[], index: number): ReplyTemplate[] =>
  templates.filter((_, j) => j !== index)

/** The templates with a new one at the end. */
export const withNewTemplate = (templates: readonly ReplyTemplate[]): ReplyTemplate[] => [...templates, { ...NEW_TEMPLATE }]

/** The hint above the templates: every placeholder, and where the quote, the deposit and her name come from. */
export const PLACEHOLDERS_HINT =
  `Placeholders: ${REPLY_PLACEHOLDERS.join(', ')} are filled in from the inquiry ({quote} and {deposit} from its Pipeline); ` +
  '{ownerName} is your name from Site, Brand (or the brand name when it is empty).'

/** Why the save failed in the server's words, or null for an ended session (the sign-in screen says that). */
export function saveFailure(error: unknown): string | null {
  if (error instanceof ApiError) return error.status === 401 ? null : error.message
  return 'Could not save the templates.'
}
