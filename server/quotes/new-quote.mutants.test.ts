// The owner's new quote (POST /api/admin/inquiries/:id/quotes), written from the mutation run of its handler (issue 32):
// an optional field sent as null is that field left out (a revision is sent whole: null is "none", or the price list's
// deposit and validity), and what the owner is answered, what is stored and what the lead records.
import { describe, expect, it } from 'vitest'
import { studioToday } from '../lib/studio-time'
import { addDays } from './quote-view'
import { useQuoteApp } from './testing-quote-app'

const app = useQuoteApp()

const arch = { description: 'Arch', quantity: 1, unitPrice: 200 }
const post = (json: object) => app.t.call('POST', `/api/admin/inquiries/${app.inquiryId}/quotes`, { json, cookie: app.cookie })
async function made(json: object) {
  const res = await post(json)
  expect(res.status).toBe(201)
  return (await res.json()) as Record<string, unknown> & { id: string; token: string }
}
const page = async (token: string) => (await app.t.call('GET', `/api/quotes/${token}`)).json()
const stored = async (id: string) => (await app.t.deps.quotes.find(id))!
const savePricing = async (json: object) => expect((await app.t.call('PUT', '/api/pricing', { json, cookie: app.cookie })).status).toBe(200)

describe('a new quote for an inquiry that is not there', () => {
  it('answers 404 "No such inquiry" for an id one character off a lead, and makes no quote', async () => {
    const near = `${app.inquiryId.slice(0, -1)}${app.inquiryId.at(-1) === 'a' ? 'b' : 'a'}`
    const res = await app.t.call('POST', `/api/admin/inquiries/${near}/quotes`, { json: { items: [arch] }, cookie: app.cookie })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: 'No such inquiry' })
    expect(await app.t.deps.quotes.forInquiry(near)).toEqual([])
    expect(await app.t.deps.quotes.forInquiry(app.inquiryId)).toEqual([])
  })
})

describe('a new quote with an optional field sent as null', () => {
  it('a revision whose note is null has no note: not on the page, not in the stored quote', async () => {
    const first = await made({ items: [arch], note: 'Colours as discussed' })
    expect((await page(first.token)).note).toBe('Colours as discussed')
    const revised = await made({ items: [arch], note: null })
    expect(revised.version).toBe(2)
    expect(await page(revised.token)).not.toHaveProperty('note')
    expect(await stored(revised.id)).not.toHaveProperty('note')
  })

  it("a null validity is the price list's, a null delivery fee and discount are none", async () => {
    await savePricing({ deposit: { percent: 25 }, quoteValidDays: 10 })
    const q = await made({ items: [arch], validUntil: null, deliveryFee: null, discount: null })
    expect(q).toMatchObject({ total: 200, deposit: 50, balance: 150, validUntil: addDays(studioToday(), 10) })
    expect(await page(q.token)).toMatchObject({ deliveryFee: 0, discount: 0, total: 200, validUntil: addDays(studioToday(), 10) })
    expect(await stored(q.id)).toMatchObject({ deliveryFeeCents: 0, discountCents: 0, validUntil: addDays(studioToday(), 10) })
  })

  it('a null deposit and percent are the price list\'s deposit; null beside the other one is not "both"', async () => {
    await savePricing({ deposit: { fixed: 80 } })
    const neither = await made({ items: [arch], deposit: null, depositPercent: null })
    expect(neither).toMatchObject({ deposit: 80, balance: 120 })
    expect((await stored(neither.id)).deposit).toEqual({ fixedCents: 8000 })
    const percent = await made({ items: [arch], deposit: null, depositPercent: 40 })
    expect(percent).toMatchObject({ deposit: 80, balance: 120 })
    expect((await stored(percent.id)).deposit).toEqual({ percent: 40 })
    const fixed = await made({ items: [arch], depositPercent: null, deposit: 60.5 })
    expect(fixed).toMatchObject({ deposit: 60.5, balance: 139.5 })
    expect((await stored(fixed.id)).deposit).toEqual({ fixedCents: 6050 })
  })

  it('a validity that is not text or one digit short is named as a bad date; a percent just under 0 and both deposits are refused', async () => {
    for (const [json, error] of [
      [{ items: [arch], validUntil: 20990131 }, 'Valid until must be a date (YYYY-MM-DD)'],
      // One digit short of a date, and a percent just under 0.
      [{ items: [arch], validUntil: '2099-01-3' }, 'Valid until must be a date (YYYY-MM-DD)'],
      [{ items: [arch], depositPercent: -0.01 }, 'Deposit percent cannot be negative'],
      [{ items: [arch], deposit: 0, depositPercent: 0 }, 'Give the deposit as a percent or an amount, not both'],
    ] as const) {
      const res = await post(json)
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ error })
    }
    expect(await app.t.deps.quotes.forInquiry(app.inquiryId)).toEqual([])
  })
})
