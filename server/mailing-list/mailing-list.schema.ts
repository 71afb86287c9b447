// Mailing-list segments and the subscribe request, with the dialog's messages.
import { z } from 'zod'
import { textLine } from '../lib/text'

const SegmentSchema = z.object({ id: textLine('Segment id').min(1).max(100), name: textLine('Segment name').min(1).max(200) })
export type Segment = z.infer<typeof SegmentSchema>
export const SegmentListSchema = z.array(SegmentSchema)

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const SubscriptionSchema = z.object({
  email: textLine('Email', 'Email is required.')
    .min(1, 'Email is required.')
    .max(254)
    .regex(EMAIL_PATTERN, 'Please enter a valid email address'),
  firstName: textLine('First name', 'First name is required.').min(1, 'First name is required.').max(100),
  lastName: textLine('Last name', 'Last name is required.').min(1, 'Last name is required.').max(100),
  segment_ids: z
    .array(textLine('Interest').max(100), { error: 'Select at least one interest.' })
    .min(1, 'Select at least one interest.')
    .max(50),
})
export type Subscription = z.output<typeof SubscriptionSchema>
