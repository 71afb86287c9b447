// Quotes: the owner builds one from an inquiry (POST /api/admin/inquiries/:id/quotes); the client opens its link
// (GET /api/quotes/:token) and accepts and signs it (POST /api/quotes/:token/accept). No cookie, no index, no store.
import { Hono, type Context } from 'hono'
import { requireAdmin, type AppEnv } from '../auth/auth.middleware'
import { InquiryStore } from '../inquiries/inquiries.store'
import { applyInquiryChange, addNote } from '../inquiries/inquiry-pipeline'
import type { Config } from '../lib/config'
import type { ContentStore } from '../lib/content-store'
import { conflict, notFound, tooManyRequests } from '../lib/errors'
import { clientAddress, jsonBody } from '../lib/http'
import { RateLimiter } from '../lib/rate-limit'
import { studioToday } from '../lib/studio-time'
import { toCents, toDollars, formatMoney } from '../pricing/money'
import { readPricing } from '../pricing/pricing.store'
import { readSiteSettings } from '../site/site.store'
import { fillAgreement, readAgreement, sha256 } from './agreement'
import { AcceptSchema, QuoteRequestSchema, type QuoteRecord } from './quote.schema'
import { addDays, chosenAddOns, quoteState, quoteView, totalsOf } from './quote-view'
import { QuoteStore } from './quotes.store'

interface QuoteDeps {
  config: Pick<Config, 'dataDir' | 'publicOrigin' | 'trustProxy'>
  store: ContentStore
}

/** Unknown or mistyped links cost an address one of these per 10 minutes; past it, 429 (guessing stays hopeless). */
const MISSES_PER_ADDRESS = 20

export function createQuoteRoutes({ config, store }: QuoteDeps) {
  const quotes = new QuoteStore(config.dataDir)
  const inquiries = InquiryStore.for(config.dataDir)
  const misses = new RateLimiter(MISSES_PER_ADDRESS, 10 * 60_000)
  const urlOf = (q: QuoteRecord) => `${config.publicOrigin}/quote/${q.token}`

  const facts = async (q: QuoteRecord) => {
    const [inquiry, settings, pricing, agreement, newer] = await Promise.all([
      inquiries.find(q.inquiryId),
      readSiteSettings(store),
      readPricing(store),
      readAgreement(store),
      q.replacedBy ? quotes.find(q.replacedBy) : null,
    ])
    return {
      today: studioToday(),
      studio: settings.brand.name,
      clientName: inquiry ? `${inquiry.inquiry.firstName} ${inquiry.inquiry.lastName}`.trim() : '',
      eventDate: inquiry?.inquiry.eventDate ?? '',
      balanceDueDays: pricing.balanceDueDays,
      agreement: agreement.template,
      agreementCommit: agreement.commit,
      ...(newer ? { replacedByUrl: `/quote/${newer.token}` } : {}),
    }
  }

  /** The quote a client's link names; a miss counts against the address. */
  const byToken = async (c: Context<AppEnv>, token: string) => {
    const q = await quotes.findByToken(token)
    if (q) return q
    if (!misses.take(clientAddress(c, config.trustProxy))) throw tooManyRequests('Too many quote links tried. Please try again later.')
    throw notFound('This quote link is not valid. Please check the link in your e-mail, or contact the studio.')
  }

  return new Hono<AppEnv>()
    .use('/quotes/*', async (c, next) => {
      await next()
      c.header('Cache-Control', 'no-store')
      c.header('X-Robots-Tag', 'noindex')
    })
    .post('/admin/inquiries/:id/quotes', requireAdmin, async (c) => {
      const body = await jsonBody(c, QuoteRequestSchema)
      const inquiry = await inquiries.find(c.req.param('id'))
      if (!inquiry) throw notFound('No such inquiry')
      const pricing = await readPricing(store)
      const deposit =
        body.depositPercent !== undefined
          ? { percent: body.depositPercent }
          : body.deposit !== undefined
            ? { fixedCents: toCents(body.deposit)! }
            : 'percent' in pricing.deposit
              ? { percent: pricing.deposit.percent }
              : { fixedCents: toCents(pricing.deposit.fixed)! }
      const record = await quotes.create({
        inquiryId: inquiry.id,
        createdAt: new Date().toISOString(),
        validUntil: body.validUntil ?? addDays(studioToday(), pricing.quoteValidDays),
        lines: body.items.map((i) => ({ description: i.description, quantity: i.quantity, unitPriceCents: toCents(i.unitPrice)!, ...(i.optional ? { optional: true } : {}) })),
        deliveryFeeCents: toCents(body.deliveryFee ?? 0)!,
        discountCents: toCents(body.discount ?? 0)!,
        deposit,
        ...(body.note ? { note: body.note } : {}),
      })
      const totals = totalsOf(record, new Set())
      const at = new Date().toISOString()
      await inquiries.update(inquiry.id, (r) => {
        const moved = ['new', 'contacted'].includes(r.status) ? applyInquiryChange(r, { status: 'quoted' }, at) : r
        return addNote(applyInquiryChange(moved, { quotedAmount: toDollars(totals.totalCents) }, at), `Quote version ${record.version} made: ${formatMoney(totals.totalCents)}, deposit ${formatMoney(totals.depositCents)}`, at)
      })
      return c.json(
        {
          id: record.id,
          token: record.token,
          url: urlOf(record),
          version: record.version,
          validUntil: record.validUntil,
          total: toDollars(totals.totalCents),
          deposit: toDollars(totals.depositCents),
          balance: toDollars(totals.balanceCents),
        },
        201,
      )
    })
    .get('/admin/inquiries/:id/quotes', requireAdmin, async (c) => {
      const today = studioToday()
      const list = await quotes.forInquiry(c.req.param('id'))
      return c.json(list.map((q) => ({ id: q.id, version: q.version, url: urlOf(q), state: quoteState(q, today), validUntil: q.validUntil, total: toDollars(totalsOf(q, new Set(q.signature?.addOns ?? [])).totalCents), signature: q.signature ?? null })))
    })
    .get('/quotes/:token', async (c) => {
      const q = await byToken(c, c.req.param('token'))
      return c.json(quoteView(q, await facts(q)))
    })
    .post('/quotes/:token/accept', async (c) => {
      const body = await jsonBody(c, AcceptSchema)
      const q = await byToken(c, c.req.param('token'))
      const f = await facts(q)
      const state = quoteState(q, f.today)
      if (state === 'accepted') throw conflict('This quote was already accepted.')
      if (state === 'replaced') throw conflict('This quote was replaced by a newer one. Please open the newer quote.')
      if (state === 'expired') throw conflict(`This quote could be accepted until ${q.validUntil}. Please contact the studio for a new one.`)
      const chosen = chosenAddOns(q, body.addOns)
      if (!chosen) throw conflict('Only the optional add-ons of this quote can be chosen.')
      const totals = totalsOf(q, chosen)
      const text = fillAgreement(f.agreement, { clientName: f.clientName, studioName: f.studio, eventDate: f.eventDate, totals, balanceDueDate: addDays(f.eventDate, -f.balanceDueDays) })
      const at = new Date().toISOString()
      const signed = await quotes.update(q.id, (current) =>
        current.signature || current.replacedBy
          ? current
          : { ...current, signature: { name: body.name, at, addOns: [...chosen].sort((a, b) => a - b), textSha256: sha256(text), agreementCommit: f.agreementCommit, totals } },
      )
      if (!signed?.signature || signed.signature.at !== at) throw conflict('This quote was already accepted.')
      await inquiries.update(q.inquiryId, (r) =>
        addNote(applyInquiryChange(r, { quotedAmount: toDollars(totals.totalCents) }, at), `Quote version ${q.version} accepted and signed by ${body.name}: ${formatMoney(totals.totalCents)}`, at),
      )
      return c.json(quoteView(signed, f))
    })
}
