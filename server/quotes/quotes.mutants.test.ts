// What the owner and the client see of quotes, written from the mutation run's survivors (issue 32): the deposit and
// the validity taken from the request or the price list, which leads move to Quoted, the owner's list, the client's
// page (note, fixed deposit, replaced link), the signature's add-ons, and the 20th guess of a link against the 21st.
import { beforeEach, describe, expect, it } from 'vitest'
import { sampleInquiry } from '../inquiries/testing-inquiry'
import { studioToday } from '../lib/studio-time'
import type { TestApp } from '../testing/test-app'
import { addDays, viewTotals, type QuoteView } from './quote-view'
import { useQuoteApp } from './testing-quote-app'

const app = useQuoteApp()
let t: TestApp
let cookie: string
let inquiryId: string
beforeEach(() => void ({ t, cookie, inquiryId } = app))

const arch = { description: 'Arch', quantity: 1, unitPrice: 200 }
async function makeQuote(body: object, id = inquiryId) {
  const res = await t.call('POST', `/api/admin/inquiries/${id}/quotes`, { json: body, cookie })
  expect(res.status).toBe(201)
  return (await res.json()) as Record<string, unknown> & { id: string; token: string }
}
const open = async (token: string) => (await t.call('GET', `/api/quotes/${token}`)).json()
const savePricing = (json: object) => t.call('PUT', '/api/pricing', { json, cookie })

describe('a new quote', () => {
  it("takes the price list's percent deposit and validity when the request names none", async () => {
    expect((await savePricing({ deposit: { percent: 25 }, quoteValidDays: 10 })).status).toBe(200)
    const q = await makeQuote({ items: [arch] })
    expect(q).toMatchObject({ total: 200, deposit: 50, balance: 150, validUntil: addDays(studioToday(), 10), mail: 'not-configured' })
    expect(q.emailedTo).toBeNull()
    expect((await open(q.token)).depositRule).toEqual({ percent: 25 })
  })

  it("takes the price list's fixed deposit, or the request's own amount, shown as a fixed rule on the page", async () => {
    await savePricing({ deposit: { fixed: 80 } })
    const fromList = await makeQuote({ items: [arch] })
    expect(fromList).toMatchObject({ deposit: 80, balance: 120 })
    expect((await open(fromList.token)).depositRule).toEqual({ fixed: 80 })
    const own = await makeQuote({ items: [arch], deposit: 60.5, validUntil: '2099-01-31', note: 'Colours as discussed' })
    expect(own).toMatchObject({ deposit: 60.5, balance: 139.5, validUntil: '2099-01-31' })
    const page = await open(own.token)
    expect(page).toMatchObject({ depositRule: { fixed: 60.5 }, note: 'Colours as discussed', validUntil: '2099-01-31' })
    expect(await open(fromList.token)).not.toHaveProperty('note')
    // The price list's default (30%) when it says nothing.
    await savePricing({})
    expect(await makeQuote({ items: [arch], depositPercent: 0 })).toMatchObject({ deposit: 0, balance: 200 })
    expect(await makeQuote({ items: [arch] })).toMatchObject({ deposit: 60 })
  })

  it('moves a contacted lead to Quoted, but leaves a booked one booked (the amount and note still recorded)', async () => {
    const patch = (json: object) => t.call('PATCH', `/api/admin/inquiries/${inquiryId}`, { json, cookie })
    await patch({ status: 'contacted' })
    await makeQuote({ items: [arch] })
    const lead = async () => (await t.call('GET', `/api/admin/inquiries/${inquiryId}`, { cookie })).json()
    expect(await lead()).toMatchObject({ status: 'quoted', quotedAmount: 200 })
    await patch({ status: 'booked' })
    await makeQuote({ items: [{ ...arch, unitPrice: 250 }] })
    const after = await lead()
    expect(after).toMatchObject({ status: 'booked', quotedAmount: 250 })
    expect(after.notes.at(-1).text).toBe(
      'Quote version 2 made: $250.00, deposit $75.00; e-mail is not set up, so send the client its link yourself',
    )
  })
})

describe("the owner's list of an inquiry's quotes", () => {
  it('lists the versions in order with their state, total and no signature before one', async () => {
    const first = await makeQuote({ items: [arch] })
    const second = await makeQuote({ items: [arch, { description: 'Lights', quantity: 2, unitPrice: 10, optional: true }] })
    const list = await (await t.call('GET', `/api/admin/inquiries/${inquiryId}/quotes`, { cookie })).json()
    expect(list).toEqual([
      {
        id: first.id,
        version: 1,
        url: `http://site.test/quote/${first.token}`,
        state: 'replaced',
        validUntil: first.validUntil,
        total: 200,
        signature: null,
        payments: [],
        mails: { link: { state: 'not-configured' } },
      },
      expect.objectContaining({ id: second.id, version: 2, state: 'open', total: 200, signature: null }),
    ])
    await t.call('POST', `/api/quotes/${second.token}/accept`, { json: { name: 'Jane Doe', agree: true, addOns: [1] } })
    const [, signed] = await (await t.call('GET', `/api/admin/inquiries/${inquiryId}/quotes`, { cookie })).json()
    expect(signed).toMatchObject({ state: 'accepted', total: 220, signature: { name: 'Jane Doe', addOns: [1], agreementCommit: null } })
    expect(signed.signature.at).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect((await t.call('GET', `/api/admin/inquiries/${inquiryId}/quotes`)).status).toBe(401)
    expect((await t.call('GET', `/api/admin/quotes/${second.id}/signed.pdf`)).status).toBe(401)
  })
})

describe("the client's page", () => {
  it('names the client without a stray space when there is no last name, and gives the balance due date', async () => {
    const id = (await t.deps.inquiries.create(sampleInquiry({ lastName: '' }) as never, { state: 'sent', attempts: 1 })).id
    await savePricing({ balanceDueDays: 10 })
    const q = await makeQuote({ items: [arch] }, id)
    expect(await open(q.token)).toMatchObject({ clientName: 'Jane', eventDate: '2099-12-05', balanceDueDate: '2099-11-25' })
    expect(await open(q.token)).not.toHaveProperty('payment')
  })

  it('signing with add-ons given out of order records them sorted, with the totals and the text filled from them', async () => {
    const q = await makeQuote({
      items: [
        arch,
        { description: 'Lights', quantity: 1, unitPrice: 40, optional: true },
        { description: 'Helium', quantity: 1, unitPrice: 15, optional: true },
      ],
      depositPercent: 50,
    })
    const res = await t.call('POST', `/api/quotes/${q.token}/accept`, { json: { name: 'Jane Doe', agree: true, addOns: [2, 1, 2] } })
    expect(res.status).toBe(200)
    const view = await res.json()
    expect(view).toMatchObject({ state: 'accepted', total: 255, deposit: 127.5, balance: 127.5, signed: { addOns: [1, 2] } })
    expect(view.payment).toEqual({ card: false, due: { kind: 'deposit', amount: 127.5 }, paid: [] })
    // A line that does not exist is no add-on either (409, not a crash); nothing more is recorded.
    const other = await makeQuote({ items: [arch, { description: 'Lights', quantity: 1, unitPrice: 40, optional: true }] })
    const missing = await t.call('POST', `/api/quotes/${other.token}/accept`, { json: { name: 'Jane Doe', agree: true, addOns: [1, 99] } })
    expect(missing.status).toBe(409)
    expect((await open(other.token)).state).toBe('open')
    // The page shows the signed totals afterwards, whatever the add-ons ticked on it.
    expect(await open(q.token)).toMatchObject({ total: 255, signed: { name: 'Jane Doe', addOns: [1, 2] } })
  })

  it("computes from its view the totals the server signs (the page's own sums), with a fixed deposit and a percent one", async () => {
    const items = [
      { description: 'Garland, per foot', quantity: 12.5, unitPrice: 19.99 },
      { description: 'Lights', quantity: 3, unitPrice: 12.35, optional: true },
      { description: 'Helium', quantity: 1, unitPrice: 15, optional: true },
    ]
    for (const [deposit, addOns] of [
      [{ deposit: 50.25 }, [1]],
      [{ depositPercent: 33 }, [1, 2]],
      [{ deposit: 5000 }, []],
    ] as const) {
      const q = await makeQuote({ items, deliveryFee: 45.5, discount: 10.1, ...deposit })
      const page = (await open(q.token)) as QuoteView
      const onPage = viewTotals(page, new Set(addOns))
      const signed = await t.call('POST', `/api/quotes/${q.token}/accept`, { json: { name: 'Jane Doe', agree: true, addOns } })
      const view = await signed.json()
      expect(onPage, JSON.stringify(deposit)).toEqual(
        expect.objectContaining({
          totalCents: Math.round(view.total * 100),
          depositCents: Math.round(view.deposit * 100),
          balanceCents: Math.round(view.balance * 100),
          deliveryFeeCents: 4550,
          discountCents: 1010,
        }),
      )
      expect(onPage.lineTotalsCents).toEqual([24_988, 3_705, 1_500])
    }
    // Nothing to pay: a fixed deposit is capped at the total.
    expect(viewTotals({ lines: [], deliveryFee: 0, discount: 0, depositRule: { fixed: 1 } }, new Set())).toMatchObject({
      totalCents: 0,
      depositCents: 0,
    })
  })

  it('a replaced quote points to the newest one; an unreplaced one has no such link', async () => {
    const first = await makeQuote({ items: [arch] })
    expect(await open(first.token)).not.toHaveProperty('replacedByUrl')
    const second = await makeQuote({ items: [arch] })
    expect((await open(first.token)).replacedByUrl).toBe(`/quote/${second.token}`)
  })

  it('is open on its last valid day (studio date)', async () => {
    const q = await makeQuote({ items: [arch], validUntil: studioToday() })
    expect((await open(q.token)).state).toBe('open')
    expect((await t.call('POST', `/api/quotes/${q.token}/accept`, { json: { name: 'Jane Doe', agree: true } })).status).toBe(200)
  })
})

describe('guessing links', () => {
  it('the 20th miss of an address is still a 404, the 21st a 429; a real link still opens for everyone', async () => {
    const q = await makeQuote({ items: [arch] })
    const miss = (n: number, address = '203.0.113.7') =>
      t.call('GET', `/api/quotes/${'B'.repeat(18)}${String(n).padStart(4, '0')}`, { headers: { 'X-Forwarded-For': address } })
    for (let n = 1; n <= 20; n++) expect((await miss(n)).status, `miss ${n}`).toBe(404)
    const cut = await miss(21)
    expect(cut.status).toBe(429)
    expect(await cut.json()).toEqual({ error: 'Too many quote links tried. Please try again later.' })
    expect(cut.headers.get('cache-control')).toBe('no-store')
    expect((await t.call('GET', `/api/quotes/${q.token}`)).status).toBe(200)
  })
})
