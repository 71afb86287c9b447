// The mail queue: e-mails each stored inquiry to the studio, retrying with backoff (also after a restart) until SMTP accepts it.
import nodemailer from 'nodemailer'
import { composeInquiryMessage } from './inquiry-mail'
import type { InquiryRecord, MailState } from './inquiry-record.schema'
import type { InquiryStore } from './inquiries.store'

export interface OutgoingMail {
  from: string | { name: string; address: string }
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

/** About ten days of half-hourly retries; after that the inbox shows the failure and offers a manual retry. */
export const DEFAULT_MAX_ATTEMPTS = 500

export interface MailOutboxOptions {
  store: InquiryStore
  /** null when SMTP is not configured: inquiries are stored with mail state 'not-configured'. */
  sender: MailSender | null
  /** Sender and recipient addresses and the brand named in the message; read per message so a settings edit applies. */
  addresses: () => Promise<{ from: string; to: string; brand: string }>
  /** Waits after the 1st, 2nd, ... failure; the last repeats (config: 5 s, 30 s, 2 min, 10 min, then every 30 min). */
  retryScheduleMs: number[]
  maxAttempts?: number
  now?: () => Date
}

export class MailOutbox {
  private readonly due = new Map<string, number>()
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private stopped = false
  private ready: Promise<void> = Promise.resolve()
  /** Accepted by SMTP in this process; guards against a second send if recording "sent" failed. */
  private readonly delivered = new Set<string>()
  private readonly schedule: number[]
  private readonly maxAttempts: number
  private readonly now: () => Date

  constructor(private readonly options: MailOutboxOptions) {
    this.schedule = options.retryScheduleMs.length ? options.retryScheduleMs : [30_000]
    this.maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS
    this.now = options.now ?? (() => new Date())
  }

  get store(): InquiryStore {
    return this.options.store
  }

  get configured(): boolean {
    return this.options.sender !== null
  }

  /** The mail state a new inquiry is stored with. */
  initialState(): MailState {
    return this.configured ? { state: 'pending', attempts: 0 } : { state: 'not-configured', attempts: 0 }
  }

  /**
   * Picks up every inquiry still waiting for its e-mail, so a restart resumes where the last process stopped.
   * With `previous` (an outbox on the same data directory), nothing is sent until that one has stopped.
   */
  start(previous?: MailOutbox): Promise<void> {
    this.ready = (async () => {
      await previous?.stop()
      if (!this.configured) return
      // A restart often follows a fix to the mail settings, so everything waiting is tried again at once.
      for (const record of await this.options.store.list('all')) {
        if (record.mail.state === 'pending' || (record.mail.state === 'failed' && record.mail.nextAttemptAt)) {
          this.enqueue(record.id)
        }
      }
    })()
    return this.ready
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
      await this.ready.catch(() => undefined)
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
    const { store, sender } = this.options
    const record = await store.find(id)
    if (!record || !sender || this.delivered.has(id)) return
    if (record.mail.state !== 'pending' && record.mail.state !== 'failed') return
    let failure: unknown
    try {
      const { from, to, brand } = await this.options.addresses()
      const message = composeInquiryMessage(record, brand)
      // MAIL_FROM may carry its own display name ("Studio <hello@…>"); a bare address gets the brand's.
      const fromHeader = from.includes('<') ? from : { name: `${brand} website`, address: from }
      await sender.send({ from: fromHeader, to, ...message })
    } catch (err) {
      failure = err
    }
    const attempts = record.mail.attempts + 1
    const at = this.now()
    if (failure === undefined) {
      this.delivered.add(id)
      await store.update(id, (r) => ({ ...r, mail: { state: 'sent', attempts, sentAt: at.toISOString() } }))
      // The server is taking mail again: the ones waiting out their backoff need not wait any longer.
      for (const [waiting, due] of this.due) if (due > at.getTime()) this.due.set(waiting, at.getTime())
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
