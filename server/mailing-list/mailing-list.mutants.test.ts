// The mailing list's rules as the visitor and the owner meet them: the subscribe form's messages (the API answers the
// first), the interests as History words them, and what Flodesk is sent. Pure or against a fake fetch (no app).
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { describeChanges } from '../history/change-words'
import { diffContentFile } from '../history/field-diff'
import { isRestorableItem, itemLabel, itemOfPath } from '../history/items'
import { CONTENT_READS } from '../kinds/content-kinds'
import { firstZodMessage } from '../lib/errors'
import { FlodeskClient, FlodeskError } from './flodesk.client'
import { SegmentListSchema, SubscriptionSchema } from './mailing-list.schema'

function error(schema: z.ZodType, body: unknown): string {
  const r = schema.safeParse(body)
  if (r.success) throw new Error(`accepted: ${JSON.stringify(r.data)}`)
  return firstZodMessage(r.error)
}
const visitor = { email: 'ana@example.com', firstName: 'Ana', lastName: 'Lee', segment_ids: ['seg-1'] }

describe('the subscribe form', () => {
  it('names each missing field in the dialog’s words', () => {
    expect(error(SubscriptionSchema, { ...visitor, email: undefined })).toBe('Email is required.')
    expect(error(SubscriptionSchema, { ...visitor, email: ' ' })).toBe('Email is required.')
    expect(error(SubscriptionSchema, { ...visitor, firstName: undefined })).toBe('First name is required.')
    expect(error(SubscriptionSchema, { ...visitor, firstName: '' })).toBe('First name is required.')
    expect(error(SubscriptionSchema, { ...visitor, lastName: undefined })).toBe('Last name is required.')
    expect(error(SubscriptionSchema, { ...visitor, lastName: ' ' })).toBe('Last name is required.')
    expect(error(SubscriptionSchema, { ...visitor, segment_ids: undefined })).toBe('Select at least one interest.')
    expect(error(SubscriptionSchema, { ...visitor, segment_ids: [] })).toBe('Select at least one interest.')
    expect(error(SubscriptionSchema, { ...visitor, segment_ids: ['a\nb'] })).toBe('Interest must be one line')
  })

  it('takes an address only with a name, an @ and a dotted domain', () => {
    for (const email of [
      'ana',
      'ana@example',
      '@example.com',
      'ana@.com',
      'ana@example.',
      'a na@example.com',
      'ana@ex ample.com',
      'ana@@example.com',
      'ana@example.com@evil.test',
    ]) {
      expect(error(SubscriptionSchema, { ...visitor, email }), email).toBe('Please enter a valid email address')
    }
    expect(SubscriptionSchema.parse({ ...visitor, email: ' a@b.co ' }).email).toBe('a@b.co')
    expect(error(SubscriptionSchema, { ...visitor, email: `${'a'.repeat(243)}@example.com` })).toBeTruthy()
    expect(SubscriptionSchema.parse({ ...visitor, email: `${'a'.repeat(242)}@example.com` }).email).toHaveLength(254)
  })

  it('an interest read from the file needs an id and a name', () => {
    expect(SegmentListSchema.parse([{ id: ' a ', name: ' Weddings ' }])).toEqual([{ id: 'a', name: 'Weddings' }])
    expect(error(SegmentListSchema, [{ id: '', name: 'Weddings' }])).toBeTruthy()
    expect(error(SegmentListSchema, [{ id: 'a', name: ' ' }])).toBeTruthy()
    expect(error(SegmentListSchema, [{ id: 'a', name: 'a\nb' }])).toBe('Segment name must be one line')
    expect(error(SegmentListSchema, [{ id: 'a\nb', name: 'b' }])).toBe('Segment id must be one line')
  })
})

describe('the interests in History', () => {
  it('are their own item, named and worded, never restored nor cached', () => {
    expect(itemOfPath('content/mailing-list-segments.yaml')).toBe('mailing-list-segments')
    expect(itemLabel('mailing-list-segments')).toBe('Mailing-list interests')
    expect(isRestorableItem('mailing-list-segments')).toBe(false)
    const change = diffContentFile(
      'content/mailing-list-segments.yaml',
      '- id: a\n  name: Weddings\n',
      '- id: a\n  name: Parties\n- id: b\n  note: x\n',
    )
    expect(change?.fields.map((f) => f.label)).toEqual(['Interest "Parties" › Name', 'Interest "b" › note'])
    expect(describeChanges([change!])).toEqual({ title: 'Changed the mailing-list interests', kinds: ['pages'] })
    expect(CONTENT_READS.some((re) => re.test('/api/mailing-list/segments'))).toBe(false)
  })
})

type Sent = { url: string; init: RequestInit }
function fakeFlodesk(answers: (Response | Error)[]) {
  const sent: Sent[] = []
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    sent.push({ url: String(url), init: init ?? {} })
    const next = answers.shift() ?? new Response('{}')
    if (next instanceof Error) throw next
    return next
  }
  return { sent, fetch: fetch as typeof globalThis.fetch }
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status })

describe('what Flodesk is sent and what its answers mean', () => {
  it('calls the configured address without a trailing slash, with the key, a User-Agent and JSON', async () => {
    const f = fakeFlodesk([json({ data: [{ id: 's1', name: 'Weddings' }], meta: { total_pages: 1 } })])
    const client = new FlodeskClient({ apiKey: 'key1', baseUrl: 'https://flodesk.test/v1//', fetch: f.fetch })
    expect(await client.listSegments()).toEqual([{ id: 's1', name: 'Weddings' }])
    expect(f.sent[0]!.url).toBe('https://flodesk.test/v1/segments?page=1&per_page=100')
    const headers = f.sent[0]!.init.headers as Record<string, string>
    expect(headers).toEqual({
      Authorization: `Basic ${Buffer.from('key1:').toString('base64')}`,
      'User-Agent': 'BalloonStudioSite/1.0',
      Accept: 'application/json',
    })
    expect(f.sent[0]!.init.method).toBe('GET')
    expect(f.sent[0]!.init.body).toBeUndefined()
    expect(f.sent[0]!.init.signal).toBeInstanceOf(AbortSignal)
  })

  it('names the integration as configured', async () => {
    const f = fakeFlodesk([json({ data: [] })])
    await new FlodeskClient({ apiKey: 'k', userAgent: 'Studio/2', fetch: f.fetch, baseUrl: 'https://f.test' }).listSegments()
    expect((f.sent[0]!.init.headers as Record<string, string>)['User-Agent']).toBe('Studio/2')
  })

  it('follows pages: by the total Flodesk gives, or until a page is short or empty', async () => {
    const full = (n: number) => Array.from({ length: 100 }, (_, i) => ({ id: `p${n}-${i}`, name: `N${i}` }))
    // total_pages under meta.pagination, two pages
    let f = fakeFlodesk([
      json({ data: full(1), meta: { pagination: { total_pages: 2 } } }),
      json({ data: [{ id: 'x', name: 'X' }], meta: { pagination: { total_pages: 2 } } }),
    ])
    let list = await new FlodeskClient({ apiKey: 'k', fetch: f.fetch }).listSegments()
    expect(list).toHaveLength(101)
    expect(f.sent.map((s) => s.url)).toEqual([
      'https://api.flodesk.com/v1/segments?page=1&per_page=100',
      'https://api.flodesk.com/v1/segments?page=2&per_page=100',
    ])
    // a total of 1 stops after a full page
    f = fakeFlodesk([json({ data: full(1), meta: { total_pages: 1 } })])
    list = await new FlodeskClient({ apiKey: 'k', fetch: f.fetch }).listSegments()
    expect(f.sent).toHaveLength(1)
    // without a total: a full page asks for the next, a short one stops
    f = fakeFlodesk([json({ data: full(1) }), json({ data: full(2).slice(0, 99) })])
    list = await new FlodeskClient({ apiKey: 'k', fetch: f.fetch }).listSegments()
    expect(list).toHaveLength(199)
    expect(f.sent).toHaveLength(2)
    // an empty page stops even when the total says more
    f = fakeFlodesk([json({ data: [], meta: { total_pages: 5 } })])
    expect(await new FlodeskClient({ apiKey: 'k', fetch: f.fetch }).listSegments()).toEqual([])
    expect(f.sent).toHaveLength(1)
    // never more than 50 pages
    f = fakeFlodesk(Array.from({ length: 60 }, (_, i) => json({ data: full(i) })))
    list = await new FlodeskClient({ apiKey: 'k', fetch: f.fetch }).listSegments()
    expect(f.sent).toHaveLength(50)
  })

  it('skips segments without a text id or name, and a body without a list', async () => {
    const f = fakeFlodesk([json({ data: [{ id: 1, name: 'A' }, { id: 'b' }, { id: 'c', name: 'C' }], meta: { total_pages: 1 } }), json({})])
    const client = new FlodeskClient({ apiKey: 'k', fetch: f.fetch })
    expect(await client.listSegments()).toEqual([{ id: 'c', name: 'C' }])
    expect(await client.listSegments()).toEqual([])
  })

  it('subscribes with JSON, then adds the segments by the escaped address; no second call without segments', async () => {
    const f = fakeFlodesk([json({}), json({})])
    const client = new FlodeskClient({ apiKey: 'k', baseUrl: 'https://f.test', fetch: f.fetch })
    await client.subscribe({ email: 'a+b@x.co', firstName: 'A', lastName: 'B', segmentIds: ['s1'] })
    expect(f.sent.map((s) => [s.url, s.init.method, s.init.body, (s.init.headers as Record<string, string>)['Content-Type']])).toEqual([
      ['https://f.test/subscribers', 'POST', JSON.stringify({ email: 'a+b@x.co', first_name: 'A', last_name: 'B' }), 'application/json'],
      ['https://f.test/subscribers/a%2Bb%40x.co/segments', 'POST', JSON.stringify({ segment_ids: ['s1'] }), 'application/json'],
    ])
    const g = fakeFlodesk([json({})])
    await new FlodeskClient({ apiKey: 'k', fetch: g.fetch }).subscribe({ email: 'a@x.co', firstName: 'A', lastName: 'B', segmentIds: [] })
    expect(g.sent).toHaveLength(1)
  })

  it('turns a failure into a FlodeskError with the most specific message, trimmed and cut at 300 characters', async () => {
    const fail = async (answer: Response | Error) => {
      const f = fakeFlodesk([answer])
      return new FlodeskClient({ apiKey: 'k', fetch: f.fetch })
        .subscribe({ email: 'a@x.co', firstName: 'A', lastName: 'B', segmentIds: [] })
        .then(
          () => {
            throw new Error('no error')
          },
          (e: unknown) => e as FlodeskError,
        )
    }
    let e = await fail(json({ message: 'Bad', errors: [{ field: 'email' }, { message: ' Email is invalid ' }] }, 422))
    expect([e.name, e.status, e.message, e.operation]).toEqual(['FlodeskError', 422, 'Email is invalid', 'create or update subscriber'])
    e = await fail(json({ message: ' ', error: 'Nope' }, 400))
    expect(e.message).toBe('Nope')
    e = await fail(json({ message: 'm'.repeat(400) }, 400))
    expect(e.message).toBe('m'.repeat(300))
    e = await fail(json({ errors: 'x', message: 'Top' }, 400))
    expect(e.message).toBe('Top')
    e = await fail(json({ errors: [{ field: 'email' }], message: 'Top' }, 400))
    expect(e.message).toBe('Top')
    e = await fail(json({ errors: [null, { message: 'Second' }] }, 400))
    expect(e.message).toBe('Second')
    e = await fail(json({}, 400))
    expect(e.message).toBe('HTTP 400')
    e = await fail(new Response('<html>oops</html>', { status: 502 }))
    expect([e.status, e.message]).toEqual([502, 'HTTP 502'])
    e = await fail(new Response('', { status: 503 }))
    expect(e.message).toBe('HTTP 503')
    e = await fail(json('just text', 500))
    expect(e.message).toBe('HTTP 500')
    e = await fail(new TypeError('fetch failed'))
    expect([e.status, e.message]).toEqual([0, 'Flodesk could not be reached (fetch failed)'])
  })

  it('names the call that failed: adding the segments after the subscriber was made', async () => {
    const f = fakeFlodesk([json({}), json({ message: 'No such segment' }, 404)])
    const err = await new FlodeskClient({ apiKey: 'k', fetch: f.fetch })
      .subscribe({ email: 'a@x.co', firstName: 'A', lastName: 'B', segmentIds: ['s9'] })
      .catch((e: unknown) => e as FlodeskError)
    expect(err).toMatchObject({ status: 404, message: 'No such segment', operation: 'add subscriber to segments' })
  })

  it('a page with an empty meta is the last when it is short', async () => {
    const f = fakeFlodesk([json({ data: [{ id: 'a', name: 'A' }], meta: {} })])
    expect(await new FlodeskClient({ apiKey: 'k', fetch: f.fetch }).listSegments()).toEqual([{ id: 'a', name: 'A' }])
  })

  it('skips entries that are not segments (null, a number, an id without a name) and keeps the rest', async () => {
    const f = fakeFlodesk([json({ data: [null, 7, { id: 'a' }, { id: 'b', name: 'B' }], meta: {} })])
    expect(await new FlodeskClient({ apiKey: 'k', fetch: f.fetch }).listSegments()).toEqual([{ id: 'b', name: 'B' }])
  })

  it('reads an answer with no body as nothing', async () => {
    const f = fakeFlodesk([new Response(null, { status: 200 })])
    expect(await new FlodeskClient({ apiKey: 'k', fetch: f.fetch }).listSegments()).toEqual([])
  })
})
