// Quotes on the real app: built from an inquiry, opened and signed by the client through its link, revised, expired,
// guessed at; the signature keeps the exact text's SHA-256 and the agreement's commit.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { sampleInquiry } from '../inquiries/testing-inquiry'
import { useTestApp, type TestApp } from '../testing/test-app'
import { fillAgreement } from './agreement-text'
import type { QuoteRecord } from './quote.schema'

const ctx = useTestApp({ login: true })
let t: TestApp
let cookie: string
let inquiryId: string

const AGREEMENT =
  '# Agreement\n\n{clientName} books {studioName} on {eventDate}: total {total}, deposit {deposit}, balance {balance} due {balanceDueDate}.\n'

beforeEach(async () => {
  ;({ t, cookie } = ctx)
  writeFileSync(join(t.root, 'content/agreement.md'), AGREEMENT)
  t.git('add', 'content/agreement.md')
  t.git('commit', '-qm', 'Add the agreement')
  const record = await t.deps.inquiries.create(sampleInquiry() as never, { state: 'sent', attempts: 1 })
  inquiryId = record.id
})

const quoteBody = {
  items: [
    { description: 'Organic arch, per foot', quantity: 12.5, unitPrice: 25 },
    { description: 'Bouquet', quantity: 3, unitPrice: 19.99 },
    { description: 'LED lights', quantity: 1, unitPrice: 40, optional: true },
  ],
  deliveryFee: 45,
  discount: 10,
  depositPercent: 33,
}

async function makeQuote(body: object = quoteBody) {
  const res = await t.call('POST', `/api/admin/inquiries/${inquiryId}/quotes`, { json: body, cookie })
  expect(res.status).toBe(201)
  return (await res.json()) as {
    id: string
    token: string
    url: string
    version: number
    total: number
    deposit: number
    balance: number
    validUntil: string
  }
}
const open = (token: string) => t.call('GET', `/api/quotes/${token}`)
const accept = (token: string, body: object) => t.call('POST', `/api/quotes/${token}/accept`, { json: body })

describe('a quote built from an inquiry', () => {
  it('answers its link, totals in dollars from integer cents, and moves the lead to Quoted with the amount', async () => {
    const q = await makeQuote()
    expect(q.token).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(q.url).toBe(`http://site.test/quote/${q.token}`)
    // 312.50 + 59.97 + 45 - 10 = 407.47; 33% deposit = 134.4651 -> 134.47
    expect(q).toMatchObject({ version: 1, total: 407.47, deposit: 134.47, balance: 273 })
    const lead = await (await t.call('GET', `/api/admin/inquiries/${inquiryId}`, { cookie })).json()
    expect(lead).toMatchObject({ status: 'quoted', quotedAmount: 407.47 })
    expect(lead.notes.at(-1).text).toBe(
      'Quote version 1 made: $407.47, deposit $134.47; e-mail is not set up, so send the client its link yourself',
    )
    // Kept in the data directory, never in the content history.
    expect(readdirSync(join(t.dataDir, 'quotes'))).toEqual([`${q.id}.json`])
    expect(t.git('status', '--porcelain')).toBe('')
  })

  it('refuses bad input naming the field, an unknown inquiry, and anyone without the session', async () => {
    const bad = [
      [{ ...quoteBody, items: [] }, 'A quote needs at least one line'],
      [
        { ...quoteBody, items: [{ description: 'x', quantity: 1, unitPrice: 1.005 }] },
        'Unit price must be in whole cents (at most two decimals)',
      ],
      [{ ...quoteBody, items: [{ description: 'x', quantity: 0, unitPrice: 1 }] }, 'Quantity must be more than 0'],
      [{ ...quoteBody, deposit: 50 }, 'Give the deposit as a percent or an amount, not both'],
      [{ ...quoteBody, validUntil: '2026-02-30' }, 'Valid until must be a real date'],
    ] as const
    for (const [body, error] of bad) {
      const res = await t.call('POST', `/api/admin/inquiries/${inquiryId}/quotes`, { json: body, cookie })
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ error })
    }
    expect((await t.call('POST', '/api/admin/inquiries/2026-01-01T00-00-00-000Z-abcdef/quotes', { json: quoteBody, cookie })).status).toBe(
      404,
    )
    expect((await t.call('POST', `/api/admin/inquiries/${inquiryId}/quotes`, { json: quoteBody })).status).toBe(401)
  })
})

describe("the client's link", () => {
  it('shows the lines, totals, dates and the agreement template, with no-store and noindex', async () => {
    const q = await makeQuote()
    const res = await open(q.token)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('x-robots-tag')).toBe('noindex')
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(await res.json()).toMatchObject({
      state: 'open',
      version: 1,
      studio: 'Test Balloon Studio',
      clientName: 'Jane Doe',
      eventDate: '2099-12-05',
      balanceDueDate: '2099-11-28',
      lines: [
        { description: 'Organic arch, per foot', quantity: 12.5, unitPrice: 25, amount: 312.5, optional: false },
        { description: 'Bouquet', quantity: 3, unitPrice: 19.99, amount: 59.97, optional: false },
        { description: 'LED lights', quantity: 1, unitPrice: 40, amount: 40, optional: true },
      ],
      deliveryFee: 45,
      discount: 10,
      total: 407.47,
      agreement: AGREEMENT.trimEnd(),
    })
  })

  it('accepting with an add-on signs the exact text (SHA-256), the agreement commit, the totals; once only', async () => {
    const q = await makeQuote()
    const res = await accept(q.token, { name: 'Jane Doe', agree: true, addOns: [2] })
    expect(res.status).toBe(200)
    const view = await res.json()
    // 447.47 with the lights; 33% = 147.6651 -> 147.67
    expect(view).toMatchObject({
      state: 'accepted',
      total: 447.47,
      deposit: 147.67,
      balance: 299.8,
      signed: { name: 'Jane Doe', addOns: [2] },
    })
    const record = JSON.parse(readFileSync(join(t.dataDir, 'quotes', `${q.id}.json`), 'utf8')) as QuoteRecord
    const shown = fillAgreement(AGREEMENT.trimEnd(), {
      clientName: 'Jane Doe',
      studioName: 'Test Balloon Studio',
      eventDate: '2099-12-05',
      totals: record.signature!.totals,
      balanceDueDate: '2099-11-28',
    })
    expect(shown).toContain('total $447.47, deposit $147.67, balance $299.80 due 2099-11-28')
    expect(record.signature).toMatchObject({
      textSha256: createHash('sha256').update(shown).digest('hex'),
      agreementCommit: t.git('log', '-1', '--format=%H', '--', 'content/agreement.md').trim(),
    })
    const again = await accept(q.token, { name: 'Someone Else', agree: true, addOns: [] })
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({ error: 'This quote was already accepted.' })
    const lead = await (await t.call('GET', `/api/admin/inquiries/${inquiryId}`, { cookie })).json()
    expect(lead).toMatchObject({ quotedAmount: 447.47 })
    expect(lead.notes.at(-1).text).toBe('Quote version 1 accepted and signed by Jane Doe: $447.47')
  })

  it('refuses an unticked agreement, a missing name and a line that is not an add-on; nothing recorded', async () => {
    const q = await makeQuote()
    for (const [body, status, error] of [
      [{ name: 'Jane Doe', agree: false }, 400, 'Tick "I agree to the terms above" to accept'],
      [{ name: ' ', agree: true }, 400, 'Type your full name to sign'],
      [{ name: 'Jane Doe', agree: true, addOns: [0] }, 409, 'Only the optional add-ons of this quote can be chosen.'],
    ] as const) {
      const res = await accept(q.token, body)
      expect(res.status).toBe(status)
      expect((await res.json()).error).toBe(error)
    }
    expect((await (await open(q.token)).json()).state).toBe('open')
  })

  it('a revision replaces the earlier link, which points to the newer one and can no longer be accepted', async () => {
    const first = await makeQuote()
    const second = await makeQuote({ ...quoteBody, discount: 20 })
    expect(second.version).toBe(2)
    const old = await (await open(first.token)).json()
    expect(old).toMatchObject({ state: 'replaced', replacedByUrl: `/quote/${second.token}` })
    const res = await accept(first.token, { name: 'Jane Doe', agree: true })
    expect(res.status).toBe(409)
    expect((await res.json()).error).toBe('This quote was replaced by a newer one. Please open the newer quote.')
    expect((await accept(second.token, { name: 'Jane Doe', agree: true })).status).toBe(200)
  })

  it('past its date it is expired and cannot be accepted', async () => {
    const q = await makeQuote({ ...quoteBody, validUntil: '2020-01-01' })
    expect((await (await open(q.token)).json()).state).toBe('expired')
    const res = await accept(q.token, { name: 'Jane Doe', agree: true })
    expect(res.status).toBe(409)
    expect((await res.json()).error).toBe('This quote could be accepted until 2020-01-01. Please contact the studio for a new one.')
  })

  it('an unknown link is a clear 404, and guessing is cut off with 429', async () => {
    const q = await makeQuote()
    const guess = (n: number) => `${q.token.slice(0, 20)}${String(n).padStart(2, 'x')}`
    const first = await open(guess(0))
    expect(first.status).toBe(404)
    expect((await first.json()).error).toBe('This quote link is not valid. Please check the link in your e-mail, or contact the studio.')
    const statuses: number[] = []
    for (let n = 1; n < 25; n++) statuses.push((await open(guess(n))).status)
    expect(statuses.slice(0, 19).every((s) => s === 404)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
    expect((await open('not-a-token')).status).toBe(429)
  })
})
