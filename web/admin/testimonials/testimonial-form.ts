// The Testimonials tab's form rules (testimonials-panel.tsx draws them): when the add form holds something unsaved,
// what Add and Save send or why they refuse, the editor's fields, the list after a save or a delete, and the question
// before a delete.
import { TestimonialInputSchema, type TestimonialInput } from '../../../server/testimonials/testimonials.schema'
import type { VersionedTestimonial as Testimonial } from '../admin-api'

export interface AddDraft {
  quote: string
  author: string
  position: string
}

export const EMPTY_ADD: AddDraft = { quote: '', author: '', position: '' }

/** The spec's words when a quote or a customer is missing. */
export const MISSING_FIELDS = 'Quote and Customer are required.'

/** Whether the add form holds something typed (the leave warning): spaces alone are nothing. */
export const addDraftChanged = (draft: AddDraft): boolean =>
  draft.quote.trim() !== '' || draft.author.trim() !== '' || draft.position.trim() !== ''

/** What Add sends (with no image), or null when a quote or the customer is missing. */
export function addInput(draft: AddDraft): TestimonialInput | null {
  const parsed = TestimonialInputSchema.safeParse({ ...draft, imageSrc: '' })
  return parsed.success ? parsed.data : null
}

/** The editor's fields, from the testimonial as the server has it. */
export const editorDraft = (t: Omit<Testimonial, 'version'>) => ({
  quote: t.quote,
  author: t.author,
  position: t.position ?? '',
  photo: t.photo ?? '',
  photoAlt: t.photoAlt ?? '',
  featured: t.featured ?? false,
})

export type EditorDraft = ReturnType<typeof editorDraft>

/** Why the edited testimonial cannot be saved (the first problem, in the schema's words), or null. */
export function editProblem(draft: EditorDraft, imageSrc: string | undefined): string | null {
  const parsed = TestimonialInputSchema.safeParse({ ...draft, imageSrc })
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? MISSING_FIELDS)
}

/** What Save sends: the testimonial with the edited fields (its image kept) and the version it was read at. */
export const editedTestimonial = (testimonial: Testimonial, draft: EditorDraft, version: string | undefined): Testimonial => ({
  ...testimonial,
  ...TestimonialInputSchema.parse({ ...draft, imageSrc: testimonial.imageSrc }),
  version,
})

/** The list with one testimonial as saved (or reloaded), in its place. */
export const replaceTestimonial = (list: Testimonial[] | null, saved: Testimonial): Testimonial[] | null =>
  list?.map((x) => (x.id === saved.id ? saved : x)) ?? list

/** The list without a deleted testimonial. */
export const withoutTestimonial = (list: Testimonial[] | null, id: string): Testimonial[] | null => list?.filter((t) => t.id !== id) ?? list

/** The question before a delete. */
export const deleteQuestion = (author: string | undefined): string =>
  `Are you sure you want to delete the testimonial from ${author ?? ''}? This action cannot be undone.`
