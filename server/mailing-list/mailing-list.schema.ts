// Mailing-list segments and the subscribe request, with the dialog's messages.
import { z } from 'zod'

export const SegmentSchema = z.object({ id: z.string().min(1).max(100), name: z.string().min(1).max(200) })
export type Segment = z.infer<typeof SegmentSchema>
export const SegmentListSchema = z.array(SegmentSchema)

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const SubscriptionSchema = z.object({
  email: z.string().trim().min(1, 'Email is required.').max(254).regex(EMAIL_PATTERN, 'Please enter a valid email address'),
  firstName: z.string().trim().min(1, 'First name is required.').max(100),
  lastName: z.string().trim().min(1, 'Last name is required.').max(100),
  segment_ids: z.array(z.string().max(100)).min(1, 'Select at least one interest.').max(50),
})
export type Subscription = z.output<typeof SubscriptionSchema>
