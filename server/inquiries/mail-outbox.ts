// The mail queue: e-mails each stored inquiry to the studio, and a confirmation to the visitor, each retried with
// backoff (also after a restart) until SMTP accepts it and never sent again after that.
import nodemailer from 'nodemailer'
import { composeInquiryMessage, type PhotoLinks } from './inquiry-mail'
import type { InquiryRecord, MailState } from './inquiry-record.schema'
import type { InquiryStore } from './inquiries.store'
import { composeConfirmationMessage } from './visitor-mail'

export interface OutgoingMail {
  from: string | { name: string; address: string }
  to: string | { name: string; address: string }
  subject: string
  text: string
  html: string
  replyTo: { name: string; address: string }
  attachments?: { filename: string; content: Buffer; contentType: string }[]
}

interface MailSender {
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

/** The two e-mails of an inquiry: to the studio (the record's `mail`) and to the visitor (its `confirmation`). */
type InquiryMailKind = 'studio' | 'visitor'
const KINDS: InquiryMailKind[] = ['studio', 'visitor']
/** An inquiry's e-mail, or a channel's name (a quote's link, signed copy, receipt). */
type MailKind = string

/**
 * E-mails whose state is kept on another record (a quote's): the outbox sends and retries them like an inquiry's,
 * keyed by the channel's own keys. Each state is created as `initialState()` where the e-mail is decided.
 */
export interface MailChannel {
  name: string
  /** Every e-mail of the channel and its state (those waiting are picked up when the outbox starts). */
  all(): Promise<{ key: string; state: MailState }[]>
  state(key: string): Promise<MailState | undefined>
  record(key: string, state: MailState): Promise<void>
  compose(key: string, addresses: MailAddresses): Promise<OutgoingMail>
}

/** One e-mail to attempt: its state now, the message, and where its new state goes. */
interface MailJob {
  state: MailState | undefined
  compose(): Promise<OutgoingMail>
  record(state: MailState): Promise<unknown>
}

function stateOf(record: InquiryRecord, kind: InquiryMailKind): MailState | undefined {
  return kind === 'studio' ? record.mail : record.confirmation
}

function withState(record: InquiryRecord, kind: InquiryMailKind, state: MailState): InquiryRecord {
  return kind === 'studio' ? { ...record, mail: state } : { ...record, confirmation: state }
}

function isWaiting(state: MailState | undefined): boolean {
  return state?.state === 'pending' || (state?.state === 'failed' && !!state.nextAttemptAt)
}

const jobKey = (id: string, kind: MailKind) => `${kind}:${id}`

function parseJobKey(key: string): { id: string; kind: MailKind } {
  const colon = key.indexOf(':')
  return { kind: key.slice(0, colon) as MailKind, id: key.slice(colon + 1) }
}

/** Where mail comes from and goes to, read per message so a settings edit applies. */
export interface MailAddresses {
  from: string
  /** The studio's inbox (MAIL_TO, else the site's contact e-mail). */
  to: string
  brand: string
  /** The studio's contact details from content/site.yaml, shown in the visitor's confirmation; e-mail defaults to `to`. */
  contact?: { email?: string; phone?: string }
}

/** About ten days of half-hourly retries; after that the inbox shows the failure and offers a manual retry. */
const DEFAULT_MAX_ATTEMPTS = 500

interface MailOutboxOptions {
  store: InquiryStore
  /** null when SMTP is not configured: inquiries are stored with mail state 'not-configured'. */
  sender: MailSender | null
  /** Sender and recipient addresses and the brand named in the message; read per message so a settings edit applies. */
  addresses: () => Promise<MailAddresses>
  /** Also send each new inquiry's visitor a confirmation (MAIL_CONFIRM_VISITOR); off unless set. */
  confirmVisitor?: boolean
  /** Waits after the 1st, 2nd, ... failure; the last repeats (config: 5 s, 30 s, 2 min, 10 min, then every 30 min). */
  retryScheduleMs: number[]
  maxAttempts?: number
  now?: () => Date
  /** Signed links to the inquiry's photos for the studio's e-mail, made when it is sent (so they last from then). */
  photoLinks?: (record: InquiryRecord) => Promise<PhotoLinks | undefined>
}

export class MailOutbox {
  private readonly due = new Map<string, number>()
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private stopped = false
  private ready: Promise<void> = Promise.resolve()
  /** Jobs (`studio:<id>`, `visitor:<id>`) accepted by SMTP in this process; guards against a second send if recording "sent" failed. */
  private readonly delivered = new Set<string>()
  /** The job whose send is in flight, and whether "Retry now" reset it meanwhile (its failure must not undo that). */
  private sending: { key: string; reset: boolean } | null = null
  private readonly channels = new Map<string, MailChannel>()
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

  get confirmsVisitor(): boolean {
    return this.configured && this.options.confirmVisitor === true
  }

  /** The mail state a new inquiry is stored with. */
  initialState(): MailState {
    return this.configured ? { state: 'pending', attempts: 0 } : { state: 'not-configured', attempts: 0 }
  }

  /** The confirmation state a new inquiry is stored with; undefined when no confirmation is to be sent. */
  initialConfirmation(): MailState | undefined {
    return this.confirmsVisitor ? { state: 'pending', attempts: 0 } : undefined
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
        for (const kind of KINDS) if (isWaiting(stateOf(record, kind))) this.enqueueJob(record.id, kind)
      }
    })()
    return this.ready
  }

  /** Sends and retries a channel's e-mails too, starting with those still waiting from before a restart. */
  addChannel(channel: MailChannel): void {
    this.channels.set(channel.name, channel)
    void this.ready
      .then(async () => {
        if (!this.configured) return
        for (const { key, state } of await channel.all()) if (isWaiting(state)) this.enqueueJob(key, channel.name)
      })
      .catch((err) => console.error(`The ${channel.name} e-mails could not be picked up:`, err))
  }

  /** Queues a channel's e-mail whose state was just recorded as pending. */
  enqueueMail(channel: string, key: string): void {
    this.enqueueJob(key, channel)
  }

  /** Stops the timer and waits for a send in progress, so another instance can take over the same data directory. */
  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.timer)
    this.timer = undefined
    await this.running
    this.options.sender?.close()
  }

  /** Queues every e-mail of this inquiry that is still to go out (the studio's and, if planned, the visitor's). */
  enqueue(id: string, at: number = this.now().getTime()): void {
    for (const kind of KINDS) this.enqueueJob(id, kind, at)
  }

  private enqueueJob(id: string, kind: MailKind, at: number = this.now().getTime()): void {
    if (!this.configured || this.stopped) return
    this.due.set(jobKey(id, kind), at)
    this.arm()
  }

  /**
   * A manual retry from the inbox: every e-mail of the inquiry not yet sent is tried now, its attempts counting
   * again. A confirmation is never created here for an inquiry that had none planned.
   */
  async retryNow(id: string): Promise<InquiryRecord | null> {
    if (!this.configured) return this.options.store.find(id)
    const record = await this.options.store.update(id, (r) => {
      let next = r
      for (const kind of KINDS) {
        const state = stateOf(r, kind)
        if (!state || state.state === 'sent') continue
        next = withState(next, kind, { state: 'pending', attempts: 0, lastError: state.lastError })
      }
      return next
    })
    if (record)
      for (const kind of KINDS) {
        if (stateOf(record, kind)?.state !== 'pending') continue
        if (this.sending?.key === jobKey(id, kind)) this.sending.reset = true
        this.enqueueJob(id, kind)
      }
    return record
  }

  /** E-mails waiting to go out, now or at a later retry (/healthz reports it). */
  get depth(): number {
    return this.due.size
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
        const [key] = ready[0]
        this.due.delete(key)
        const { id, kind } = parseJobKey(key)
        try {
          await this.attempt(id, kind)
        } catch (err) {
          console.error(`${describeJob(kind, id)} could not be processed:`, err)
        }
      }
    })().finally(() => {
      this.running = undefined
      this.arm()
    })
  }

  private async jobOf(id: string, kind: MailKind): Promise<MailJob | null> {
    const channel = this.channels.get(kind)
    if (channel)
      return {
        state: await channel.state(id),
        compose: async () => channel.compose(id, await this.options.addresses()),
        record: (state) => channel.record(id, state),
      }
    const { store } = this.options
    const record = await store.find(id)
    // Turning confirmations off also holds back the ones still waiting.
    if (!record || (kind === 'visitor' && !this.confirmsVisitor)) return null
    const inquiryKind = kind as InquiryMailKind
    return {
      state: stateOf(record, inquiryKind),
      compose: () => this.compose(record, inquiryKind),
      record: (state) => store.update(id, (r) => withState(r, inquiryKind, state)),
    }
  }

  private async attempt(id: string, kind: MailKind): Promise<void> {
    const { sender } = this.options
    const key = jobKey(id, kind)
    if (!sender || this.delivered.has(key)) return
    const job = await this.jobOf(id, kind)
    const current = job?.state
    if (!job || !current || (current.state !== 'pending' && current.state !== 'failed')) return
    let failure: unknown
    this.sending = { key, reset: false }
    try {
      await sender.send(await job.compose())
    } catch (err) {
      failure = err
    }
    const { reset } = this.sending
    this.sending = null
    // The owner's "Retry now" came while this failing send was in flight: her reset stands, and the retry it queued
    // (now, counting from zero) goes ahead instead of this failure's backoff.
    if (failure !== undefined && reset) return
    const attempts = reset ? 1 : current.attempts + 1
    const at = this.now()
    if (failure === undefined) {
      this.delivered.add(key)
      await job.record({ state: 'sent', attempts, sentAt: at.toISOString() })
      // The server is taking mail again: the ones waiting out their backoff need not wait any longer.
      for (const [waiting, due] of this.due) if (due > at.getTime()) this.due.set(waiting, at.getTime())
      return
    }
    const lastError = describeError(failure)
    const giveUp = attempts >= this.maxAttempts
    const nextAt = giveUp ? undefined : at.getTime() + this.schedule[Math.min(attempts - 1, this.schedule.length - 1)]
    console.warn(`${describeJob(kind, id)} failed (attempt ${attempts}): ${lastError}`)
    await job.record({
      state: 'failed',
      attempts,
      lastError,
      ...(nextAt !== undefined ? { nextAttemptAt: new Date(nextAt).toISOString() } : {}),
    })
    if (nextAt !== undefined) this.enqueueJob(id, kind, nextAt)
  }

  private async compose(record: InquiryRecord, kind: InquiryMailKind): Promise<OutgoingMail> {
    const { from, to, brand, contact } = await this.options.addresses()
    // MAIL_FROM may carry its own display name ("Studio <hello@…>"); a bare address gets the brand's.
    if (kind === 'studio') {
      const fromHeader = from.includes('<') ? from : { name: `${brand} website`, address: from }
      const photos = await this.options.photoLinks?.(record)
      return { from: fromHeader, to, ...composeInquiryMessage(record, brand, photos) }
    }
    const message = composeConfirmationMessage(record, { brand, email: contact?.email ?? to, phone: contact?.phone })
    // An address object, so the visitor's text is never parsed as a list of recipients; no display name, because the
    // name is free text the sender typed and the address may be anyone's (docs/decisions/admin-security.md).
    const visitor = { name: '', address: record.inquiry.email }
    return { from: from.includes('<') ? from : { name: brand, address: from }, to: visitor, ...message }
  }
}

function describeJob(kind: MailKind, id: string): string {
  return kind === 'studio' ? `Mail for inquiry ${id}` : kind === 'visitor' ? `Confirmation for inquiry ${id}` : `The ${kind} e-mail ${id}`
}

function describeError(err: unknown): string {
  const e = err as { message?: string; code?: string; responseCode?: number }
  const message = (e?.message ?? String(err)).split('\n')[0].slice(0, 300)
  return e?.code && !message.includes(e.code) ? `${e.code}: ${message}` : message
}
