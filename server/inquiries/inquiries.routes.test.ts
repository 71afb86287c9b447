import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTestApp, fixtureFiles, makeJpeg, type TestApp } from '../testing/test-app'
import type { InquiryRecord } from './inquiry-record.schema'
import { GARLANDS_SERVICE, sampleInquiry } from './testing-inquiry'

let t: TestApp
const apps: TestApp[] = []

async function app(env: Record<string, string> = {}) {
  const files = { ...fixtureFiles(await makeJpeg()), 'content/services/balloon-garlands.yaml': GARLANDS_SERVICE }
  t = await createTestApp({ files, env: { TRUST_PROXY: '1', ...env } })
  apps.push(t)
  return t
}

let client = 0
/** Each call comes from its own address unless told otherwise, so the rate limit only bites where a test wants it. */
const contact = (json: unknown, from = `10.0.0.${++client}`) =>
  t.call('POST', '/api/contact', { json, headers: { 'X-Forwarded-For': from } })

const storedFiles = () => {
  try {
    return readdirSync(join(t.dataDir, 'inquiries')).filter((n) => n.endsWith('.json'))
  } catch {
    return []
  }
}

afterEach(async () => {
  for (const a of apps.splice(0)) {
    await a.cleanup()
  }
})

describe('POST /api/contact', () => {
  it('stores a valid inquiry on disk before answering, with an id and receipt time', async () => {
    await app()
    const res = await contact(sampleInquiry())
    expect(res.status).toBe(200)
    const body = (await res.json()) as { ok: boolean; id: string }
    expect(body.ok).toBe(true)
    const record = JSON.parse(readFileSync(join(t.dataDir, 'inquiries', `${body.id}.json`), 'utf8')) as InquiryRecord
    expect(record).toMatchObject({ id: body.id, status: 'new', mail: { state: 'not-configured', attempts: 0 } })
    expect(Date.parse(record.receivedAt)).toBeGreaterThan(Date.now() - 60_000)
    expect(record.inquiry).toMatchObject({
      firstName: 'Jane',
      service: 'Balloon Garlands',
      serviceId: 'balloon-garlands',
      balloonColors: ['Blush', 'Ivory'],
    })
    // The service's own headers and field order; a blank optional answer reads 'Not provided'.
    expect(record.inquiry.customFields).toEqual({
      custom_100: { header: 'Garland length', value: '12 ft' },
      custom_101: { header: 'Theme', value: 'Not provided' },
    })
    expect(record.inquiry.fieldOrder).toEqual(['dropdown_200', 'custom_100', 'custom_101'])
    expect(record.inquiry.customDropdownFields).toEqual({ dropdown_200: { header: 'Setting', value: 'Outdoor' } })
  })

  it('finds the service by title when no id is sent, keeps its own headers, and refuses answers to questions it does not ask', async () => {
    await app()
    const unknown = await contact(
      sampleInquiry({
        serviceId: undefined,
        customFields: { custom_100: { header: 'Hacked', value: '3 ft' }, custom_999: { header: 'x', value: 'y' } },
      }),
    )
    expect([unknown.status, ((await unknown.json()) as { error: string }).error]).toEqual([400, 'Unknown form field: custom_999'])
    expect(storedFiles()).toEqual([])
    const res = await contact(sampleInquiry({ serviceId: undefined, customFields: { custom_100: { header: 'Hacked', value: '3 ft' } } }))
    expect(res.status).toBe(200)
    const [file] = storedFiles()
    const record = JSON.parse(readFileSync(join(t.dataDir, 'inquiries', file), 'utf8')) as InquiryRecord
    expect(Object.keys(record.inquiry.customFields)).toEqual(['custom_100', 'custom_101'])
    expect(record.inquiry.customFields.custom_100).toEqual({ header: 'Garland length', value: '3 ft' })
  })

  it('colors optional for the service and none chosen: stored as an empty choice', async () => {
    await app()
    const optional = GARLANDS_SERVICE.replace('balloonColorSelectionRequired: true', 'balloonColorSelectionRequired: false')
    expect(optional).not.toBe(GARLANDS_SERVICE)
    writeFileSync(join(t.root, 'content/services/balloon-garlands.yaml'), optional)
    expect((await contact(sampleInquiry({ balloonColors: undefined }))).status).toBe(200)
    const [file] = storedFiles()
    expect((JSON.parse(readFileSync(join(t.dataDir, 'inquiries', file), 'utf8')) as InquiryRecord).inquiry.balloonColors).toEqual([])
  })

  it('finds the service by a title with spaces around it, and stores a blank answer as Not provided', async () => {
    await app()
    const res = await contact(
      sampleInquiry({
        serviceId: undefined,
        service: '  Balloon Garlands  ',
        customFields: { custom_100: { header: 'Garland length', value: '12 ft' }, custom_101: { header: 'Theme', value: '   ' } },
      }),
    )
    expect(res.status).toBe(200)
    const [file] = storedFiles()
    const record = JSON.parse(readFileSync(join(t.dataDir, 'inquiries', file), 'utf8')) as InquiryRecord
    expect(record.inquiry.serviceId).toBe('balloon-garlands')
    expect(record.inquiry.customFields.custom_101).toEqual({ header: 'Theme', value: 'Not provided' })
  })

  it.each([
    [{ firstName: '' }, 'First name is required'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ phone: '  ' }, 'Phone number is required'],
    [{ eventDate: '' }, 'Event date is required'],
    [{ eventDate: '2000-01-01' }, 'Event date cannot be in the past'],
    [{ eventDate: '2099-02-30' }, 'Event date must be a real date'],
    [{ balloonColors: [] }, 'Please select at least one balloon color'],
    [{ balloonColors: ['Blush', 'Ivory', 'Pink'] }, 'You can only select up to 2 colors'],
    [{ balloonColors: ['Gold'] }, 'Please choose colors from the list'],
    [{ customFields: {} }, 'Garland length is required'],
    [{ customDropdownFields: { dropdown_200: { header: 'Setting', value: 'On the moon' } } }, 'Please choose one of the Setting options'],
    [{ serviceId: 'no-such-service', service: 'Nope' }, 'Please choose a service for your inquiry.'],
    [{ serviceId: undefined, service: 42 }, 'Please choose a service for your inquiry.'],
    [{ firstName: 'x'.repeat(101) }, 'This answer is too long'],
  ])('answers 400 with a clear error and stores nothing: %o', async (change, message) => {
    await app()
    const res = await contact(sampleInquiry(change))
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: string }).error).toBe(message)
    expect(storedFiles()).toEqual([])
  })

  it("accepts today's date in Portland and refuses yesterday's, when it is already tomorrow in UTC", async () => {
    await app()
    // 11:30 PM on July 3 in Portland is 06:30 on July 4 in UTC.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-07-04T06:30:00Z') })
    try {
      expect((await contact(sampleInquiry({ eventDate: '2026-07-03' }))).status).toBe(200)
      const res = await contact(sampleInquiry({ eventDate: '2026-07-02' }))
      expect(res.status).toBe(400)
      expect(((await res.json()) as { error: string }).error).toBe('Event date cannot be in the past')
    } finally {
      vi.useRealTimers()
    }
  })

  it('a blank or missing honeypot is a person; anything in it (even 0 or false) is a bot', async () => {
    await app()
    for (const website of ['', '   ', null]) expect((await contact(sampleInquiry({ website }))).status).toBe(200)
    expect(storedFiles()).toHaveLength(3)
    for (const website of [0, false, 'x']) expect(await (await contact(sampleInquiry({ website }))).json()).toMatchObject({ ok: true })
    expect(storedFiles()).toHaveLength(3)
  })

  it('a body that is not a JSON object, or too large, is refused saying why', async () => {
    await app()
    const list = await contact([sampleInquiry()])
    expect([list.status, await list.json()]).toEqual([400, { error: 'The request body must be a JSON object' }])
    const big = await contact(sampleInquiry({ eventDetails: 'x'.repeat(40 * 1024) }))
    expect([big.status, await big.json()]).toEqual([413, { error: 'The form is too large. Please shorten your answers.' }])
  })

  it('gives a filled honeypot the same answer as a person, and keeps nothing', async () => {
    await app()
    const res = await contact(sampleInquiry({ website: 'http://spam.example' }))
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ ok: true, id: expect.any(String) })
    expect(storedFiles()).toEqual([])
  })

  it('limits each address to 5 inquiries per 10 minutes', async () => {
    await app()
    for (let i = 0; i < 5; i++) expect((await contact(sampleInquiry(), '10.9.9.9')).status).toBe(200)
    const res = await contact(sampleInquiry(), '10.9.9.9')
    expect(res.status).toBe(429)
    expect(await res.json()).toEqual({ error: 'Too many requests. Please try again later.' })
    expect(res.headers.get('retry-after')).toBe('600')
    expect((await contact(sampleInquiry(), '10.9.9.10')).status).toBe(200)
    expect(storedFiles()).toHaveLength(6)
  })

  it('the limit holds for the whole 10 minutes and then lets the address in again', async () => {
    // The limiter reads the clock it was made with, so the clock is set before the app is made.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-07-01T18:00:00Z') })
    try {
      await app()
      for (let i = 0; i < 5; i++) expect((await contact(sampleInquiry(), '10.9.9.11')).status).toBe(200)
      vi.setSystemTime(new Date('2026-07-01T18:09:59Z'))
      expect((await contact(sampleInquiry(), '10.9.9.11')).status).toBe(429)
      vi.setSystemTime(new Date('2026-07-01T18:10:00Z'))
      expect((await contact(sampleInquiry(), '10.9.9.11')).status).toBe(200)
    } finally {
      vi.useRealTimers()
    }
  })

  it('refuses a body over 32 KiB with 413 and bad JSON with 400', async () => {
    await app()
    const big = await contact(sampleInquiry({ eventDetails: 'x'.repeat(40 * 1024) }))
    expect(big.status).toBe(413)
    expect(await big.json()).toHaveProperty('error')
    const bad = await t.call('POST', '/api/contact', {
      body: '{nope',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.1.1.1' },
    })
    expect(bad.status).toBe(400)
    expect(storedFiles()).toEqual([])
  })
})

describe('inbox API', () => {
  it('needs the admin session', async () => {
    await app()
    for (const [method, path] of [
      ['GET', '/api/admin/inquiries'],
      ['GET', '/api/admin/inquiries.csv'],
      ['GET', '/api/admin/subscribers.csv'],
      ['PATCH', '/api/admin/inquiries/2026-01-01T00-00-00-000Z-abcdef'],
    ]) {
      const res = await t.call(method, path, { json: method === 'PATCH' ? { status: 'handled' } : undefined })
      expect(res.status, path).toBe(401)
    }
  })

  it('lists newest first, moves a lead to contacted and back (old clients\' "handled" too), filters by status', async () => {
    await app()
    const ids: string[] = []
    for (const firstName of ['First', 'Second', 'Third']) {
      ids.push(((await (await contact(sampleInquiry({ firstName }))).json()) as { id: string }).id)
    }
    const cookie = await t.login()
    const list = async (status = 'all') => {
      const res = await t.call('GET', `/api/admin/inquiries?status=${status}`, { cookie })
      expect(res.headers.get('cache-control')).toBe('no-store')
      return ((await res.json()) as InquiryRecord[]).map((r) => r.inquiry.firstName)
    }
    expect(await list()).toEqual(['Third', 'Second', 'First'])
    const patched = await t.call('PATCH', `/api/admin/inquiries/${ids[1]}`, { json: { status: 'handled' }, cookie })
    expect(patched.status).toBe(200)
    expect(await patched.json()).toMatchObject({ status: 'contacted', history: [{ from: 'new', to: 'contacted', at: expect.any(String) }] })
    expect(await list('new')).toEqual(['Third', 'First'])
    expect(await list('contacted')).toEqual(['Second'])
    expect(await list('handled')).toEqual(['Second'])
    await t.call('PATCH', `/api/admin/inquiries/${ids[1]}`, { json: { status: 'new' }, cookie })
    expect(await list('contacted')).toEqual([])
    expect((await t.call('PATCH', `/api/admin/inquiries/${ids[1]}`, { json: { status: 'done' }, cookie })).status).toBe(400)
    expect(
      (await t.call('PATCH', '/api/admin/inquiries/2026-01-01T00-00-00-000Z-abcdef', { json: { status: 'new' }, cookie })).status,
    ).toBe(404)
    expect((await t.call('PATCH', '/api/admin/inquiries/..%2F..%2Fsecret', { json: { status: 'new' }, cookie })).status).toBe(404)
  })

  it('exports inquiries as CSV with every answer and formula cells neutralised', async () => {
    await app()
    await contact(sampleInquiry({ firstName: '=HYPERLINK("http://evil")', eventDetails: 'Line one, "quoted"\nLine two' }))
    const cookie = await t.login()
    const res = await t.call('GET', '/api/admin/inquiries.csv', { cookie })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="inquiries-\d{4}-\d{2}-\d{2}\.csv"$/)
    const bytes = Buffer.from(await res.arrayBuffer())
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const csv = bytes.subarray(3).toString('utf8')
    expect(csv.startsWith('Received (Pacific),Id,Status,Lost reason,Service')).toBe(true)
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`)
    expect(csv).toContain('"Line one, ""quoted""\nLine two"')
    expect(csv).toContain('"Setting: Outdoor\nGarland length: 12 ft\nTheme: Not provided"')
    expect(csv).toContain('Blush, Ivory')
  })

  it('refuses a manual mail retry when SMTP is not set up', async () => {
    await app()
    const { id } = (await (await contact(sampleInquiry())).json()) as { id: string }
    const cookie = await t.login()
    const res = await t.call('POST', `/api/admin/inquiries/${id}/retry-mail`, { cookie })
    expect(res.status).toBe(400)
  })
})
