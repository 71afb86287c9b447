import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTestApp, fixtureFiles, makeJpeg, type TestApp } from '../testing/test-app'
import { FlodeskClient } from './flodesk.client'
import { startFakeFlodesk, type FakeFlodesk } from './testing-flodesk'

const KEY = 'fd_live_key'
const SEGMENTS = '- id: weddings\n  name: Weddings\n- id: birthdays\n  name: Birthdays\n- id: corporate\n  name: Corporate events\n'

let t: TestApp
let flodesk: FakeFlodesk | undefined
let client = 0

async function app(env: Record<string, string> = {}) {
  t = await createTestApp({
    files: { ...fixtureFiles(await makeJpeg()), 'content/mailing-list-segments.yaml': SEGMENTS },
    env: { TRUST_PROXY: '1', ...env },
  })
  return t
}

const subscribe = (json: unknown, from = `10.2.0.${++client}`) =>
  t.call('POST', '/api/subscribe', { json, headers: { 'X-Forwarded-For': from } })
const ann = (extra: Record<string, unknown> = {}) => ({
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  segment_ids: ['weddings'],
  ...extra,
})
/** The local list as one object keyed by lowercased e-mail, from its one-record files (throws when there are none). */
const subscribersFile = () => ({
  subscribers: Object.fromEntries(
    readdirSync(join(t.dataDir, 'subscribers')).map((name) => {
      const record = JSON.parse(readFileSync(join(t.dataDir, 'subscribers', name), 'utf8'))
      return [record.email.toLowerCase(), record]
    }),
  ),
})

afterEach(async () => {
  await t.cleanup()
  await flodesk?.close()
  flodesk = undefined
})

describe('mailing list without a Flodesk key', () => {
  it('serves the segments from content/mailing-list-segments.yaml', async () => {
    await app()
    const res = await t.call('GET', '/api/flodesk-segments')
    expect(await res.json()).toEqual([
      { id: 'weddings', name: 'Weddings' },
      { id: 'birthdays', name: 'Birthdays' },
      { id: 'corporate', name: 'Corporate events' },
    ])
  })

  it('answers 500 naming the segments file when it is missing; a malformed one keeps its last valid list', async () => {
    await app()
    const before = await (await t.call('GET', '/api/flodesk-segments')).json()
    rmSync(join(t.root, 'content/mailing-list-segments.yaml'))
    let res = await t.call('GET', '/api/flodesk-segments')
    expect(res.status).toBe(500)
    expect(((await res.json()) as { error: string }).error).toContain('content/mailing-list-segments.yaml')
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    writeFileSync(join(t.root, 'content/mailing-list-segments.yaml'), '- id: x\n')
    res = await t.call('GET', '/api/flodesk-segments')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual(before)
    expect(warned).toHaveBeenCalledWith(expect.stringContaining('content/mailing-list-segments.yaml'))
    warned.mockRestore()
  })

  it('stores a subscriber and updates rather than duplicates the same e-mail', async () => {
    await app()
    expect((await subscribe(ann())).status).toBe(200)
    expect((await subscribe(ann({ email: 'ANN@example.com', firstName: 'Annie', segment_ids: ['birthdays'] }))).status).toBe(200)
    const { subscribers } = subscribersFile()
    expect(Object.keys(subscribers)).toEqual(['ann@example.com'])
    expect(subscribers['ann@example.com']).toMatchObject({ firstName: 'Annie', segmentIds: ['weddings', 'birthdays'] })
  })

  it.each([
    [{ email: '' }, 'Email is required.'],
    [{ email: 'nope' }, 'Please enter a valid email address'],
    [{ firstName: ' ' }, 'First name is required.'],
    [{ lastName: '' }, 'Last name is required.'],
    [{ segment_ids: [] }, 'Select at least one interest.'],
    [{ segment_ids: ['made-up'] }, 'Please choose from the listed interests.'],
    [{ segment_ids: ['weddings', 'made-up'] }, 'Please choose from the listed interests.'],
  ])('refuses bad input with 400 and stores nothing: %o', async (change, message) => {
    await app()
    const res = await subscribe(ann(change))
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: message })
    expect(() => subscribersFile()).toThrow()
  })

  it('ignores a filled honeypot, rate-limits an address, caps the body', async () => {
    await app()
    const bot = await subscribe(ann({ website: 'spam' }))
    expect(bot.status).toBe(200)
    expect(await bot.json()).toEqual({ ok: true })
    expect(() => subscribersFile()).toThrow()
    for (let i = 0; i < 10; i++) expect((await subscribe(ann(), '10.3.3.3')).status).toBe(200)
    expect((await subscribe(ann(), '10.3.3.3')).status).toBe(429)
    expect((await subscribe(ann({ lastName: 'x'.repeat(40_000) }))).status).toBe(413)
  })

  it('the export still works when the interests file is gone, naming interests by their ids', async () => {
    await app()
    await subscribe(ann({ segment_ids: ['weddings'] }))
    rmSync(join(t.root, 'content/mailing-list-segments.yaml'))
    const res = await t.call('GET', '/api/admin/subscribers.csv', { cookie: await t.login() })
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('ann@example.com,Ann,Lee,weddings,')
  })

  it('an address over the limit hears 429 with Retry-After for the whole 10 minutes, then may sign up again', async () => {
    // The limiter reads the clock it was made with, so the clock is set before the app is made.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-07-01T18:00:00Z') })
    try {
      await app()
      for (let i = 0; i < 10; i++) expect((await subscribe(ann(), '10.3.3.4')).status).toBe(200)
      vi.setSystemTime(new Date('2026-07-01T18:09:59Z'))
      const refused = await subscribe(ann(), '10.3.3.4')
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toBe('600')
      expect(await refused.json()).toEqual({ error: 'Too many requests. Please try again later.' })
      vi.setSystemTime(new Date('2026-07-01T18:10:00Z'))
      expect((await subscribe(ann(), '10.3.3.4')).status).toBe(200)
    } finally {
      vi.useRealTimers()
    }
  })

  it('exports subscribers as CSV for the admin only', async () => {
    await app()
    await subscribe(ann({ segment_ids: ['weddings', 'corporate'] }))
    expect((await t.call('GET', '/api/admin/subscribers.csv')).status).toBe(401)
    const res = await t.call('GET', '/api/admin/subscribers.csv', { cookie: await t.login() })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="subscribers-/)
    const csv = await res.text()
    expect(csv).toContain('Email,First name,Last name,Interests')
    expect(csv).toContain('ann@example.com,Ann,Lee,Weddings; Corporate events,')
  })
  it('the export lists every subscriber oldest first with interest names (an unknown one by its id) and Pacific times', async () => {
    await app()
    const person = (email: string, segmentIds: string[], subscribedAt: string, updatedAt = subscribedAt) => ({
      email,
      firstName: email[0].toUpperCase(),
      lastName: 'Lee',
      segmentIds,
      subscribedAt,
      updatedAt,
    })
    writeFileSync(
      join(t.dataDir, 'subscribers.json'),
      JSON.stringify({
        subscribers: {
          'b@example.com': person('b@example.com', ['corporate', 'retired-list'], '2026-07-04T18:30:00.000Z'),
          'a@example.com': person('a@example.com', ['weddings'], '2026-01-15T08:05:00.000Z', '2026-07-01T23:00:00.000Z'),
        },
      }),
    )
    const res = await t.call('GET', '/api/admin/subscribers.csv', { cookie: await t.login() })
    expect(res.headers.get('cache-control')).toBe('no-store')
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
    expect(lines).toEqual([
      'Email,First name,Last name,Interests,Subscribed (Pacific),Updated (Pacific)',
      'a@example.com,A,Lee,Weddings,"Thu, Jan 15, 2026, 12:05 AM PST","Wed, Jul 1, 2026, 4:00 PM PDT"',
      'b@example.com,B,Lee,Corporate events; retired-list,"Sat, Jul 4, 2026, 11:30 AM PDT","Sat, Jul 4, 2026, 11:30 AM PDT"',
    ])
  })
})

describe('mailing list on Flodesk', () => {
  const withFlodesk = async () => {
    flodesk = await startFakeFlodesk(KEY)
    return app({ FLODESK_API_KEY: KEY, FLODESK_API_URL: flodesk.url })
  }

  it("lists Flodesk's segments (every page) as {id, name}", async () => {
    await withFlodesk()
    const segments = (await (await t.call('GET', '/api/flodesk-segments')).json()) as unknown[]
    expect(segments).toHaveLength(130)
    expect(segments[0]).toEqual({ id: 'seg000', name: 'Segment 0' })
  })

  it('creates or updates the subscriber and adds the chosen segments, storing nothing locally', async () => {
    await withFlodesk()
    const res = await subscribe(ann({ segment_ids: ['seg001', 'seg002'] }))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true })
    const posts = flodesk!.requests.filter((r) => r.method === 'POST')
    expect(posts.map((r) => [r.path, r.body])).toEqual([
      ['/v1/subscribers', { email: 'ann@example.com', first_name: 'Ann', last_name: 'Lee' }],
      ['/v1/subscribers/ann%40example.com/segments', { segment_ids: ['seg001', 'seg002'] }],
    ])
    expect(posts[0].headers.authorization).toBe(`Basic ${Buffer.from(`${KEY}:`).toString('base64')}`)
    expect(posts[0].headers['user-agent']).toMatch(/^BalloonStudioSite\/1\.0/)
    expect(() => subscribersFile()).toThrow()
  })

  it("maps Flodesk's failures to the visitor's messages", async () => {
    await withFlodesk()
    flodesk!.failNext('/subscribers', 422, { message: 'Validation failed', errors: [{ field: 'email', message: 'Email is invalid' }] })
    let res = await subscribe(ann())
    expect([res.status, await res.json()]).toEqual([400, { error: 'Please enter a valid email address' }])

    res = await subscribe(ann({ segment_ids: ['not-a-segment'] }))
    expect([res.status, await res.json()]).toEqual([400, { error: 'Please choose from the listed interests.' }])

    flodesk!.failNext('/subscribers', 500, { message: 'Internal error' })
    res = await subscribe(ann())
    expect([res.status, await res.json()]).toEqual([502, { error: 'Subscription failed. Please try again.' }])

    flodesk!.failNext('/subscribers', 401, { message: 'Unauthorized' })
    res = await subscribe(ann())
    expect([res.status, await res.json()]).toEqual([502, { error: 'Subscription failed. Please try again.' }])

    flodesk!.failNext('/segments', 503, { message: 'Down' })
    res = await t.call('GET', '/api/flodesk-segments')
    expect([res.status, await res.json()]).toEqual([502, { error: 'Could not load interests.' }])

    await flodesk!.close()
    res = await subscribe(ann())
    expect([res.status, await res.json()]).toEqual([502, { error: 'Subscription failed. Please try again.' }])
    flodesk = undefined
  })

  it("near misses of which failure is the visitor's: the status or the call alone is not enough", async () => {
    await withFlodesk()
    const segmentsOf = '/subscribers/ann%40example.com/segments'
    // A 404 from creating the subscriber is not an unknown interest.
    flodesk!.failNext('/subscribers', 404, { message: 'Not found' })
    let res = await subscribe(ann())
    expect([res.status, await res.json()]).toEqual([502, { error: 'Subscription failed. Please try again.' }])
    // Adding to segments failing with 500 or 422 is not an unknown interest either.
    flodesk!.failNext(segmentsOf, 500, { message: 'Internal error' })
    res = await subscribe(ann())
    expect([res.status, await res.json()]).toEqual([502, { error: 'Subscription failed. Please try again.' }])
    flodesk!.failNext(segmentsOf, 422, { message: 'Segment ids are invalid' })
    res = await subscribe(ann())
    expect([res.status, await res.json()]).toEqual([400, { error: 'Subscription failed. Please try again.' }])
    // A 400 is the visitor's as a 422 is.
    flodesk!.failNext('/subscribers', 400, { message: 'Email is invalid' })
    res = await subscribe(ann())
    expect([res.status, await res.json()]).toEqual([400, { error: 'Please enter a valid email address' }])
  })

  it("a defect of ours while listing the interests is the server's 500, not logged as Flodesk's failure", async () => {
    await withFlodesk()
    const defect = vi
      .spyOn(FlodeskClient.prototype, 'listSegments')
      .mockRejectedValueOnce(new TypeError("Cannot read properties of null (reading 'id')"))
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const res = await t.call('GET', '/api/flodesk-segments')
      expect([res.status, await res.json()]).toEqual([500, { error: 'Something went wrong on the server. Please try again.' }])
      expect(errors.mock.calls.filter(([line]) => typeof line === 'string' && line.startsWith('Flodesk '))).toEqual([])
    } finally {
      errors.mockRestore()
      defect.mockRestore()
    }
  })

  it('logs each Flodesk failure for the owner: the call, the status (or "network") and the message', async () => {
    await withFlodesk()
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      flodesk!.failNext('/subscribers', 422, { message: 'Validation failed', errors: [{ field: 'email', message: 'Email is invalid' }] })
      await subscribe(ann())
      flodesk!.failNext('/segments', 503, { message: 'Down' })
      await t.call('GET', '/api/flodesk-segments')
      await flodesk!.close()
      flodesk = undefined
      await subscribe(ann())
      await t.call('GET', '/api/flodesk-segments')
      const lines = errors.mock.calls.map(([line]) => line).filter((line) => typeof line === 'string' && line.startsWith('Flodesk '))
      expect(lines).toEqual([
        'Flodesk create or update subscriber failed (422): Email is invalid',
        'Flodesk list segments failed (503): Down',
        expect.stringMatching(/^Flodesk create or update subscriber failed \(network\): Flodesk could not be reached \(.+\)$/),
        expect.stringMatching(/^Flodesk list segments failed \(network\): Flodesk could not be reached \(.+\)$/),
      ])
    } finally {
      errors.mockRestore()
    }
  })
})
