// What app-deps.ts wires that shows only when something fails or stops: the owner's log line when the data folders
// cannot be kept out of git, a settle or a stop that throws (the rest still stops); what stopAppDeps ends (the insights
// writer, the mail queue); how soon a failing push is tried again; the booking e-mails judged by the app's clock.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { createApp } from './app'
import { createAppDeps, stopAppDeps, type AppDeps } from './app-deps'
import { GARLANDS_SERVICE, sampleInquiry, until } from './inquiries/testing-inquiry'
import { parseMail, startTestSmtp, type TestSmtp } from './inquiries/testing-smtp'
import { AGENTS } from './insights/testing-agents'
import { moveClockTo, resetClock } from './lib/clock'
import { loadConfig } from './lib/config'
import { studioToday } from './lib/studio-time'
import { addDays } from './quotes/quote-view'
import { createTestApp, fixtureFiles, makeJpeg, TEST_ADMIN, TEST_ORIGIN, type TestApp } from './testing/test-app'
import { makeTempContentRoot, type TempContentRoot } from './testing/temp-content'

let smtp: TestSmtp
beforeAll(async () => {
  smtp = await startTestSmtp()
})
afterAll(() => smtp.stop())

let t: TestApp | undefined
let errors: MockInstance<typeof console.error>
beforeEach(() => {
  smtp.received.length = 0
  errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(async () => {
  vi.restoreAllMocks()
  resetClock()
  await t?.cleanup()
  t = undefined
})

/** The lines written with console.error, each call's arguments as the log shows them. */
const errorLines = () =>
  errors.mock.calls.map((args) => args.map((a) => (a instanceof Error ? `Error: ${a.message}` : String(a))).join(' '))

describe('the data folders that cannot be kept out of the content repository', () => {
  let content: TempContentRoot | undefined
  let deps: AppDeps | undefined
  afterEach(async () => {
    if (deps) await stopAppDeps(deps)
    content?.cleanup()
    deps = content = undefined
  })

  it("are named in the log, and the app is made all the same (git's own folder for the list is a file here)", async () => {
    content = makeTempContentRoot({ seed: false, files: fixtureFiles(await makeJpeg()) })
    const info = join(content.root, '.git/info')
    rmSync(info, { recursive: true, force: true })
    writeFileSync(info, '')
    const config = loadConfig({
      CONTENT_ROOT: content.root,
      DATA_DIR: join(content.root, 'private/data'),
      ADMIN_USERNAME: TEST_ADMIN.username,
      PUBLIC_ORIGIN: TEST_ORIGIN,
      CLIENT_DIR: join(content.root, 'no-client-build'),
    })
    deps = await createAppDeps(config, { passwordHash: 'scrypt$1024$8$1$AAAA$AAAA' })
    expect(errorLines()).toEqual([
      `Could not keep the data folders out of the content repository: EEXIST: file already exists, mkdir '${info}'`,
    ])
    expect((await createApp(deps).request(`${TEST_ORIGIN}/api/site-settings`)).status).toBe(200)
  })
})

describe('a save whose pending uploads cannot be settled', () => {
  it('is kept (200, committed) and the failure is logged', async () => {
    t = await createTestApp()
    const cookie = await t.login()
    vi.spyOn(t.deps.pendingUploads, 'settle').mockRejectedValue(new Error('EIO: i/o error, unlink'))
    const res = await t.call('PUT', '/api/service-order', { json: ['bouquets', 'mosaics'], cookie })
    expect(res.status).toBe(200)
    expect(t.subjects()[0]).toMatch(/^Reorder services/)
    await vi.waitFor(() => expect(errorLines()).toEqual(['Could not settle pending uploads: Error: EIO: i/o error, unlink']))
  })
})

describe('stopAppDeps', () => {
  const day = () => studioToday()
  const written = () => {
    const file = join(t!.dataDir, 'insights', day().slice(0, 4), `${day()}.json`)
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { pageviews: number }).pageviews : 0
  }
  const beacon = () =>
    t!.call('POST', '/api/collect', {
      body: JSON.stringify({ path: '/faq', referrer: '' }),
      headers: { 'Content-Type': 'text/plain', 'User-Agent': AGENTS.iphone },
    })

  it('writes the insights counts at once, and the half-second writer no longer runs after it', async () => {
    t = await createTestApp()
    expect((await beacon()).status).toBe(204)
    await stopAppDeps(t.deps)
    expect(written()).toBe(1)
    expect((await beacon()).status).toBe(204)
    await new Promise((r) => setTimeout(r, 1_200))
    expect(written()).toBe(1)
  })

  it('the mail queue sends nothing after it: an inquiry then stays waiting for the next start', async () => {
    const files = { ...fixtureFiles(await makeJpeg()), 'content/services/balloon-garlands.yaml': GARLANDS_SERVICE }
    t = await createTestApp({ files, env: { SMTP_URL: smtp.url, MAIL_TO: 'studio@example.test', MAIL_CONFIRM_VISITOR: 'off' } })
    const contact = async () => {
      const res = await t!.call('POST', '/api/contact', { json: sampleInquiry() })
      expect(res.status).toBe(200)
      return ((await res.json()) as { id: string }).id
    }
    await contact()
    await smtp.waitFor(1)
    await stopAppDeps(t.deps)
    const id = await contact()
    await new Promise((r) => setTimeout(r, 500))
    expect(smtp.received).toHaveLength(1)
    expect((await t.deps.inquiries.find(id))!.mail?.state).toBe('pending')
  })

  it('logs a booking-mail, mail-queue or insights stop that fails, and still stops the rest', async () => {
    t = await createTestApp()
    const booking = vi.spyOn(t.deps.bookingMail, 'stop').mockRejectedValue(new Error('journal unreadable'))
    const outbox = vi.spyOn(t.deps.mailOutbox, 'stop').mockRejectedValue(new Error('queue stuck'))
    const insights = vi.spyOn(t.deps.insights, 'stop').mockRejectedValue(new Error('ENOSPC: no space left on device'))
    const backups = vi.spyOn(t.deps.backups, 'stop')
    await stopAppDeps(t.deps)
    expect(errorLines()).toEqual([
      'Could not stop the booking e-mails: Error: journal unreadable',
      'Could not stop the mail outbox: Error: queue stuck',
      'Could not write the last insights counts: Error: ENOSPC: no space left on device',
    ])
    expect([booking, outbox, insights, backups].map((s) => s.mock.calls.length)).toEqual([1, 1, 1, 1])
  })
})

describe('a push that keeps failing', () => {
  /** The owner's sync status once the second try has failed: how far ahead the next try is, in ms. */
  async function nextTryAfterSecondFailure(gitSync: string): Promise<number> {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    t = await createTestApp({ env: { GIT_REMOTE: 'origin', GIT_SYNC_SECONDS: gitSync } })
    t.git('remote', 'add', 'origin', join(t.dataDir, 'no-such-remote.git'))
    const cookie = await t.login()
    void t.deps.history.sync.syncNow()
    const failures = () => warned.mock.calls.filter(([line]) => String(line).startsWith('Sync with origin failed (will retry)')).length
    await until(
      async () => failures(),
      (n) => n >= 2,
    )
    const status = (await (await t.call('GET', '/api/admin/history/sync', { cookie })).json()) as { state: string; nextRetryAt: string }
    expect(status.state).toBe('error')
    return Date.parse(status.nextRetryAt) - Date.now()
  }

  it('is tried again at least every GIT_SYNC_SECONDS (here 1 s), after the first 2 s wait', async () => {
    expect(await nextTryAfterSecondFailure('1')).toBeLessThanOrEqual(1_000)
  })

  it('with the periodic sync off, the wait keeps doubling (4 s after the second failure), never down to no wait', async () => {
    const ms = await nextTryAfterSecondFailure('off')
    expect(ms).toBeGreaterThan(2_500)
    expect(ms).toBeLessThanOrEqual(4_000)
  })
})

describe('the booking e-mails', () => {
  const EVENT = addDays(studioToday(), 60)
  const DUE = addDays(EVENT, -7)

  it("are judged by the app's clock (FAKE_NOW, the preview clock): a reminder due on its day is shown due and sent", async () => {
    t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_CONFIRM_VISITOR: 'off' } })
    const cookie = await t.login()
    const record = await t.deps.inquiries.create(sampleInquiry({ eventDate: EVENT }) as never, { state: 'sent', attempts: 1 })
    const quote = await t.call('POST', `/api/admin/inquiries/${record.id}/quotes`, {
      json: { items: [{ description: 'Organic arch', quantity: 1, unitPrice: 1000 }], depositPercent: 30 },
      cookie,
    })
    const { token } = (await quote.json()) as { token: string }
    expect((await t.call('POST', `/api/quotes/${token}/accept`, { json: { name: 'Jane Doe', agree: true } })).status).toBe(200)
    const booked = await t.call('PATCH', `/api/admin/inquiries/${record.id}`, {
      json: { status: 'booked', deposit: { amount: 300, date: studioToday() } },
      cookie,
    })
    expect(booked.status).toBe(200)
    await t.deps.mailOutbox.settled()
    smtp.received.length = 0

    moveClockTo(Date.parse(`${addDays(DUE, -7)}T20:00:00Z`))
    const upcoming = await t.call('GET', '/api/admin/booking-mail/upcoming', { cookie })
    const { items } = (await upcoming.json()) as { items: { kind: string; state: string }[] }
    expect(items[0]).toMatchObject({ kind: 'balanceReminder', state: 'due' })
    expect(await t.deps.bookingMail.runOnce()).toMatchObject({ decided: 1, sent: 1 })
    const [mail] = smtp.received.map((m) => ({ to: m.to, ...parseMail(m.raw) }))
    expect(mail!.to).toEqual(['jane@example.com'])
    expect(mail!.text).toContain('balance of $700.00 ')
  })
})
