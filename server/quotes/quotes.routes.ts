// Quotes: the owner builds one from an inquiry (POST /api/admin/inquiries/:id/quotes); the client opens its link
// (GET /api/quotes/:token) and accepts and signs it (POST /api/quotes/:token/accept). No cookie, no index, no store.
import { Hono, type Context } from 'hono'
import type Stripe from 'stripe'
import { requireAdmin, type AppEnv } from '../auth/auth.middleware'
import type { InquiryStore } from '../inquiries/inquiries.store'
import { applyInquiryChange, addNote } from '../inquiries/inquiry-pipeline'
import type { Config } from '../lib/config'
import type { ContentStore } from '../lib/content-store'
import { badRequest, conflict, httpError, notFound, tooManyRequests } from '../lib/errors'
import { clientAddress, jsonBody } from '../lib/http'
import { RateLimiter } from '../lib/rate-limit'
import { studioToday } from '../lib/studio-time'
import { toCents, toDollars, formatMoney } from '../pricing/money'
import { readPricing } from '../pricing/pricing.store'
import { readSiteSettings } from '../site/site.store'
import { fillAgreement, readAgreement, sha256 } from './agreement'
import { AcceptSchema, QuoteRequestSchema, type QuoteRecord } from './quote.schema'
import { addDays, chosenAddOns, quoteState, quoteView, totalsOf } from './quote-view'
import { amountDue, stripeClient, withPayment, withRefund } from './payments'
import { QuoteStore } from './quotes.store'
import type { QuoteMail } from './quote-mail-channel'

interface QuoteDeps {
  config: Pick<Config, 'dataDir' | 'publicOrigin' | 'trustProxy' | 'stripe'>
  store: ContentStore
  inquiries: InquiryStore
  quotes: QuoteStore
  quoteMail: QuoteMail
}

/** Unknown or mistyped links cost an address one of these per 10 minutes; past it, 429 (guessing stays hopeless). */
const MISSES_PER_ADDRESS = 20
const NOT_VALID = 'This quote link is not valid. Please check the link in your e-mail, or contact the studio.'

export function createQuoteRoutes({ config, store, inquiries, quotes, quoteMail }: QuoteDeps) {
  const misses = new RateLimiter(MISSES_PER_ADDRESS, 10 * 60_000)
  const urlOf = (q: QuoteRecord) => `${config.publicOrigin}/quote/${q.token}`
  const stripe = config.stripe ? stripeClient(config.stripe) : null

  const facts = async (q: QuoteRecord) => {
    const [inquiry, settings, pricing, agreement, newer] = await Promise.all([
      inquiries.find(q.inquiryId),
      readSiteSettings(store),
      readPricing(store),
      readAgreement(store),
      q.replacedBy ? quotes.find(q.replacedBy) : null,
    ])
    // A lead the owner deleted takes its quote's page with it (no client, no event date to sign for).
    if (!inquiry) throw notFound(NOT_VALID)
    return {
      today: studioToday(),
      studio: settings.brand.name,
      clientName: `${inquiry.inquiry.firstName} ${inquiry.inquiry.lastName}`.trim(),
      eventDate: inquiry.inquiry.eventDate,
      balanceDueDays: pricing.balanceDueDays,
      agreement: agreement.template,
      agreementCommit: agreement.commit,
      ...(newer ? { replacedByUrl: `/quote/${newer.token}` } : {}),
      payment: {
        card: stripe !== null,
        due: amountDue(q),
        ...(pricing.paymentInstructions ? { instructions: pricing.paymentInstructions } : {}),
      },
    }
  }

  /** The quote a client's link names; a miss counts against the address. */
  const byToken = async (c: Context<AppEnv>, token: string) => {
    const q = await quotes.findByToken(token)
    if (q) return q
    if (!misses.take(clientAddress(c, config.trustProxy))) throw tooManyRequests('Too many quote links tried. Please try again later.')
    throw notFound(NOT_VALID)
  }

  return (
    new Hono<AppEnv>()
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
          body.depositPercent != null
            ? { percent: body.depositPercent }
            : body.deposit != null
              ? { fixedCents: toCents(body.deposit)! }
              : 'percent' in pricing.deposit
                ? { percent: pricing.deposit.percent }
                : { fixedCents: toCents(pricing.deposit.fixed)! }
        const record = await quotes.create({
          inquiryId: inquiry.id,
          createdAt: new Date().toISOString(),
          validUntil: body.validUntil ?? addDays(studioToday(), pricing.quoteValidDays),
          lines: body.items.map((i) => ({
            description: i.description,
            quantity: i.quantity,
            unitPriceCents: toCents(i.unitPrice)!,
            ...(i.optional ? { optional: true } : {}),
          })),
          deliveryFeeCents: toCents(body.deliveryFee ?? 0)!,
          discountCents: toCents(body.discount ?? 0)!,
          deposit,
          // A note of only spaces or blank lines is no note: the client's page would show an empty box.
          ...(body.note?.trim() ? { note: body.note.trim() } : {}),
          // Sending a quote is e-mailing its link: decided here, in the same write as the quote.
          mails: { link: quoteMail.initialState() },
        })
        quoteMail.enqueue(record.id, 'link')
        const totals = totalsOf(record, new Set())
        const at = new Date().toISOString()
        const mailWords = quoteMail.configured
          ? `; its link is being e-mailed to ${inquiry.inquiry.email}`
          : '; e-mail is not set up, so send the client its link yourself'
        await inquiries.update(inquiry.id, (r) => {
          const moved = ['new', 'contacted'].includes(r.status) ? applyInquiryChange(r, { status: 'quoted' }, at) : r
          return addNote(
            applyInquiryChange(moved, { quotedAmount: toDollars(totals.totalCents) }, at),
            `Quote version ${record.version} made: ${formatMoney(totals.totalCents)}, deposit ${formatMoney(totals.depositCents)}${mailWords}`,
            at,
          )
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
            mail: record.mails!.link!.state,
            emailedTo: quoteMail.configured ? inquiry.inquiry.email : null,
          },
          201,
        )
      })
      .get('/admin/inquiries/:id/quotes', requireAdmin, async (c) => {
        const today = studioToday()
        const list = await quotes.forInquiry(c.req.param('id'))
        return c.json(list.map((q) => adminQuoteView(q, urlOf(q), today)))
      })
      // The signed copy the client was e-mailed, for the owner.
      .get('/admin/quotes/:id/signed.pdf', requireAdmin, async (c) => {
        const q = await quotes.find(c.req.param('id'))
        const pdf = q && (await quoteMail.signedPdf(q))
        if (!pdf) throw notFound('No signed copy: this quote is unknown or not signed yet')
        return c.body(new Uint8Array(pdf), 200, {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="signed-quote-v${q.version}.pdf"`,
          'Cache-Control': 'no-store',
        })
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
        if (state === 'expired')
          throw conflict(`This quote could be accepted until ${q.validUntil}. Please contact the studio for a new one.`)
        const chosen = chosenAddOns(q, body.addOns)
        if (!chosen) throw conflict('Only the optional add-ons of this quote can be chosen.')
        const totals = totalsOf(q, chosen)
        const balanceDueDate = addDays(f.eventDate, -f.balanceDueDays)
        const text = fillAgreement(f.agreement, {
          clientName: f.clientName,
          studioName: f.studio,
          eventDate: f.eventDate,
          totals,
          balanceDueDate,
        })
        const at = new Date().toISOString()
        const shown = { studio: f.studio, clientName: f.clientName, eventDate: f.eventDate, balanceDueDate, agreementText: text }
        // Whether this request signed it: two acceptances in the same millisecond carry the same time.
        let signedHere = false
        const signed = await quotes.update(q.id, (current) => {
          if (current.signature || current.replacedBy) return current
          signedHere = true
          return {
            ...current,
            signature: {
              name: body.name,
              at,
              addOns: [...chosen].sort((a, b) => a - b),
              textSha256: sha256(text),
              agreementCommit: f.agreementCommit,
              totals,
              shown,
            },
            // The signed copy is e-mailed: decided in the same write as the signature, so a crash cannot lose it.
            mails: { ...current.mails, signed: quoteMail.initialState() },
          }
        })
        if (!signed?.signature || !signedHere) throw conflict('This quote was already accepted.')
        // Kept now, so the owner's copy and the e-mailed one are the same file; the e-mail makes it if this fails.
        await quoteMail
          .signedPdf(signed)
          .catch((err) => console.error(`The signed copy of quote ${q.id} could not be made yet: ${(err as Error).message}`))
        quoteMail.enqueue(q.id, 'signed')
        await inquiries.update(q.inquiryId, (r) =>
          addNote(
            applyInquiryChange(r, { quotedAmount: toDollars(totals.totalCents) }, at),
            `Quote version ${q.version} accepted and signed by ${body.name}: ${formatMoney(totals.totalCents)}`,
            at,
          ),
        )
        // What is due is worked out again: before the signature nothing was.
        return c.json(quoteView(signed, { ...f, payment: { ...f.payment, due: amountDue(signed) } }))
      })
      // "Pay deposit" (later "Pay balance"): a Stripe Checkout Session for what is due on the signed quote.
      .post('/quotes/:token/checkout', async (c) => {
        const q = await byToken(c, c.req.param('token'))
        if (!stripe) throw notFound('Card payments are not set up on this site. Please use the payment instructions on the quote.')
        if (!q.signature) throw conflict('Accept and sign the quote before paying.')
        const due = amountDue(q)
        if (!due) throw conflict('Nothing is left to pay on this quote.')
        const f = await facts(q)
        const page = urlOf(q)
        try {
          const session = await stripe.checkout.sessions.create({
            mode: 'payment',
            client_reference_id: q.id,
            metadata: { quoteId: q.id, kind: due.kind },
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'usd',
                  unit_amount: due.amountCents,
                  product_data: { name: `${due.kind === 'deposit' ? 'Deposit' : 'Balance'} for ${f.studio}, event on ${f.eventDate}` },
                },
              },
            ],
            success_url: `${page}?paid=1`,
            cancel_url: page,
          })
          if (!session.url) throw new Error('Stripe answered no checkout address')
          return c.json({ url: session.url })
        } catch (err) {
          console.error(`Stripe checkout failed for quote ${q.id}: ${(err as Error).message}`)
          throw httpError(502, 'Card payments are not available right now. Your acceptance is saved; please try again in a few minutes.')
        }
      })
      // Stripe's events, signed with STRIPE_WEBHOOK_SECRET: a completed checkout books the lead; a refund is recorded.
      .post('/stripe/webhook', async (c) => {
        if (!stripe || !config.stripe) throw notFound('Card payments are not set up on this site')
        const body = await c.req.text()
        let event: Stripe.Event
        try {
          event = stripe.webhooks.constructEvent(body, c.req.header('stripe-signature') ?? '', config.stripe.webhookSecret)
        } catch {
          throw badRequest('The Stripe signature does not match, or the event is too old')
        }
        if (event.type === 'checkout.session.completed') {
          const session = event.data.object
          const quoteId = session.metadata?.quoteId ?? session.client_reference_id ?? ''
          const at = new Date().toISOString()
          let recorded = false
          const q = await quotes.update(quoteId, (current) => {
            const next = withPayment(current, event, session, at)
            recorded = next !== null
            // The receipt is decided with the payment it is for: recorded once, so sent once, whatever Stripe repeats.
            return next ? { ...next, mails: { ...next.mails, [`receipt:${session.id}`]: quoteMail.initialState() } } : current
          })
          if (q && recorded) {
            quoteMail.enqueue(q.id, `receipt:${session.id}`)
            const payment = q.payments!.at(-1)!
            await inquiries.update(q.inquiryId, (r) => {
              const words = `${payment.kind === 'deposit' ? 'Deposit' : 'Balance'} ${formatMoney(payment.amountCents)} paid by card (Stripe ${payment.sessionId})`
              const booked =
                payment.kind === 'deposit'
                  ? applyInquiryChange(
                      r,
                      { status: 'booked', deposit: { amount: toDollars(payment.amountCents), date: studioToday() } },
                      at,
                    )
                  : r
              return addNote(booked, words, at)
            })
          }
        } else if (event.type === 'charge.refunded') {
          const charge = event.data.object
          for (const q of await quotes.all()) {
            let recorded = false
            const after = await quotes.update(q.id, (current) => {
              const next = withRefund(current, event, charge)
              recorded = next !== null
              return next ?? current
            })
            if (after && recorded) {
              const at = new Date().toISOString()
              await inquiries.update(after.inquiryId, (r) =>
                addNote(r, `Refund of ${formatMoney(charge.amount_refunded)} recorded from Stripe`, at),
              )
            }
          }
        }
        return c.json({ received: true })
      })
  )
}

/** A quote as the owner's inbox lists it: state, total, the signature record (without the text) and the e-mails. */
function adminQuoteView(q: QuoteRecord, url: string, today: string) {
  const s = q.signature
  return {
    id: q.id,
    version: q.version,
    url,
    state: quoteState(q, today),
    validUntil: q.validUntil,
    total: toDollars((s?.totals ?? totalsOf(q, new Set())).totalCents),
    signature: s
      ? {
          name: s.name,
          at: s.at,
          addOns: s.addOns,
          textSha256: s.textSha256,
          agreementCommit: s.agreementCommit,
          pdfUrl: s.shown ? `/api/admin/quotes/${q.id}/signed.pdf` : null,
        }
      : null,
    payments: (q.payments ?? []).map((p) => ({
      kind: p.kind,
      amount: toDollars(p.amountCents),
      at: p.at,
      ...(p.refundedCents ? { refunded: toDollars(p.refundedCents) } : {}),
    })),
    mails: Object.fromEntries(
      Object.entries(q.mails ?? {}).map(([key, m]) => [
        key,
        {
          state: m.state,
          ...(m.sentAt ? { sentAt: m.sentAt } : {}),
          ...(m.lastError ? { lastError: m.lastError } : {}),
          ...(m.nextAttemptAt ? { nextAttemptAt: m.nextAttemptAt } : {}),
        },
      ]),
    ),
  }
}
