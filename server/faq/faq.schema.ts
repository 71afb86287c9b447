// Frequently asked questions: content/faq.yaml, a list of question and answer items (answers in markdown), in order.
import { z } from 'zod'
import { refineWindow, scheduleShape, withoutOpenSides } from '../lib/schedule'
import { textBlock, textLine } from '../lib/text'

export const FAQ_ID = /^[a-z0-9-]{1,64}$/

const FaqItemSchema = z
  .object({
    id: z.string().regex(FAQ_ID),
    question: z.string().min(1),
    answer: z.string(),
    /** When the question appears on and leaves the FAQ page (ISO 8601; absent: no limit). */
    ...scheduleShape,
  })
  .superRefine(refineWindow)
  .transform(withoutOpenSides)
export type FaqItem = z.output<typeof FaqItemSchema>

export const FaqListSchema = z.array(FaqItemSchema)

/** One item as the dashboard saves it: a new item comes without an id and gets one. */
export const FaqItemInputSchema = z
  .object({
    id: z.string().regex(FAQ_ID, 'Question ids are lowercase letters, digits and hyphens').optional(),
    question: textLine('Question').min(1, 'Question is required').max(300, 'Question is too long (300 characters at most)'),
    answer: textBlock('Answer').trim().min(1, 'Answer is required').max(5000, 'Answer is too long (5,000 characters at most)'),
    ...scheduleShape,
  })
  .superRefine(refineWindow)
export type FaqItemInput = z.output<typeof FaqItemInputSchema>

export const FaqSaveSchema = z.object({
  items: z
    .array(FaqItemInputSchema, { error: 'items must be the list of questions' })
    .max(100, 'At most 100 questions')
    .refine(
      (items) => new Set(items.flatMap((i) => (i.id ? [i.id] : []))).size === items.filter((i) => i.id).length,
      'Two questions have the same id',
    ),
})
