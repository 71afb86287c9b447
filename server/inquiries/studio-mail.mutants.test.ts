// The queue as the app builds it from its settings: who the e-mails come from and go to (MAIL_TO, the site's contact
// e-mail, MAIL_FROM, the SMTP account's address), the brand, and each photo's signed link and its label.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Config } from '../lib/config'
import type { ContentStore } from '../lib/content-store'
import { formatStudioTime } from '../lib/studio-time'
import { InquiryStore } from './inquiries.store'
import type { InquiryRecord } from './inquiry-record.schema'
import type { OutgoingMail } from './mail-outbox'
import { PHOTO_LINK_TTL_MS, PhotoLinkSigner } from './photo-links'
import { photoLinksFor, startMailOutbox } from './studio-mail'
import { sampleInquiry, until } from './testing-inquiry'

const sent: OutgoingMail[] = []
const smtpUrls: string[] = []
vi.mock('./mail-outbox', async (importOriginal) => {
  const original = await importOriginal<typeof import('./mail-outbox')>()
  return {
    ...original,
    smtpSender: (url: string) => {
      smtpUrls.push(url)
      return { send: async (mail: OutgoingMail) => void sent.push(mail), close: () => undefined }
    },
  }
})

let dataDir: string
const stops: (() => Promise<void>)[] = []

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'studio-mail-'))
  sent.length = 0
  smtpUrls.length = 0
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
})

afterEach(async () => {
  for (const stop of stops.splice(0)) await stop()
  vi.restoreAllMocks()
  rmSync(dataDir, { recursive: true, force: true })
})

const SITE = { brand: { name: 'Pop Balloons' }, contact: { email: 'hello@pop.test', phone: '503-555-0142' } }

/** The settings file as the content store reads it, or a store that cannot read it. */
const siteStore = (site: unknown) =>
  ({ readYaml: async () => (site instanceof Error ? Promise.reject(site) : site) }) as unknown as ContentStore

async function sendOne(env: Partial<Config>, site: unknown = SITE, confirm = false) {
  const config = {
    smtpUrl: 'smtp://127.0.0.1:2525',
    mailConfirmVisitor: confirm,
    mailRetryDelaysMs: [60_000],
    publicOrigin: 'https://pop.test',
    ...env,
  } as Config
  const inquiries = new InquiryStore(dataDir)
  const outbox = startMailOutbox({ config, store: siteStore(site), inquiries, photoLinks: new PhotoLinkSigner(dataDir) })
  stops.push(() => outbox.stop())
  const record = await inquiries.create(sampleInquiry(), outbox.initialState(), new Date(), outbox.initialConfirmation())
  outbox.enqueue(record.id)
  return {
    record,
    mail: await until(
      () => inquiries.find(record.id).then((r) => r!.mail),
      (m) => m.attempts > 0,
    ),
  }
}

describe('where the e-mails go', () => {
  it("MAIL_TO first; the brand from the site's settings names the sender", async () => {
    const { mail } = await sendOne({ mailTo: 'owner@pop.test', mailFrom: 'site@pop.test' })
    expect(mail.state).toBe('sent')
    expect(smtpUrls).toEqual(['smtp://127.0.0.1:2525'])
    expect(sent[0].to).toBe('owner@pop.test')
    expect(sent[0].from).toEqual({ name: 'Pop Balloons website', address: 'site@pop.test' })
  })

  it("without MAIL_TO, the site's contact e-mail, which is also the sender without MAIL_FROM", async () => {
    await sendOne({})
    expect(sent[0].to).toBe('hello@pop.test')
    expect(sent[0].from).toEqual({ name: 'Pop Balloons website', address: 'hello@pop.test' })
  })

  it("without MAIL_FROM, the SMTP account's address when its user name is one (decoded), else the recipient", async () => {
    await sendOne({ smtpUrl: 'smtp://desk%40pop.test:secret@127.0.0.1:2525', mailTo: 'owner@pop.test' })
    expect(sent[0].from).toEqual({ name: 'Pop Balloons website', address: 'desk@pop.test' })
    sent.length = 0
    await sendOne({ smtpUrl: 'smtp://apikey:secret@127.0.0.1:2525', mailTo: 'owner@pop.test' })
    expect(sent[0].from).toEqual({ name: 'Pop Balloons website', address: 'owner@pop.test' })
  })

  it('unreadable settings: MAIL_TO still works and the brand is "Studio"; with neither, the failure says what to set', async () => {
    await sendOne({ mailTo: 'owner@pop.test' }, new Error('site.yaml is broken'))
    expect(sent[0].from).toEqual({ name: 'Studio website', address: 'owner@pop.test' })
    sent.length = 0
    const { mail } = await sendOne({}, new Error('site.yaml is broken'))
    expect(sent).toEqual([])
    expect(mail).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastError: 'No recipient: set MAIL_TO or the contact e-mail in content/site.yaml',
    })
  })

  it("the visitor's confirmation names the site's contact e-mail and phone, not MAIL_TO", async () => {
    await sendOne({ mailTo: 'owner@pop.test', mailConfirmVisitor: true }, SITE, true)
    await until(
      async () => sent.length,
      (n) => n === 2,
    )
    const confirmation = sent.find((m) => typeof m.to !== 'string')!
    expect(confirmation.replyTo).toEqual({ name: 'Pop Balloons', address: 'hello@pop.test' })
    expect(confirmation.text).toContain('  E-mail: hello@pop.test\n  Phone: 503-555-0142\n')
  })

  it('says so in the log, with the cause, when the queue cannot read the inquiries waiting to start', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const inquiries = new InquiryStore(dataDir)
    const cause = new Error('EACCES: inquiries folder unreadable')
    vi.spyOn(inquiries, 'list').mockRejectedValue(cause)
    const config = { smtpUrl: 'smtp://127.0.0.1:2525', mailRetryDelaysMs: [60_000], publicOrigin: 'https://pop.test' } as Config
    const outbox = startMailOutbox({ config, store: siteStore(SITE), inquiries, photoLinks: new PhotoLinkSigner(dataDir) })
    stops.push(() => outbox.stop())
    await until(
      async () => errors.mock.calls.length,
      (n) => n > 0,
    )
    expect(errors.mock.calls).toEqual([['The inquiry mail queue could not start:', cause]])
  })

  it('without SMTP_URL nothing is sent and inquiries say so', async () => {
    const config = { mailConfirmVisitor: true, mailRetryDelaysMs: [1000], publicOrigin: 'https://pop.test' } as unknown as Config
    const inquiries = new InquiryStore(dataDir)
    const outbox = startMailOutbox({ config, store: siteStore(SITE), inquiries, photoLinks: new PhotoLinkSigner(dataDir) })
    stops.push(() => outbox.stop())
    expect(outbox.configured).toBe(false)
    expect(outbox.initialState()).toEqual({ state: 'not-configured', attempts: 0 })
    expect(outbox.initialConfirmation()).toBeUndefined()
    expect(smtpUrls).toEqual([])
  })
})

describe('the photo links', () => {
  const signer = () => new PhotoLinkSigner(dataDir)
  const withPhotos = (photos: unknown) =>
    ({ id: '2026-03-01T18-00-00-000Z-abc123', inquiry: { ...sampleInquiry(), photos } }) as unknown as InquiryRecord
  const file = (id: string, name: string) => ({ id, name, width: 10, height: 10, bytes: 100 })

  it('one per photo, labelled by question, number of the count and name, signed until three days from now', async () => {
    const now = Date.parse('2026-03-01T18:00:00.400Z')
    const record = withPhotos([
      { fieldId: 'photo_1', header: 'Venue', files: [file('0123456789abcdef', 'wall.jpg'), file('fedcba9876543210', 'door.png')] },
      { fieldId: 'photo_2', header: 'Inspiration', files: [file('00112233445566ff', 'idea.heic')] },
    ])
    const links = await photoLinksFor(signer(), 'https://pop.test', record, now)
    const expires = Math.floor((now + PHOTO_LINK_TTL_MS) / 1000)
    expect(expires).toBe(Date.parse('2026-03-04T18:00:00Z') / 1000)
    expect(links!.until).toBe(formatStudioTime('2026-03-04T18:00:00.000Z'))
    expect(links!.links.map((l) => l.label)).toEqual([
      'Venue 1 of 2 (wall.jpg)',
      'Venue 2 of 2 (door.png)',
      'Inspiration 1 of 1 (idea.heic)',
    ])
    const s = signer()
    expect(links!.links.map((l) => l.url)).toEqual([
      `https://pop.test${await s.signedPath(record.id, '0123456789abcdef', expires)}`,
      `https://pop.test${await s.signedPath(record.id, 'fedcba9876543210', expires)}`,
      `https://pop.test${await s.signedPath(record.id, '00112233445566ff', expires)}`,
    ])
    expect(await s.verify(record.id, 'fedcba9876543210', String(expires), new URL(links!.links[1].url).searchParams.get('sig')!, now)).toBe(
      true,
    )
  })

  it('none when the inquiry has no photos, or only questions left empty', async () => {
    expect(await photoLinksFor(signer(), 'https://pop.test', withPhotos(undefined))).toBeUndefined()
    expect(
      await photoLinksFor(signer(), 'https://pop.test', withPhotos([{ fieldId: 'p', header: 'Venue', files: [], missing: 1 }])),
    ).toBeUndefined()
    const one = await photoLinksFor(
      signer(),
      'https://pop.test',
      withPhotos([
        { fieldId: 'p', header: 'Venue', files: [] },
        { fieldId: 'q', header: 'Wall', files: [file('0123456789abcdef', 'a.jpg')] },
      ]),
    )
    expect(one!.links.map((l) => l.label)).toEqual(['Wall 1 of 1 (a.jpg)'])
  })
})
