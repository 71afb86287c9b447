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

export const REPLY_PLACEHOLDERS = ['{name}', '{firstName}', '{service}', '{eventDate}', '{quote}', '{deposit}', '{ownerName}'] as const

export const DEFAULT_REPLY_TEMPLATES: ReplyTemplate[] = [
  {
    name: 'Thanks, a few questions',
    subject: 'Your {service} inquiry',
    body: 'Hi {firstName},\n\nThank you for thinking of us for your event on {eventDate}! To put together a quote for {service}, could you tell me a little more about the venue and the colours you have in mind?\n\nBest,\n{ownerName}\n',
  },
  {
    name: 'Quote',
    subject: 'Your quote for {service} on {eventDate}',
    body: 'Hi {firstName},\n\nHere is the quote for {service} on {eventDate}: {quote}.\n\nA deposit holds the date. Let me know if you have any questions!\n\nBest,\n{ownerName}\n',
  },
  {
    name: 'Date not available',
    subject: 'About {eventDate}',
    body: 'Hi {firstName},\n\nThank you so much for reaching out. Unfortunately we are already fully booked on {eventDate}. If your date is flexible, I would love to help on another day.\n\nBest,\n{ownerName}\n',
  },
]

export interface ReplyValues {
  name: string
  firstName: string
  service: string
  eventDate: string
  /** The quoted amount as money ("$725"), or '' before a quote is saved. */
  quote: string
  /** The deposit received ("$200"), or ''. */
  deposit: string
  /** Who signs: the owner's name from the site settings, else the brand. */
  ownerName: string
}

/** Which placeholders the template uses that the inquiry has no value for yet (a quote not saved, say). */
export function missingValues(template: { subject: string; body: string }, values: ReplyValues): (keyof ReplyValues)[] {
  const used = new Set([...`${template.subject}\n${template.body}`.matchAll(PLACEHOLDER)].map((m) => m[1] as keyof ReplyValues))
  return [...used].filter((key) => !values[key])
}

const PLACEHOLDER = /\{(name|firstName|service|eventDate|quote|deposit|ownerName)\}/g

/** Fills each placeholder of REPLY_PLACEHOLDERS; unknown braces are left as written. */
export function fillTemplate(text: string, values: ReplyValues): string {
  return text.replace(PLACEHOLDER, (_, key: keyof ReplyValues) => values[key])
}
