// The inbox API under /api/admin: list (a page at a time) and search inquiries, move them through the pipeline, notes,
// quote and deposit, the CSV export (streamed), the counts, reply templates, and retrying an e-mail. Admin session on
// every call.
import { Hono } from 'hono'
import { z } from 'zod'
import type { Context } from 'hono'
import { requireAdmin, type AppEnv } from '../auth/auth.middleware'
import type { ContentDeps } from '../lib/content-deps'
import { badRequest, notFound } from '../lib/errors'
import { jsonBody } from '../lib/http'
import { csvResponse, csvStream } from '../lib/csv'
import { formatStudioTime, studioToday } from '../lib/studio-time'
import { textLine } from '../lib/text'
import type { InquiryStore } from './inquiries.store'
import { referralLabel, STATUS_LABELS } from './inquiry-format'
import { addNote, applyInquiryChange } from './inquiry-pipeline'
import {
  customAnswers,
  InquiryChangeSchema,
  InquiryStatusFilterSchema,
  NoteBodySchema,
  type InquiryMoney,
  type InquiryRecord,
} from './inquiry-record.schema'
import { decimalMoney } from '../pricing/money'
import { ReplyTemplateListSchema } from './reply-templates.schema'
import type { ReplyTemplateStore } from './reply-templates.store'
import type { MailOutbox } from './mail-outbox'

const CSV_HEADER = [
  'Received (Pacific)',
  'Id',
  'Status',
  'Lost reason',
  'Service',
  'First name',
  'Last name',
  'Email',
  'Phone',
  'Address',
  'City',
  'Zipcode',
  'Event date',
  'Event details',
  'Referral source',
  'Balloon colors',
  'Other answers',
  'Quoted amount',
  'Deposit amount',
  'Deposit date',
  'Notes',
  'Status history',
  'Mail state',
  'Mail attempts',
  'Mail error',
  'Confirmation state',
  'Quote total',
  'Paid',
  'Balance',
]

const money = (n: number | undefined) => (n === undefined ? '' : n.toFixed(2))

function csvRow(r: InquiryRecord, quote: InquiryMoney | null): string[] {
  const q = r.inquiry
  const other = customAnswers(q)
  return [
    formatStudioTime(r.receivedAt),
    r.id,
    r.status,
    r.lostReason ?? '',
    q.service,
    q.firstName,
    q.lastName,
    q.email,
    q.phone,
    q.address,
    q.city,
    q.zipcode,
    q.eventDate,
    q.eventDetails,
    q.referralSource ? referralLabel(q.referralSource) : '',
    q.balloonColors?.join(', ') ?? '',
    other.map((a) => `${a.header}: ${a.value}`).join('\n'),
    money(r.quotedAmount),
    money(r.deposit?.amount),
    r.deposit?.date ?? '',
    r.notes.map((n) => `${formatStudioTime(n.at)}: ${n.text}`).join('\n'),
    statusHistory(r).join('\n'),
    r.mail.state,
    String(r.mail.attempts),
    r.mail.lastError ?? '',
    r.confirmation?.state ?? '',
    ...(quote ? [decimalMoney(quote.totalCents), decimalMoney(quote.paidCents), decimalMoney(quote.balanceCents)] : ['', '', '']),
  ]
}

function statusHistory(r: InquiryRecord): string[] {
  const lines = r.handledAt && !r.history.length ? [`${formatStudioTime(r.handledAt)}: marked handled (now Contacted)`] : []
  return [
    ...lines,
    ...r.history.map(
      (h) => `${formatStudioTime(h.at)}: ${STATUS_LABELS[h.from]} -> ${STATUS_LABELS[h.to]}${h.reason ? ` (${h.reason})` : ''}`,
    ),
  ]
}

const SearchSchema = textLine('Search').max(200, 'Search is too long')

/** A page of the list: 50 by default, 200 at most. */
export const PAGE_SIZE = 50
export const MAX_PAGE_SIZE = 200
const PageSchema = {
  limit: z.coerce
    .number<string>({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 or more')
    .max(MAX_PAGE_SIZE, `limit must be ${MAX_PAGE_SIZE} or less`),
  offset: z.coerce
    .number<string>({ error: 'offset must be a whole number' })
    .int('offset must be a whole number')
    .min(0, 'offset must be 0 or more')
    .max(10_000_000, 'offset is too large'),
}

function pageOf(c: Context) {
  const limit = PageSchema.limit.safeParse(c.req.query('limit') || String(PAGE_SIZE))
  if (!limit.success) throw badRequest(limit.error.issues[0].message)
  const offset = PageSchema.offset.safeParse(c.req.query('offset') || '0')
  if (!offset.success) throw badRequest(offset.error.issues[0].message)
  return { limit: limit.data, offset: offset.data }
}

/** `?status=` (a pipeline status or all; `handled` reads as `contacted`) and `?q=` (name, e-mail, phone or service). */
function listFilter(c: Context) {
  const status = InquiryStatusFilterSchema.safeParse(c.req.query('status') || undefined)
  if (!status.success) throw badRequest(status.error.issues[0]?.message ?? 'Unknown status')
  const q = SearchSchema.safeParse(c.req.query('q') ?? '')
  if (!q.success) throw badRequest(q.error.issues[0]?.message ?? 'Bad search')
  return { status: status.data, q: q.data }
}

interface InboxDeps extends ContentDeps {
  mailOutbox: MailOutbox
  inquiries: InquiryStore
  replyTemplates: ReplyTemplateStore
  /** Each lead's quote total, paid and balance, read once per export (the app hands in the quotes' ledger). */
  quoteMoney?: () => Promise<(record: InquiryRecord) => InquiryMoney | null>
}

export function createInboxRoutes(deps: InboxDeps) {
  const { mailOutbox: outbox, inquiries, replyTemplates } = deps
  const requireRecord = (record: InquiryRecord | null) => {
    if (!record) throw notFound('No such inquiry')
    return record
  }

  return (
    new Hono<AppEnv>()
      // A JSON list of inquiries as before, now one page of them (?limit=, ?offset=); X-Total-Count says how many match.
      .get('/admin/inquiries', requireAdmin, async (c) => {
        const query = listFilter(c)
        const { limit, offset } = pageOf(c)
        const { records, total } = await inquiries.page(query, offset, limit)
        c.header('X-Total-Count', String(total))
        return c.json(records)
      })
      .get('/admin/inquiries/summary', requireAdmin, async (c) => {
        const counts = await inquiries.counts()
        return c.json({ new: counts.new, mailConfigured: outbox.configured, counts })
      })
      .get('/admin/inquiries.csv', requireAdmin, async (c) => {
        const query = listFilter(c)
        const ids = await inquiries.matchingIds(query)
        const moneyOf = (await deps.quoteMoney?.()) ?? (() => null)
        const rows = (async function* () {
          for await (const record of inquiries.records(ids)) yield csvRow(record, moneyOf(record))
        })()
        const filtered = query.status !== 'all' || query.q !== ''
        return csvResponse(csvStream(CSV_HEADER, rows), filtered ? 'inquiries-filtered' : 'inquiries', studioToday())
      })
      .get('/admin/inquiries/:id', requireAdmin, async (c) => c.json(requireRecord(await inquiries.find(c.req.param('id')))))
      .patch('/admin/inquiries/:id', requireAdmin, async (c) => {
        const change = await jsonBody(c, InquiryChangeSchema)
        const at = new Date().toISOString()
        return c.json(requireRecord(await inquiries.update(c.req.param('id'), (r) => applyInquiryChange(r, change, at))))
      })
      .post('/admin/inquiries/:id/notes', requireAdmin, async (c) => {
        const { text } = await jsonBody(c, NoteBodySchema)
        const at = new Date().toISOString()
        return c.json(requireRecord(await inquiries.update(c.req.param('id'), (r) => addNote(r, text, at))), 201)
      })
      .post('/admin/inquiries/:id/retry-mail', requireAdmin, async (c) => {
        if (!outbox.configured) throw badRequest('E-mail is not set up: set SMTP_URL to send inquiries by e-mail.')
        return c.json(requireRecord(await outbox.retryNow(c.req.param('id'))))
      })
      .get('/admin/reply-templates', requireAdmin, async (c) => c.json(await replyTemplates.read()))
      .put('/admin/reply-templates', requireAdmin, async (c) =>
        c.json(await replyTemplates.write(await jsonBody(c, ReplyTemplateListSchema))),
      )
  )
}
