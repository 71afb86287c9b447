// Reply templates (shared with the dashboard): their shape, the starter set, and how placeholders are filled.
import { z } from 'zod'
import { textBlock, textLine } from '../lib/text'

export const ReplyTemplateSchema = z.object({
  name: textLine('Template name').min(1, 'Template name is required').max(80, 'Template name is too long'),
  subject: textLine('Subject').min(1, 'Subject is required').max(200, 'Subject is too long'),
  body: textBlock('Message').min(1, 'Message is required').max(5000, 'Message is too long'),
})
export type ReplyTemplate = z.infer<typeof ReplyTemplateSchema>

export const ReplyTemplateListSchema = z
  .array(ReplyTemplateSchema, { error: 'Send the templates as a list' })
  .max(20, 'Keep at most 20 templates')

export const REPLY_PLACEHOLDERS = ['{name}', '{firstName}', '{service}', '{eventDate}'] as const

export const DEFAULT_REPLY_TEMPLATES: ReplyTemplate[] = [
  {
    name: 'Thanks, a few questions',
    subject: 'Your {service} inquiry',
    body: 'Hi {firstName},\n\nThank you for thinking of us for your event on {eventDate}! To put together a quote for {service}, could you tell me a little more about the venue and the colours you have in mind?\n\nBest,\n',
  },
  {
    name: 'Quote',
    subject: 'Your quote for {service} on {eventDate}',
    body: 'Hi {firstName},\n\nHere is the quote for {service} on {eventDate}:\n\n\nA deposit holds the date. Let me know if you have any questions!\n\nBest,\n',
  },
  {
    name: 'Date not available',
    subject: 'About {eventDate}',
    body: 'Hi {firstName},\n\nThank you so much for reaching out. Unfortunately we are already fully booked on {eventDate}. If your date is flexible, I would love to help on another day.\n\nBest,\n',
  },
]

/** Fills {name}, {firstName}, {service} and {eventDate}; unknown braces are left as written. */
export function fillTemplate(text: string, values: { name: string; firstName: string; service: string; eventDate: string }): string {
  return text.replace(/\{(name|firstName|service|eventDate)\}/g, (_, key: keyof typeof values) => values[key])
}
