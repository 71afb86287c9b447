// The quote routes' guards at their near misses (issue 32): a link one character off, its prefix, with a character
// more or a trailing dot or slash, shows and signs nothing; the owner's signed copy under an id one character off;
// the accept body at its size limit and one byte over; a signature name of spaces only or one letter; the deposit at
// 0 and 100 percent, $0 and over the total; a note left empty is no note.
import { describe, expect, it } from 'vitest'
import { JSON_BODY_LIMIT } from '../lib/http'
import { useQuoteApp } from './testing-quote-app'

const app = useQuoteApp()

const arch = { description: 'Arch', quantity: 1, unitPrice: 200 }
const NOT_VALID = { error: 'This quote link is not valid. Please check the link in your e-mail, or contact the studio.' }
const makeQuote = (body: object) => app.t.call('POST', `/api/admin/inquiries/${app.inquiryId}/quotes`, { json: body, cookie: app.cookie })
async function made(body: object = { items: [arch], depositPercent: 50 }) {
  const res = await makeQuote(body)
  expect(res.status).toBe(201)
  return (await res.json()) as { id: string; token: string; deposit: number; balance: number; total: number }
}
const acceptBody = (name = 'Jane Doe') => ({ name, agree: true, addOns: [] })
const accept = (token: string, json: object = acceptBody()) => app.t.call('POST', `/api/quotes/${token}/accept`, { json })
const signature = async (id: string) => (await app.t.deps.quotes.find(id))!.signature
/** The last character of a token swapped for another one tokens use. */
const oneOff = (token: string) => `${token.slice(0, -1)}${token.at(-1) === 'A' ? 'B' : 'A'}`

describe("a client's link one character off", () => {
  it('answers 404 with the link words and signs nothing: changed, cut short, longer, other case, with a dot', async () => {
    const q = await made()
    const swappedCase = q.token.replace(/[a-z]/, (ch) => ch.toUpperCase())
    expect(swappedCase).not.toBe(q.token)
    for (const near of [oneOff(q.token), q.token.slice(0, -1), `${q.token}A`, swappedCase, `${q.token}.`]) {
      const page = await app.t.call('GET', `/api/quotes/${near}`)
      expect(page.status).toBe(404)
      expect(await page.json()).toEqual(NOT_VALID)
      const signed = await accept(near)
      expect(signed.status).toBe(404)
      expect(await signed.json()).toEqual(NOT_VALID)
    }
    expect(await signature(q.id)).toBeUndefined()
    expect((await app.t.call('GET', `/api/quotes/${q.token}`)).status).toBe(200)
  })

  it('with a trailing slash names no quote: nothing shown, nothing signed', async () => {
    const q = await made()
    const page = await app.t.call('GET', `/api/quotes/${q.token}/`)
    expect(page.status).toBe(404)
    expect(await page.text()).not.toContain('Arch')
    expect((await app.t.call('POST', `/api/quotes/${q.token}/accept/`, { json: acceptBody() })).status).toBe(404)
    expect(await signature(q.id)).toBeUndefined()
  })
})

describe("the owner's signed copy under an id one character off", () => {
  it('is not given for a changed, longer, upper-case or dotted id', async () => {
    const q = await made()
    expect((await accept(q.token)).status).toBe(200)
    const last = q.id.at(-1) === '0' ? '1' : '0'
    for (const near of [`${q.id.slice(0, -1)}${last}`, `${q.id}0`, q.id.toUpperCase().replace('Q-', 'q-'), `${q.id}.`]) {
      if (near === q.id) continue
      const res = await app.t.call('GET', `/api/admin/quotes/${near}/signed.pdf`, { cookie: app.cookie })
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ error: 'No signed copy: this quote is unknown or not signed yet' })
    }
    expect((await app.t.call('GET', `/api/admin/quotes/${q.id}/signed.pdf`, { cookie: app.cookie })).status).toBe(200)
  })
})

describe('the accept body at its size limit', () => {
  /** An acceptance padded (with a key the schema drops) to exactly `bytes` bytes. */
  const padded = (bytes: number) => {
    const bare = JSON.stringify({ ...acceptBody(), pad: '' })
    return JSON.stringify({ ...acceptBody(), pad: 'x'.repeat(bytes - bare.length) })
  }
  const send = (token: string, body: string) =>
    app.t.call('POST', `/api/quotes/${token}/accept`, { body, headers: { 'Content-Type': 'application/json' } })

  it('one byte over is refused with 413 and nothing signed; at the limit it is signed', async () => {
    const q = await made()
    const over = padded(JSON_BODY_LIMIT + 1)
    expect(over.length).toBe(JSON_BODY_LIMIT + 1)
    const refused = await send(q.token, over)
    expect(refused.status).toBe(413)
    expect(await refused.json()).toEqual({ error: 'The request is too large' })
    expect(await signature(q.id)).toBeUndefined()
    const ok = await send(q.token, padded(JSON_BODY_LIMIT))
    expect(ok.status).toBe(200)
    expect((await signature(q.id))!.name).toBe('Jane Doe')
  })
})

describe('the name a client signs with', () => {
  it('of spaces only, or one letter between spaces, is refused; two letters are enough, kept without the spaces', async () => {
    const q = await made()
    for (const name of ['     ', '  J  ']) {
      const res = await accept(q.token, acceptBody(name))
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ error: 'Type your full name to sign' })
    }
    expect(await signature(q.id)).toBeUndefined()
    const res = await accept(q.token, acceptBody('  Jo  '))
    expect(res.status).toBe(200)
    expect((await res.json()).signed.name).toBe('Jo')
    expect((await signature(q.id))!.name).toBe('Jo')
  })

  it('is 120 characters at most: 121 refused, 120 signed', async () => {
    const q = await made()
    const long = await accept(q.token, acceptBody('J'.repeat(121)))
    expect(long.status).toBe(400)
    expect(await long.json()).toEqual({ error: 'The name is 120 characters at most' })
    expect((await accept(q.token, acceptBody('J'.repeat(120)))).status).toBe(200)
  })
})

describe("a new quote's deposit at its edges", () => {
  it("0 and 100 percent are the request's own (not the price list's 30%); over 100 or under 0 is refused naming which", async () => {
    expect(await made({ items: [arch], depositPercent: 0 })).toMatchObject({ deposit: 0, balance: 200 })
    expect(await made({ items: [arch], depositPercent: 100 })).toMatchObject({ deposit: 200, balance: 0 })
    for (const [depositPercent, error] of [
      [100.5, 'Deposit percent is 100 at most'],
      // A negative number is named as negative, not as "not a number".
      [-0.5, 'Deposit percent cannot be negative'],
      ['30', 'Deposit percent must be a number'],
    ] as const) {
      const res = await makeQuote({ items: [arch], depositPercent })
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ error })
    }
    expect(await app.t.deps.quotes.forInquiry(app.inquiryId)).toHaveLength(2)
  })

  it("a fixed $0 is no deposit (not the price list's); one over the total is capped at the total", async () => {
    const none = await made({ items: [arch], deposit: 0 })
    expect(none).toMatchObject({ deposit: 0, balance: 200 })
    expect((await (await app.t.call('GET', `/api/quotes/${none.token}`)).json()).depositRule).toEqual({ fixed: 0 })
    expect(await made({ items: [arch], deposit: 200.01 })).toMatchObject({ deposit: 200, balance: 0 })
    expect(await made({ items: [arch], deposit: 199.99 })).toMatchObject({ deposit: 199.99, balance: 0.01 })
  })
})

describe('a revision that leaves a field out', () => {
  it('has no note when the note is empty or left out, and no delivery fee or discount when left out', async () => {
    const first = await made({ items: [arch], note: 'Colours as discussed', deliveryFee: 20, discount: 5 })
    const page = async (token: string) => (await app.t.call('GET', `/api/quotes/${token}`)).json()
    expect(await page(first.token)).toMatchObject({ note: 'Colours as discussed', deliveryFee: 20, discount: 5, total: 215 })
    const emptied = await made({ items: [arch], note: '' })
    expect(await page(emptied.token)).not.toHaveProperty('note')
    const blank = await made({ items: [arch], note: '  \n\n ' })
    expect(await page(blank.token)).not.toHaveProperty('note')
    expect((await app.t.deps.quotes.find(blank.id))!).not.toHaveProperty('note')
    const padded = await made({ items: [arch], note: '\n Colours as discussed \n' })
    expect(await page(padded.token)).toMatchObject({ note: 'Colours as discussed' })
    const left = await made({ items: [arch] })
    const view = await page(left.token)
    expect(view).not.toHaveProperty('note')
    expect(view).toMatchObject({ deliveryFee: 0, discount: 0, total: 200 })
    expect((await app.t.deps.quotes.find(emptied.id))!).not.toHaveProperty('note')
  })
})
