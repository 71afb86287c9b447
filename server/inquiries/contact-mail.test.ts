// Inquiries through a real listening server, e-mailed to a real SMTP server that goes down and comes back.
import { serve, type ServerType } from '@hono/node-server'
import { afterEach, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { createTestApp, fixtureFiles, makeJpeg, TEST_ORIGIN, type TestApp } from '../testing/test-app'
import type { InquiryRecord } from './inquiry-record.schema'
import { until } from './testing-inquiry'
import { parseMail, startTestSmtp, type TestSmtp } from './testing-smtp'

let t: TestApp | undefined
let smtp: TestSmtp | undefined
const servers: ServerType[] = []

async function listen(fetch: (req: Request) => Response | Promise<Response>): Promise<string> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(`http://127.0.0.1:${info.port}`))
    servers.push(server)
  })
}

async function submit(base: string, firstName: string): Promise<string> {
  const res = await fetch(`${base}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: TEST_ORIGIN },
    body: JSON.stringify({
      firstName,
      lastName: 'Doe',
      email: `${firstName.toLowerCase()}@example.com`,
      phone: '503-555-0100',
      address: '1 Main St',
      city: 'Portland',
      zipcode: '97201',
      eventDate: '2099-12-05',
      eventDetails: 'Baby shower',
      referralSource: 'referral',
      serviceId: 'bouquets',
    }),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { id: string }).id
}

afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r))
  if (t) {
    await t.cleanup()
  }
  await smtp?.stop()
  t = smtp = undefined
})

describe('inquiry e-mail over SMTP', () => {
  it('mails the studio (MAIL_TO, else the site contact e-mail) with Reply-To the visitor', async () => {
    smtp = await startTestSmtp()
    t = await createTestApp({ files: fixtureFiles(await makeJpeg()), env: { SMTP_URL: smtp.url, MAIL_FROM: 'site@studio.test' } })
    const base = await listen(t.app.fetch)
    const id = await submit(base, 'Jane')
    const [mail] = await smtp.waitFor(1)
    expect(mail.to).toEqual(['hello@example.test'])
    const parsed = parseMail(mail.raw)
    expect(parsed.subject).toBe('New inquiry: Bouquets — Jane Doe, 2099-12-05')
    expect(parsed.headers['reply-to']).toBe('Jane Doe <jane@example.com>')
    expect(parsed.headers.from).toBe('Test Balloon Studio website <site@studio.test>')
    expect(parsed.text).toContain('How they found us: Friend/Family Referral')
    expect(parsed.text).toContain('Event details: Baby shower')
    const store = t.deps.inquiries
    const sent = await until(
      () => store.find(id),
      (r) => r?.mail.state === 'sent',
    )
    expect(sent?.mail).toMatchObject({ state: 'sent', attempts: 1 })
  })

  it('keeps every inquiry while SMTP is down, survives an app restart, then delivers each exactly once', async () => {
    smtp = await startTestSmtp()
    await smtp.stop()
    t = await createTestApp({
      files: fixtureFiles(await makeJpeg()),
      env: { SMTP_URL: smtp.url, MAIL_TO: 'owner@studio.test', MAIL_RETRY_DELAYS: '0.1,0.3' },
    })
    const base = await listen(t.app.fetch)
    const ids = [await submit(base, 'Ann'), await submit(base, 'Bea'), await submit(base, 'Cal')]
    const store = t.deps.inquiries
    const failing = await until(
      () => Promise.all(ids.map((id) => store.find(id))),
      (rs) => rs.every((r) => r?.mail.state === 'failed' && r.mail.attempts >= 2),
    )
    for (const r of failing as InquiryRecord[]) {
      expect(r.mail.lastError).toMatch(/ECONNREFUSED/)
      expect(r.mail.nextAttemptAt).toBeTruthy()
    }
    // The inbox shows the failing state.
    const cookie = await t.login()
    const listed = (await (await t.call('GET', '/api/admin/inquiries', { cookie })).json()) as InquiryRecord[]
    expect(listed.map((r) => r.mail.state)).toEqual(['failed', 'failed', 'failed'])

    // Restart: a new app instance on the same data directory takes over the queue.
    for (const s of servers.splice(0)) await new Promise((r) => s.close(r))
    const restarted = createApp({ ...t.deps })
    const base2 = await listen(restarted.fetch)
    const late = await submit(base2, 'Dee')

    await smtp.start()
    // Each inquiry also has its visitor confirmation (MAIL_CONFIRM_VISITOR is on by default), retried the same way.
    await smtp.waitFor(8)
    await until(
      () => Promise.all([...ids, late].map((id) => store.find(id))),
      (rs) => rs.every((r) => r?.mail.state === 'sent' && r.confirmation?.state === 'sent'),
    )
    await new Promise((r) => setTimeout(r, 800))
    expect(smtp.received).toHaveLength(8)
    const confirmations = smtp.received.filter((m) => !m.to.includes('owner@studio.test'))
    expect(confirmations.flatMap((m) => m.to).sort()).toEqual(['ann@example.com', 'bea@example.com', 'cal@example.com', 'dee@example.com'])
    const subjects = smtp.received
      .filter((m) => m.to.includes('owner@studio.test'))
      .map((m) => parseMail(m.raw).subject)
      .sort()
    expect(subjects).toEqual([
      'New inquiry: Bouquets — Ann Doe, 2099-12-05',
      'New inquiry: Bouquets — Bea Doe, 2099-12-05',
      'New inquiry: Bouquets — Cal Doe, 2099-12-05',
      'New inquiry: Bouquets — Dee Doe, 2099-12-05',
    ])
  })

  it('confirms to the visitor, Reply-To the site contact e-mail; a refused visitor address never holds up the studio e-mail', async () => {
    let refuse = true
    smtp = await startTestSmtp({ rejectRecipient: (address) => refuse && address.endsWith('@example.com') })
    t = await createTestApp({
      files: fixtureFiles(await makeJpeg()),
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'site@studio.test', MAIL_RETRY_DELAYS: '60' },
    })
    const base = await listen(t.app.fetch)
    const id = await submit(base, 'Fay')
    const store = t.deps.inquiries
    await until(
      () => store.find(id),
      (r) => r?.mail.state === 'sent' && r.confirmation?.state === 'failed',
    )
    expect(smtp.received.map((m) => m.to)).toEqual([['hello@example.test']])

    // The inbox shows both states; "Retry e-mail now" retries the confirmation and leaves the sent studio e-mail alone.
    const cookie = await t.login()
    const [listed] = (await (await t.call('GET', '/api/admin/inquiries', { cookie })).json()) as InquiryRecord[]
    expect(listed.mail).toMatchObject({ state: 'sent', attempts: 1 })
    expect(listed.confirmation).toMatchObject({ state: 'failed', attempts: 1 })
    expect(listed.confirmation!.lastError).toMatch(/550/)
    expect(listed.confirmation!.nextAttemptAt).toBeTruthy()
    refuse = false
    const res = await t.call('POST', `/api/admin/inquiries/${id}/retry-mail`, { cookie })
    expect(res.status).toBe(200)
    const sent = await until(
      () => store.find(id),
      (r) => r?.confirmation?.state === 'sent',
    )
    expect(sent!.mail).toEqual(listed.mail)
    await new Promise((r) => setTimeout(r, 300))
    expect(smtp.received.map((m) => m.to)).toEqual([['hello@example.test'], ['fay@example.com']])
    const mail = parseMail(smtp.received[1].raw)
    expect(mail.subject).toBe('We received your inquiry — Test Balloon Studio')
    expect(mail.headers['reply-to']).toBe('Test Balloon Studio <hello@example.test>')
    expect(mail.text).toContain('Hello,')
    expect(mail.text).not.toContain('Fay')
    expect(mail.text).toContain('Bouquets')
  })

  it('sends only the studio e-mail when MAIL_CONFIRM_VISITOR is off', async () => {
    smtp = await startTestSmtp()
    t = await createTestApp({ files: fixtureFiles(await makeJpeg()), env: { SMTP_URL: smtp.url, MAIL_CONFIRM_VISITOR: 'off' } })
    const base = await listen(t.app.fetch)
    const id = await submit(base, 'Gus')
    const store = t.deps.inquiries
    const sent = await until(
      () => store.find(id),
      (r) => r?.mail.state === 'sent',
    )
    expect(sent!.confirmation).toBeUndefined()
    await new Promise((r) => setTimeout(r, 300))
    expect(smtp.received.map((m) => m.to)).toEqual([['hello@example.test']])
  })

  it('retries by hand from the inbox without waiting for the next automatic attempt', async () => {
    smtp = await startTestSmtp()
    await smtp.stop()
    t = await createTestApp({ files: fixtureFiles(await makeJpeg()), env: { SMTP_URL: smtp.url, MAIL_RETRY_DELAYS: '60' } })
    const base = await listen(t.app.fetch)
    const id = await submit(base, 'Eve')
    const store = t.deps.inquiries
    await until(
      () => store.find(id),
      (r) => r?.mail.state === 'failed',
    )
    await smtp.start()
    const cookie = await t.login()
    const res = await t.call('POST', `/api/admin/inquiries/${id}/retry-mail`, { cookie })
    expect(res.status).toBe(200)
    await smtp.waitFor(1)
    await until(
      () => store.find(id),
      (r) => r?.mail.state === 'sent',
    )
  })
})
