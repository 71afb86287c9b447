// The real server process and a real SMTP server: booking e-mails decided while the mail server was down survive a
// kill -9 and go once after the restart; later restarts (another kill -9 included) send nothing again.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { stringify } from 'yaml'
import { InquiryStore } from '../inquiries/inquiries.store'
import { sampleInquiry, until } from '../inquiries/testing-inquiry'
import { parseMail, startTestSmtp, type TestSmtp } from '../inquiries/testing-smtp'
import { studioToday } from '../lib/studio-time'
import { addDays } from '../quotes/quote-view'
import { startServerProcess, type ServerProcess } from '../testing/server-process'
import { makeTempContentRoot, type TempContentRoot } from '../testing/temp-content'
import { fixtureFiles, makeJpeg } from '../testing/test-app'
import { DEFAULT_BOOKING_MAIL } from './booking-mail.defaults'

const PASSWORD = 'booking-mail-password'

describe('booking e-mails across kill -9', () => {
  let content: TempContentRoot | undefined
  let smtp: TestSmtp | undefined
  let server: ServerProcess | undefined
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) await server.stop()
    await smtp?.stop()
    content?.cleanup()
  })

  const start = () =>
    startServerProcess(content!, {
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: PASSWORD,
      PUBLIC_ORIGIN: 'http://localhost:1',
      SMTP_URL: smtp!.url,
      MAIL_RETRY_DELAYS: '2',
      MAIL_CONFIRM_VISITOR: 'off',
    })
  const kill = async (s: ServerProcess) => {
    s.child.kill('SIGKILL')
    await s.exited
  }
  const runNow = async (url: string) => {
    const login = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: url },
      body: JSON.stringify({ username: 'owner', password: PASSWORD }),
    })
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!
    const res = await fetch(`${url}/api/admin/booking-mail/run`, { method: 'POST', headers: { Origin: url, Cookie: cookie } })
    expect(res.status).toBe(200)
  }
  const journal = () => {
    const dir = join(content!.dataDir, 'booking-mail')
    let names: string[] = []
    try {
      names = readdirSync(dir)
    } catch {
      return []
    }
    // Read while the server writes: its temp files are skipped, and a file caught mid-creation reads as "writing".
    return names
      .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
      .map((f) => {
        try {
          return JSON.parse(readFileSync(join(dir, f), 'utf8')) as { kind: string; state: string }
        } catch {
          return { kind: '', state: 'writing' }
        }
      })
  }

  it('decided while SMTP was down, killed, restarted: each goes once', async () => {
    const files = fixtureFiles(await makeJpeg())
    files['content/booking-mail.yaml'] = stringify({ ...DEFAULT_BOOKING_MAIL, reviewUrl: 'https://g.page/r/process/review' })
    content = makeTempContentRoot({ seed: false, files })
    smtp = await startTestSmtp()
    const today = studioToday()
    const store = new InquiryStore(content.dataDir)
    // Booked, the event tomorrow: the confirmation is due. Completed yesterday: the thank-you is due.
    const booked = await store.create(sampleInquiry({ email: 'booked@example.com', eventDate: addDays(today, 1) }) as never, {
      state: 'sent',
      attempts: 1,
    })
    await store.update(booked.id, (r) => ({ ...r, status: 'booked' }))
    const done = await store.create(sampleInquiry({ email: 'done@example.com', eventDate: addDays(today, -2) }) as never, {
      state: 'sent',
      attempts: 1,
    })
    const yesterday = new Date(Date.now() - 24 * 3600_000).toISOString()
    await store.update(done.id, (r) => ({ ...r, status: 'completed', history: [{ at: yesterday, from: 'booked', to: 'completed' }] }))

    await smtp.stop()
    server = await start()
    // The start-up run decides both and fails to send them.
    await until(
      async () =>
        journal()
          .map((e) => e.state)
          .sort()
          .join(),
      (s) => s === 'failed,failed',
      20_000,
    ).catch(() => {
      throw new Error(`not decided: ${JSON.stringify(journal())}\n${server!.output()}`)
    })
    await kill(server)
    await smtp.start()

    server = await start()
    await smtp.waitFor(2, 20_000)
    await runNow(server.url)
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(['booked@example.com', 'done@example.com'])
    expect(parseMail(smtp.received.find((m) => m.to[0] === 'done@example.com')!.raw).text).toContain('https://g.page/r/process/review')
    await kill(server)

    server = await start()
    await runNow(server.url)
    await server.stop()
    expect(smtp.received).toHaveLength(2)
    expect(journal().map((e) => e.state)).toEqual(['sent', 'sent'])
    const sent = (await new InquiryStore(content.dataDir).find(booked.id))!.bookingMail!.sent
    expect(sent.map((s) => s.kind)).toEqual(['eventConfirmation'])
  }, 90_000)
})
