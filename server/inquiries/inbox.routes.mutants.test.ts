// The inbox API's edges, in-process on a temporary data directory (no git, no whole app): every call's session check,
// paging and search at their limits, the exact words of each refusal, every CSV column, clearing with null.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AppEnv } from '../auth/auth.middleware'
import { onError } from '../lib/errors'
import { formatStudioTime, studioToday } from '../lib/studio-time'
import { createInboxRoutes } from './inbox.routes'
import { InquiryStore } from './inquiries.store'
import type { InquiryMoney, InquiryRecord, MailState } from './inquiry-record.schema'
import { MailOutbox } from './mail-outbox'
import { ReplyTemplateStore } from './reply-templates.store'
import { DEFAULT_REPLY_TEMPLATES } from './reply-templates.schema'
import { sampleInquiry } from './testing-inquiry'

let dataDir: string
let inquiries: InquiryStore
let app: Hono<AppEnv>
let money: Map<string, InquiryMoney>

function build(configured = false) {
  const outbox = new MailOutbox({
    store: inquiries,
    sender: configured ? { send: async () => undefined, close: () => undefined } : null,
    addresses: async () => ({ from: 'a@b.test', to: 'c@d.test', brand: 'B' }),
    retryScheduleMs: [60_000],
  })
  app = new Hono<AppEnv>()
  app.onError(onError)
  // The session as the app's middleware would set it: any request with the test header is the owner's.
  app.use(async (c, next) => {
    c.set('admin', c.req.header('x-test-admin') ? ({} as never) : null)
    await next()
  })
  app.route(
    '/api',
    createInboxRoutes({
      mailOutbox: outbox,
      inquiries,
      replyTemplates: new ReplyTemplateStore(dataDir),
      quoteMoney: async () => (record: InquiryRecord) => money.get(record.id) ?? null,
    } as never),
  )
}

const call = (method: string, path: string, json?: unknown, admin = true) =>
  app.request(`http://site.test/api${path}`, {
    method,
    headers: { ...(admin ? { 'x-test-admin': '1' } : {}), ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: json === undefined ? undefined : JSON.stringify(json),
  })

const NOT_CONFIGURED: MailState = { state: 'not-configured', attempts: 0 }
const store1 = (extra: Record<string, unknown> = {}, at = new Date('2026-03-01T18:00:00Z')) =>
  inquiries.create(sampleInquiry(extra) as never, NOT_CONFIGURED, at)
const names = async (res: Response) => ((await res.json()) as InquiryRecord[]).map((r) => r.inquiry.firstName)
const onDisk = (id: string) => JSON.parse(readFileSync(join(dataDir, 'inquiries', `${id}.json`), 'utf8')) as InquiryRecord

/** RFC 4180 rows (quoted cells with "" and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  const endCell = () => {
    row.push(cell)
    cell = ''
  }
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"'
      i++
    } else if (ch === '"') {
      quoted = !quoted
    } else if (quoted) {
      cell += ch
    } else if (ch === ',') {
      endCell()
    } else if (ch === '\r' && text[i + 1] === '\n') {
      endCell()
      rows.push(row)
      row = []
      i++
    } else {
      cell += ch
    }
  }
  return rows
}

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'inbox-mutants-'))
  inquiries = new InquiryStore(dataDir)
  money = new Map()
  build()
})

afterEach(() => rmSync(dataDir, { recursive: true, force: true }))

describe('the session', () => {
  it('every inbox call, one inquiry by id included, answers 401 without it, is never cached, and changes nothing', async () => {
    const record = await store1()
    for (const [method, path, json] of [
      ['GET', '/admin/inquiries'],
      ['GET', '/admin/inquiries/summary'],
      ['GET', '/admin/inquiries.csv'],
      ['GET', `/admin/inquiries/${record.id}`],
      ['PATCH', `/admin/inquiries/${record.id}`, { status: 'booked' }],
      ['POST', `/admin/inquiries/${record.id}/notes`, { text: 'x' }],
      ['POST', `/admin/inquiries/${record.id}/retry-mail`],
      ['GET', '/admin/reply-templates'],
      ['PUT', '/admin/reply-templates', []],
    ] as const) {
      const res = await call(method, path, json, false)
      expect(res.status, `${method} ${path}`).toBe(401)
      expect(res.headers.get('cache-control'), `${method} ${path}`).toBe('no-store')
    }
    expect(onDisk(record.id)).toEqual(record)
    expect(() => readFileSync(join(dataDir, 'reply-templates.json'))).toThrow()
  })
})

describe('paging', () => {
  beforeEach(async () => {
    for (let i = 0; i < 7; i++) await store1({ firstName: `G${i}` }, new Date(Date.parse('2026-03-01T00:00:00Z') + i * 60_000))
  })

  it('takes limit 1 and limit 200, offset 0 and an offset past the end; empty values mean the defaults', async () => {
    expect(await names(await call('GET', '/admin/inquiries?limit=1'))).toEqual(['G6'])
    expect(await names(await call('GET', '/admin/inquiries?limit=200'))).toHaveLength(7)
    expect(await names(await call('GET', '/admin/inquiries?limit=2&offset=0'))).toEqual(['G6', 'G5'])
    expect(await names(await call('GET', '/admin/inquiries?limit=2&offset=6'))).toEqual(['G0'])
    const past = await call('GET', '/admin/inquiries?offset=7')
    expect(await names(past)).toEqual([])
    expect(past.headers.get('x-total-count')).toBe('7')
    expect(await names(await call('GET', '/admin/inquiries?limit=&offset='))).toHaveLength(7)
    expect((await call('GET', '/admin/inquiries?offset=10000000')).status).toBe(200)
  })

  it('refuses one past each limit, and numbers that are not whole, with the words', async () => {
    for (const [query, error] of [
      ['?limit=201', 'limit must be 200 or less'],
      ['?limit=0', 'limit must be 1 or more'],
      ['?limit=2.5', 'limit must be a whole number'],
      ['?limit=ten', 'limit must be a whole number'],
      ['?offset=10000001', 'offset is too large'],
      ['?offset=-1', 'offset must be 0 or more'],
      ['?offset=x', 'offset must be a whole number'],
    ]) {
      const res = await call('GET', `/admin/inquiries${query}`)
      expect(res.status, query).toBe(400)
      expect(await res.json(), query).toEqual({ error })
    }
  })
})

describe('filters and search', () => {
  it('a search of 200 characters is taken, one of 201 refused; so is the export; an unknown status is named', async () => {
    await store1({ firstName: 'Ana' })
    const long = 'a'.repeat(200)
    const ok = await call('GET', `/admin/inquiries?q=${long}`)
    expect(ok.status).toBe(200)
    expect(ok.headers.get('x-total-count')).toBe('0')
    for (const path of ['/admin/inquiries', '/admin/inquiries.csv']) {
      const tooLong = await call('GET', `${path}?q=${long}a`)
      expect(tooLong.status, path).toBe(400)
      expect(await tooLong.json(), path).toEqual({ error: 'Search is too long' })
      const status = await call('GET', `${path}?status=booked2`)
      expect(status.status, path).toBe(400)
      expect(await status.json(), path).toEqual({
        error: 'Status must be one of: new, contacted, quoted, booked, completed, lost or all',
      })
    }
  })

  it('reads "handled" as contacted, an empty status as all, and a search with spaces around it as the words', async () => {
    const ana = await store1({ firstName: 'Ana' })
    await store1({ firstName: 'Bob' })
    await call('PATCH', `/admin/inquiries/${ana.id}`, { status: 'contacted' })
    expect(await names(await call('GET', '/admin/inquiries?status=handled'))).toEqual(['Ana'])
    expect(await names(await call('GET', '/admin/inquiries?status='))).toHaveLength(2)
    expect(await names(await call('GET', `/admin/inquiries?q=${encodeURIComponent('  bob ')}`))).toEqual(['Bob'])
  })

  it('counts each status in the summary, and says whether e-mail is set up', async () => {
    const a = await store1({ firstName: 'A' })
    await store1({ firstName: 'B' })
    await call('PATCH', `/admin/inquiries/${a.id}`, { status: 'lost', lostReason: 'Too far' })
    expect(await (await call('GET', '/admin/inquiries/summary')).json()).toEqual({
      new: 1,
      mailConfigured: false,
      counts: { all: 2, new: 1, contacted: 0, quoted: 0, booked: 0, completed: 0, lost: 1 },
    })
    build(true)
    expect(await (await call('GET', '/admin/inquiries/summary')).json()).toMatchObject({ mailConfigured: true })
  })
})

describe('one inquiry', () => {
  it('an unknown or malformed id is 404 "No such inquiry" for reading, changing, a note and a retry', async () => {
    build(true)
    for (const id of ['2026-01-01T00-00-00-000Z-abcdef', 'not-an-id']) {
      for (const [method, path, json] of [
        ['GET', `/admin/inquiries/${id}`],
        ['PATCH', `/admin/inquiries/${id}`, { status: 'new' }],
        ['POST', `/admin/inquiries/${id}/notes`, { text: 'hello' }],
        ['POST', `/admin/inquiries/${id}/retry-mail`],
      ] as const) {
        const res = await call(method, path, json)
        expect(res.status, `${method} ${path}`).toBe(404)
        expect(await res.json()).toEqual({ error: 'No such inquiry' })
      }
    }
  })

  it('opens one inquiry by its id, the record as stored', async () => {
    const record = await store1({ firstName: 'Linked' })
    const res = await call('GET', `/admin/inquiries/${record.id}`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual(onDisk(record.id))
  })

  it('a note is answered 201 with the record holding it; one of 5000 characters is taken, 5001 refused', async () => {
    const { id } = await store1()
    const res = await call('POST', `/admin/inquiries/${id}/notes`, { text: 'n'.repeat(5000) })
    expect(res.status).toBe(201)
    expect(((await res.json()) as InquiryRecord).notes.map((n) => n.text.length)).toEqual([5000])
    const over = await call('POST', `/admin/inquiries/${id}/notes`, { text: 'n'.repeat(5001) })
    expect(over.status).toBe(400)
    expect(await over.json()).toEqual({ error: 'Note is too long' })
    expect(onDisk(id).notes).toHaveLength(1)
  })

  it('null clears the quoted amount and the deposit, each alone; the answer is the record as stored', async () => {
    const { id } = await store1()
    await call('PATCH', `/admin/inquiries/${id}`, { status: 'booked', quotedAmount: 500, deposit: { amount: 100, date: '2026-03-02' } })
    const cleared = await call('PATCH', `/admin/inquiries/${id}`, { quotedAmount: null })
    expect(cleared.status).toBe(200)
    expect(await cleared.json()).toEqual(onDisk(id))
    expect(onDisk(id).quotedAmount).toBeUndefined()
    expect(onDisk(id).deposit).toEqual({ amount: 100, date: '2026-03-02' })
    await call('PATCH', `/admin/inquiries/${id}`, { deposit: null })
    expect(onDisk(id).deposit).toBeUndefined()
    expect(onDisk(id).status).toBe('booked')
  })

  it('retrying an e-mail without SMTP is refused in words and changes nothing', async () => {
    const record = await store1()
    const res = await call('POST', `/admin/inquiries/${record.id}/retry-mail`)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'E-mail is not set up: set SMTP_URL to send inquiries by e-mail.' })
    expect(onDisk(record.id)).toEqual(record)
  })

  it('a retry with SMTP answers the record with its e-mail pending again', async () => {
    build(true)
    const record = await inquiries.create(sampleInquiry() as never, { state: 'failed', attempts: 500, lastError: '550 no' })
    const res = await call('POST', `/admin/inquiries/${record.id}/retry-mail`)
    expect(res.status).toBe(200)
    expect(((await res.json()) as InquiryRecord).mail).toEqual({ state: 'pending', attempts: 0, lastError: '550 no' })
  })
})

describe('the CSV export', () => {
  const HEADER = [
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

  async function exportRows(query = '') {
    const res = await call('GET', `/admin/inquiries.csv${query}`)
    expect(res.status).toBe(200)
    const bytes = new Uint8Array(await res.arrayBuffer())
    // The BOM that makes Excel read UTF-8 (text() would drop it).
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    return { res, rows: parseCsv(new TextDecoder().decode(bytes)) }
  }

  it('has every column, in order, and every cell of a lead with everything filled in', async () => {
    const received = '2026-03-01T18:00:00.000Z'
    const record = await inquiries.create(
      sampleInquiry({
        eventDetails: 'Arch\nfor 40',
        customFields: { custom_100: { header: 'Garland length', value: '12 ft' }, custom_101: { header: 'Theme', value: 'Sea' } },
        fieldOrder: ['dropdown_200', 'custom_100', 'custom_101'],
      }) as never,
      { state: 'failed', attempts: 3, lastError: '550 mailbox full' },
      new Date(received),
      { state: 'sent', attempts: 1, sentAt: received },
    )
    const at1 = '2026-03-02T17:00:00.000Z'
    const at2 = '2026-03-03T17:30:00.000Z'
    await inquiries.update(record.id, (r) => ({
      ...r,
      status: 'lost',
      lostReason: 'Over budget',
      quotedAmount: 1250.5,
      deposit: { amount: 300, date: '2026-03-04' },
      notes: [
        { at: at1, text: 'First call' },
        { at: at2, text: 'Second' },
      ],
      history: [
        { at: at1, from: 'new', to: 'quoted' },
        { at: at2, from: 'quoted', to: 'lost', reason: 'Over budget' },
      ],
    }))
    money.set(record.id, { totalCents: 125050, paidCents: 30005, balanceCents: 95045 })
    const { rows } = await exportRows()
    expect(rows[0]).toEqual(HEADER)
    expect(rows).toHaveLength(2)
    expect(rows[1]).toEqual([
      formatStudioTime(received),
      record.id,
      'lost',
      'Over budget',
      'Balloon Garlands',
      'Jane',
      'Doe',
      'jane@example.com',
      '503-555-0100',
      '1 Main St',
      'Portland',
      '97201',
      '2099-12-05',
      'Arch\nfor 40',
      'Instagram',
      'Blush, Ivory',
      'Setting: Outdoor\nGarland length: 12 ft\nTheme: Sea',
      '1250.50',
      '300.00',
      '2026-03-04',
      `${formatStudioTime(at1)}: First call\n${formatStudioTime(at2)}: Second`,
      `${formatStudioTime(at1)}: New -> Quoted\n${formatStudioTime(at2)}: Quoted -> Lost (Over budget)`,
      'failed',
      '3',
      '550 mailbox full',
      'sent',
      '1250.50',
      '300.05',
      '950.45',
    ])
  })

  it('leaves the empty ones empty: no lost reason, referral, colours, answers, money, notes, history, error, confirmation', async () => {
    const record = await store1({ referralSource: undefined, balloonColors: undefined, customFields: {}, customDropdownFields: {} })
    const { rows } = await exportRows()
    const cells = Object.fromEntries(HEADER.map((h, i) => [h, rows[1][i]]))
    for (const column of [
      'Lost reason',
      'Referral source',
      'Balloon colors',
      'Other answers',
      'Quoted amount',
      'Deposit amount',
      'Deposit date',
      'Notes',
      'Status history',
      'Mail error',
      'Confirmation state',
      'Quote total',
      'Paid',
      'Balance',
    ])
      expect(cells[column], column).toBe('')
    expect(cells).toMatchObject({ Id: record.id, Status: 'new', 'Mail state': 'not-configured', 'Mail attempts': '0' })
    expect(rows[1]).toHaveLength(HEADER.length)
  })

  it('an inquiry marked handled before the pipeline existed says so in its history, and only until it has one', async () => {
    const handledAt = '2025-06-02T09:00:00.000Z'
    const old = await store1({ firstName: 'Old' })
    await inquiries.update(old.id, (r) => ({ ...r, status: 'contacted', handledAt }))
    const moved = await store1({ firstName: 'Moved' })
    const at = '2025-06-03T09:00:00.000Z'
    await inquiries.update(moved.id, (r) => ({ ...r, status: 'quoted', handledAt, history: [{ at, from: 'contacted', to: 'quoted' }] }))
    const { rows } = await exportRows()
    const history = (id: string) => rows.find((r) => r[1] === id)![HEADER.indexOf('Status history')]
    expect(history(old.id)).toBe(`${formatStudioTime(handledAt)}: marked handled (now Contacted)`)
    expect(history(moved.id)).toBe(`${formatStudioTime(at)}: Contacted -> Quoted`)
  })

  it('an export filtered by status or by search alone is named filtered, everything (status=all) is not', async () => {
    await store1({ firstName: 'Ana' })
    await store1({ firstName: 'Bob' })
    const today = studioToday()
    for (const [query, name, count] of [
      ['', `inquiries-${today}.csv`, 2],
      ['?status=all', `inquiries-${today}.csv`, 2],
      ['?q=ana', `inquiries-filtered-${today}.csv`, 1],
      ['?status=new', `inquiries-filtered-${today}.csv`, 2],
      ['?status=lost', `inquiries-filtered-${today}.csv`, 0],
    ] as const) {
      const { res, rows } = await exportRows(query)
      expect(res.headers.get('content-disposition'), query).toContain(`filename="${name}"`)
      expect(rows.length - 1, query).toBe(count)
    }
  })
})

describe('reply templates', () => {
  it('the starter set until saved; a save answers what was saved and keeps it; a bad list keeps the old file', async () => {
    expect(await (await call('GET', '/admin/reply-templates')).json()).toEqual(DEFAULT_REPLY_TEMPLATES)
    const mine = [{ name: 'Hi', subject: 'Hi {firstName}', body: 'Thanks' }]
    const put = await call('PUT', '/admin/reply-templates', mine)
    expect(put.status).toBe(200)
    expect(await put.json()).toEqual(mine)
    expect(await (await call('GET', '/admin/reply-templates')).json()).toEqual(mine)
    const bad = await call('PUT', '/admin/reply-templates', [{ name: 'x', subject: '', body: 'y' }])
    expect(bad.status).toBe(400)
    expect(JSON.parse(readFileSync(join(dataDir, 'reply-templates.json'), 'utf8'))).toEqual(mine)
    // An empty list is the owner's choice, not the starter set.
    await call('PUT', '/admin/reply-templates', [])
    expect(await (await call('GET', '/admin/reply-templates')).json()).toEqual([])
  })

  it('a damaged templates file is an error, not the starter set (a save over it would lose her words)', async () => {
    writeFileSync(join(dataDir, 'reply-templates.json'), '{ not json')
    const res = await call('GET', '/admin/reply-templates')
    expect(res.status).toBe(500)
    writeFileSync(join(dataDir, 'reply-templates.json'), JSON.stringify([{ name: '', subject: 's', body: 'b' }]))
    const invalid = await call('GET', '/admin/reply-templates')
    expect(invalid.status).toBe(400)
    expect(await invalid.json()).toEqual({ error: 'Template name is required' })
  })
})
