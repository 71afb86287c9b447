// The mail queue: e-mails each stored inquiry to the studio, retrying with backoff (also after a restart) until SMTP accepts it.
import nodemailer from 'nodemailer'
import { composeInquiryMessage } from './inquiry-mail'
import type { InquiryRecord, MailState } from './inquiry-record.schema'
import type { InquiryStore } from './inquiries.store'

export interface OutgoingMail {
  from: string
  to: string
  subject: string
  text: string
  html: string
  replyTo: { name: string; address: string }
}

export interface MailSender {
  /** Resolves once the SMTP server has accepted the message. */
  send(mail: OutgoingMail): Promise<void>
  close(): void
}

export function smtpSender(smtpUrl: string): MailSender {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  })
  return {
    async send(mail) {
      await transport.sendMail(mail)
    },
    close: () => transport.close(),
  }
}

/** 5 s, 30 s, 2 min, 10 min, then every 30 min: quick recovery from a blip, patient with a long outage. */
export const DEFAULT_RETRY_SCHEDULE_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000]
/** About ten days of half-hourly retries; after that the inbox shows the failure and offers a manual retry. */
export const DEFAULT_MAX_ATTEMPTS = 500

export interface MailOutboxOptions {
  store: InquiryStore
  /** null when SMTP is not configured: inquiries are stored with mail state 'not-configured'. */
  sender: MailSender | null
  from: string
  /** Where the studio's copy goes and the brand named in it; read per message so a site-settings edit applies. */
  recipient: () => Promise<{ to: string; brand: string }>
  retryScheduleMs?: number[]
  maxAttempts?: number
  now?: () => Date
}

export class MailOutbox {
  private readonly due = new Map<string, number>()
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private stopped = true
  /** Accepted by SMTP in this process; guards against a second send if recording "sent" failed. */
  private readonly delivered = new Set<string>()
  private readonly schedule: number[]
  private readonly maxAttempts: number
  private readonly now: () => Date

  constructor(private readonly options: MailOutboxOptions) {
    this.schedule = options.retryScheduleMs?.length ? options.retryScheduleMs : DEFAULT_RETRY_SCHEDULE_MS
    this.maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS
    this.now = options.now ?? (() => new Date())
  }

  get configured(): boolean {
    return this.options.sender !== null
  }

  /** The mail state a new inquiry is stored with. */
  initialState(): MailState {
    return this.configured ? { state: 'pending', attempts: 0 } : { state: 'not-configured', attempts: 0 }
  }

  /** Picks up every inquiry still waiting for its e-mail, so a restart resumes where the last process stopped. */
  async start(): Promise<void> {
    this.stopped = false
    if (!this.configured) return
    for (const record of await this.options.store.list('all')) {
      if (record.mail.state === 'pending') this.enqueue(record.id)
      else if (record.mail.state === 'failed' && record.mail.nextAttemptAt) {
        this.enqueue(record.id, Date.parse(record.mail.nextAttemptAt))
      }
    }
  }

  /** Stops the timer and waits for a send in progress, so another instance can take over the same data directory. */
  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.timer)
    this.timer = undefined
    await this.running
    this.options.sender?.close()
  }

  enqueue(id: string, at: number = this.now().getTime()): void {
    if (!this.configured || this.stopped) return
    this.due.set(id, at)
    this.arm()
  }

  /** A manual retry from the inbox: attempts start counting again and the send happens now. */
  async retryNow(id: string): Promise<InquiryRecord | null> {
    if (!this.configured) return this.options.store.find(id)
    const record = await this.options.store.update(id, (r) =>
      r.mail.state === 'sent' ? r : { ...r, mail: { state: 'pending', attempts: 0, lastError: r.mail.lastError } },
    )
    if (record && record.mail.state === 'pending') this.enqueue(id)
    return record
  }

  /** Resolves when nothing is due right now and no send is running (tests use it to wait for the queue). */
  async settled(): Promise<void> {
    for (;;) {
      await this.running
      const nowMs = this.now().getTime()
      const dueNow = [...this.due.values()].some((t) => t <= nowMs)
      if (!dueNow && !this.running) return
      await new Promise((r) => setTimeout(r, 10))
    }
  }

  private arm(): void {
    if (this.stopped || this.running) return
    clearTimeout(this.timer)
    if (this.due.size === 0) return
    const next = Math.min(...this.due.values())
    this.timer = setTimeout(() => this.drain(), Math.max(0, next - this.now().getTime()))
    this.timer.unref()
  }

  private drain(): void {
    this.timer = undefined
    this.running = (async () => {
      while (!this.stopped) {
        const nowMs = this.now().getTime()
        const ready = [...this.due.entries()].filter(([, at]) => at <= nowMs).sort((a, b) => a[1] - b[1])
        if (ready.length === 0) break
        const [id] = ready[0]
        this.due.delete(id)
        try {
          await this.attempt(id)
        } catch (err) {
          console.error(`Mail for inquiry ${id} could not be processed:`, err)
        }
      }
    })().finally(() => {
      this.running = undefined
      this.arm()
    })
  }

  private async attempt(id: string): Promise<void> {
    const { store, sender, from } = this.options
    const record = await store.find(id)
    if (!record || !sender || this.delivered.has(id)) return
    if (record.mail.state !== 'pending' && record.mail.state !== 'failed') return
    let failure: unknown
    try {
      const { to, brand } = await this.options.recipient()
      const message = composeInquiryMessage(record, brand)
      await sender.send({ from, to, ...message })
    } catch (err) {
      failure = err
    }
    const attempts = record.mail.attempts + 1
    const at = this.now()
    if (failure === undefined) {
      this.delivered.add(id)
      await store.update(id, (r) => ({ ...r, mail: { state: 'sent', attempts, sentAt: at.toISOString() } }))
      return
    }
    const lastError = describeError(failure)
    const giveUp = attempts >= this.maxAttempts
    const nextAt = giveUp ? undefined : at.getTime() + this.schedule[Math.min(attempts - 1, this.schedule.length - 1)]
    console.warn(`Mail for inquiry ${id} failed (attempt ${attempts}): ${lastError}`)
    await store.update(id, (r) => ({
      ...r,
      mail: {
        state: 'failed',
        attempts,
        lastError,
        ...(nextAt !== undefined ? { nextAttemptAt: new Date(nextAt).toISOString() } : {}),
      },
    }))
    if (nextAt !== undefined) this.enqueue(id, nextAt)
  }
}

function describeError(err: unknown): string {
  const e = err as { message?: string; code?: string; responseCode?: number }
  const message = (e?.message ?? String(err)).split('\n')[0].slice(0, 300)
  return e?.code && !message.includes(e.code) ? `${e.code}: ${message}` : message
}
