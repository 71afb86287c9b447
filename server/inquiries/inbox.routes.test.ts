import { readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../testing/test-app'
import type { InquiryRecord } from './inquiry-record.schema'
import { sampleInquiry } from './testing-inquiry'

const ctx = useTestApp({ login: true })

async function stored(extra: Record<string, unknown> = {}, at = new Date()) {
  const { serviceId: _s, ...inquiry } = sampleInquiry(extra)
  return ctx.t.deps.inquiries.create({ ...inquiry, serviceId: 'balloon-garlands' } as never, { state: 'not-configured', attempts: 0 }, at)
}

const onDisk = (id: string) => JSON.parse(readFileSync(join(ctx.t.dataDir, 'inquiries', `${id}.json`), 'utf8')) as InquiryRecord
const patch = (id: string, json: unknown, cookie = ctx.cookie) => ctx.t.call('PATCH', `/api/admin/inquiries/${id}`, { json, cookie })

describe('the lead pipeline', () => {
  it('every inbox and template call answers 401 without a session and changes nothing', async () => {
    const record = await stored()
    for (const [method, path, json] of [
      ['GET', '/api/admin/inquiries', undefined],
      ['GET', '/api/admin/inquiries/summary', undefined],
      ['GET', '/api/admin/inquiries.csv', undefined],
      ['PATCH', `/api/admin/inquiries/${record.id}`, { status: 'booked' }],
      ['POST', `/api/admin/inquiries/${record.id}/notes`, { text: 'x' }],
      ['POST', `/api/admin/inquiries/${record.id}/retry-mail`, undefined],
      ['GET', '/api/admin/reply-templates', undefined],
      ['PUT', '/api/admin/reply-templates', []],
    ] as const) {
      const res = await ctx.t.call(method, path, { json })
      expect(res.status, `${method} ${path}`).toBe(401)
      expect(await res.json()).toEqual({ error: expect.any(String) })
    }
    expect(onDisk(record.id)).toEqual(record)
  })

  it('moves a lead new -> contacted -> quoted -> booked -> completed with a quote, deposit and notes, each written before the answer', async () => {
    const { id } = await stored()
    expect((await patch(id, { status: 'contacted' })).status).toBe(200)
    expect(onDisk(id).status).toBe('contacted')
    const quoted = await patch(id, { status: 'quoted', quotedAmount: 1250.5 })
    expect(await quoted.json()).toMatchObject({ status: 'quoted', quotedAmount: 1250.5 })
    expect(onDisk(id).quotedAmount).toBe(1250.5)
    const note = await ctx.t.call('POST', `/api/admin/inquiries/${id}/notes`, {
      json: { text: 'Wants pastel arch\nCall after 5' },
      cookie: ctx.cookie,
    })
    expect(note.status).toBe(201)
    expect(onDisk(id).notes).toEqual([{ at: expect.any(String), text: 'Wants pastel arch\nCall after 5' }])
    await patch(id, { status: 'booked', deposit: { amount: 300, date: '2026-11-20' } })
    expect(onDisk(id)).toMatchObject({ status: 'booked', deposit: { amount: 300, date: '2026-11-20' }, quotedAmount: 1250.5 })
    await patch(id, { status: 'completed' })
    expect(onDisk(id).history.map((h) => `${h.from}>${h.to}`)).toEqual([
      'new>contacted',
      'contacted>quoted',
      'quoted>booked',
      'booked>completed',
    ])
    // null clears the deposit; the quote stays.
    await patch(id, { deposit: null })
    expect(onDisk(id).deposit).toBeUndefined()
    expect(onDisk(id).quotedAmount).toBe(1250.5)
  })

  it('a lost lead needs a reason, kept in its history; leaving lost drops the reason', async () => {
    const { id } = await stored()
    const missing = await patch(id, { status: 'lost' })
    expect(missing.status).toBe(400)
    expect(await missing.json()).toEqual({ error: 'Lost reason is required when a lead is lost' })
    expect(onDisk(id).status).toBe('new')
    await patch(id, { status: 'lost', lostReason: 'Over budget' })
    expect(onDisk(id)).toMatchObject({
      status: 'lost',
      lostReason: 'Over budget',
      history: [{ from: 'new', to: 'lost', reason: 'Over budget' }],
    })
    await patch(id, { status: 'contacted' })
    expect(onDisk(id).lostReason).toBeUndefined()
  })

  it('answers 400 naming the problem for bad input, and changes nothing', async () => {
    const record = await stored()
    for (const [json, error] of [
      [{ status: 'done' }, 'Status must be one of: new, contacted, quoted, booked, completed, lost'],
      [{}, 'Send at least one of status, lostReason, quotedAmount, deposit'],
      [{ quotedAmount: -5 }, 'Quoted amount cannot be negative'],
      [{ quotedAmount: '100' }, 'Quoted amount must be a number'],
      [{ quotedAmount: 10.001 }, 'Quoted amount must be in whole cents'],
      [{ deposit: { amount: 100, date: '2026-02-30' } }, 'Deposit date must be a real date'],
      [{ deposit: { amount: 100 } }, 'Deposit date must be a date (YYYY-MM-DD)'],
      [{ status: 'booked', extra: 1 }, 'Unknown field: extra'],
    ] as const) {
      const res = await patch(record.id, json)
      expect(res.status, JSON.stringify(json)).toBe(400)
      expect(await res.json()).toEqual({ error })
    }
    const note = await ctx.t.call('POST', `/api/admin/inquiries/${record.id}/notes`, { json: { text: '' }, cookie: ctx.cookie })
    expect(await note.json()).toEqual({ error: 'Note is required' })
    expect((await ctx.t.call('GET', '/api/admin/inquiries?status=done', { cookie: ctx.cookie })).status).toBe(400)
    expect(onDisk(record.id)).toEqual(record)
    expect((await patch('2026-01-01T00-00-00-000Z-abcdef', { status: 'new' })).status).toBe(404)
  })

  it('concurrent edits of one inquiry all land: statuses, quotes and twenty notes sent at once', async () => {
    const { id } = await stored()
    const notes = Array.from({ length: 20 }, (_, i) => `note ${i}`)
    const answers = await Promise.all([
      ...notes.map((text) => ctx.t.call('POST', `/api/admin/inquiries/${id}/notes`, { json: { text }, cookie: ctx.cookie })),
      patch(id, { status: 'quoted' }),
      patch(id, { quotedAmount: 900 }),
      patch(id, { deposit: { amount: 100, date: '2026-11-01' } }),
    ])
    expect(answers.map((r) => r.status).every((s) => s === 200 || s === 201)).toBe(true)
    const record = onDisk(id)
    expect(record.notes.map((n) => n.text).sort()).toEqual([...notes].sort())
    expect(record).toMatchObject({ status: 'quoted', quotedAmount: 900, deposit: { amount: 100, date: '2026-11-01' } })
  })

  it('reads an inquiry stored as "handled" as contacted and migrates it on its next change, losing nothing', async () => {
    const id = '2025-06-01T10-00-00-000Z-abc123'
    const legacy = {
      id,
      receivedAt: '2025-06-01T10:00:00.000Z',
      status: 'handled',
      handledAt: '2025-06-02T09:00:00.000Z',
      inquiry: { ...sampleInquiry(), serviceId: 'balloon-garlands' },
      mail: { state: 'sent', attempts: 1, sentAt: '2025-06-01T10:00:05.000Z' },
    }
    mkdirSync(join(ctx.t.dataDir, 'inquiries'), { recursive: true })
    writeFileSync(join(ctx.t.dataDir, 'inquiries', `${id}.json`), JSON.stringify(legacy))
    const list = (await (
      await ctx.t.call('GET', '/api/admin/inquiries?status=contacted', { cookie: ctx.cookie })
    ).json()) as InquiryRecord[]
    expect(list).toMatchObject([{ id, status: 'contacted', handledAt: legacy.handledAt, notes: [], history: [] }])
    await ctx.t.call('POST', `/api/admin/inquiries/${id}/notes`, { json: { text: 'Old client' }, cookie: ctx.cookie })
    const migrated = onDisk(id)
    expect(migrated).toMatchObject({ ...legacy, status: 'contacted', notes: [{ text: 'Old client' }] })
    expect(migrated.inquiry).toEqual(legacy.inquiry)
  })

  it('searches by name, e-mail, phone or service and counts new inquiries', async () => {
    await stored({ firstName: 'Ana', email: 'ana@example.com', phone: '(503) 555-0199' })
    const bob = await stored({ firstName: 'Bob', email: 'bob@example.org', phone: '971-555-0123' })
    await patch(bob.id, { status: 'contacted' })
    const search = async (q: string, status = 'all') =>
      (
        (await (
          await ctx.t.call('GET', `/api/admin/inquiries?status=${status}&q=${encodeURIComponent(q)}`, { cookie: ctx.cookie })
        ).json()) as InquiryRecord[]
      ).map((r) => r.inquiry.firstName)
    expect(await search('ana')).toEqual(['Ana'])
    expect(await search('example.org')).toEqual(['Bob'])
    expect(await search('5035550199')).toEqual(['Ana'])
    expect(await search('garlands')).toEqual(['Bob', 'Ana'])
    expect(await search('garlands', 'new')).toEqual(['Ana'])
    expect(await search('nobody')).toEqual([])
    const summary = await ctx.t.call('GET', '/api/admin/inquiries/summary', { cookie: ctx.cookie })
    expect(await summary.json()).toEqual({
      new: 1,
      mailConfigured: false,
      counts: { all: 2, new: 1, contacted: 1, quoted: 0, booked: 0, completed: 0, lost: 0 },
    })
  })

  it('exports everything by default with notes, quote, deposit and history; a filtered export is named so', async () => {
    const { id } = await stored({ firstName: 'Cleo' })
    await stored({ firstName: 'Dan' })
    await patch(id, { status: 'quoted', quotedAmount: 480 })
    await patch(id, { status: 'booked', deposit: { amount: 120, date: '2026-11-02' } })
    await ctx.t.call('POST', `/api/admin/inquiries/${id}/notes`, { json: { text: '=cmd|calc' }, cookie: ctx.cookie })
    const all = await ctx.t.call('GET', '/api/admin/inquiries.csv', { cookie: ctx.cookie })
    expect(all.headers.get('content-disposition')).toMatch(/filename="inquiries-\d{4}-\d{2}-\d{2}\.csv"/)
    const csv = (await all.text()).replace(/^\uFEFF/, '')
    const [header, ...rows] = csv.trim().split('\r\n')
    expect(header).toContain('Quoted amount,Deposit amount,Deposit date,Notes,Status history')
    expect(csv).toContain('Dan')
    const cleo = rows.find((r) => r.includes('Cleo'))!
    expect(cleo).toContain('480.00,120.00,2026-11-02')
    expect(cleo).toContain('PST: =cmd|calc') // the note follows its time, so the cell cannot start a formula
    expect(csv).toMatch(/New -> Quoted\n.*Quoted -> Booked/)
    const filtered = await ctx.t.call('GET', '/api/admin/inquiries.csv?status=booked', { cookie: ctx.cookie })
    expect(filtered.headers.get('content-disposition')).toMatch(/filename="inquiries-filtered-/)
    const text = await filtered.text()
    expect(text).toContain('Cleo')
    expect(text).not.toContain('Dan')
  })

  it('keeps reply templates under DATA_DIR, starting from a starter set', async () => {
    const starter = (await (await ctx.t.call('GET', '/api/admin/reply-templates', { cookie: ctx.cookie })).json()) as unknown[]
    expect(starter.length).toBeGreaterThan(0)
    const mine = [{ name: 'Hello', subject: 'Hi {firstName}', body: 'About {service} on {eventDate}' }]
    expect((await ctx.t.call('PUT', '/api/admin/reply-templates', { json: mine, cookie: ctx.cookie })).status).toBe(200)
    expect(JSON.parse(readFileSync(join(ctx.t.dataDir, 'reply-templates.json'), 'utf8'))).toEqual(mine)
    const bad = await ctx.t.call('PUT', '/api/admin/reply-templates', { json: [{ name: '', subject: 'x', body: 'y' }], cookie: ctx.cookie })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({ error: 'Template name is required' })
    expect(JSON.parse(readFileSync(join(ctx.t.dataDir, 'reply-templates.json'), 'utf8'))).toEqual(mine)
  })
})

describe('a large inbox', () => {
  const list = (query: string) => ctx.t.call('GET', `/api/admin/inquiries${query}`, { cookie: ctx.cookie })
  const names = async (res: Response) => ((await res.json()) as InquiryRecord[]).map((r) => r.inquiry.firstName)

  it('answers one page at a time, newest first, saying how many match in all', async () => {
    const start = Date.parse('2026-01-01T00:00:00Z')
    for (let i = 0; i < 120; i++)
      await stored({ firstName: `Guest${i}`, email: `g${i}@${i % 3 ? 'example.com' : 'party.org'}` }, new Date(start + i * 60_000))
    const first = await list('')
    expect(first.headers.get('x-total-count')).toBe('120')
    const firstNames = await names(first)
    expect(firstNames).toHaveLength(50)
    expect(firstNames[0]).toBe('Guest119')
    const last = await list('?offset=100&limit=50')
    expect(await names(last)).toEqual(Array.from({ length: 20 }, (_, i) => `Guest${19 - i}`))
    // Searched on the server, paged the same way.
    const searched = await list('?q=party.org&limit=5')
    expect(searched.headers.get('x-total-count')).toBe('40')
    expect(await names(searched)).toEqual(['Guest117', 'Guest114', 'Guest111', 'Guest108', 'Guest105'])
  })

  it('bad paging answers 400 naming the problem', async () => {
    for (const [query, error] of [
      ['?limit=0', 'limit must be 1 or more'],
      ['?limit=201', 'limit must be 200 or less'],
      ['?limit=ten', 'limit must be a whole number'],
      ['?offset=-1', 'offset must be 0 or more'],
      ['?offset=1.5', 'offset must be a whole number'],
    ]) {
      const res = await list(query)
      expect(res.status, query).toBe(400)
      expect(await res.json()).toEqual({ error })
    }
  })

  it('sees an inquiry file written by someone else (a restore) and a change made through the API, without a restart', async () => {
    const a = await stored({ firstName: 'Ava' })
    expect(await names(await list(''))).toEqual(['Ava'])
    const copy = {
      ...onDisk(a.id),
      id: a.id.replace(/-[0-9a-f]{6}$/, '-abcdef'),
      inquiry: { ...onDisk(a.id).inquiry, firstName: 'Restored' },
    }
    writeFileSync(join(ctx.t.dataDir, 'inquiries', `${copy.id}.json`), JSON.stringify(copy))
    expect((await names(await list('?q=restored'))).length).toBe(1)
    await patch(a.id, { status: 'booked' })
    expect(await names(await list('?status=booked'))).toEqual(['Ava'])
    expect(await names(await list('?status=new'))).toEqual(['Restored'])
  })

  it('streams the CSV: no ETag hashing of the whole file, every row there', async () => {
    for (let i = 0; i < 60; i++) await stored({ firstName: `Row${i}` })
    const res = await ctx.t.call('GET', '/api/admin/inquiries.csv', { cookie: ctx.cookie })
    expect(res.headers.get('etag')).toBeNull()
    expect(res.body).toBeInstanceOf(ReadableStream)
    const rows = (await res.text()).trim().split('\r\n')
    expect(rows).toHaveLength(61)
  })

  it('opens one inquiry by id (a link from the calendar to one beyond the first page)', async () => {
    const a = await stored({ firstName: 'Linked' })
    const res = await ctx.t.call('GET', `/api/admin/inquiries/${a.id}`, { cookie: ctx.cookie })
    expect(await res.json()).toMatchObject({ id: a.id, inquiry: { firstName: 'Linked' } })
    expect((await ctx.t.call('GET', '/api/admin/inquiries/2020-01-01T00-00-00-000Z-abcdef', { cookie: ctx.cookie })).status).toBe(404)
    expect((await ctx.t.call('GET', `/api/admin/inquiries/${a.id}`)).status).toBe(401)
  })
})
