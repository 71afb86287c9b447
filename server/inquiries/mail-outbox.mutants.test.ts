// The outbox's promises, seen from what it records and what it sends: each failure's attempt count, error and next
// try (the schedule's steps, then its last step repeated, then giving up), a manual retry, the headers, the logs.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { InquiryStore } from './inquiries.store'
import type { MailState } from './inquiry-record.schema'
import { MailOutbox, type MailAddresses, type MailChannel, type OutgoingMail } from './mail-outbox'
import { sampleInquiry, until } from './testing-inquiry'

const T0 = Date.parse('2026-06-01T12:00:00.000Z')
const iso = (ms: number) => new Date(ms).toISOString()

/** A sender that fails while `failures` holds errors (one used per attempt), recording every message it accepted. */
function fakeSender() {
  const sent: OutgoingMail[] = []
  const failures: unknown[] = []
  const tried: string[] = []
  /** Addresses refused on every attempt, with this error. */
  const refused = new Map<string, Error>()
  /** While holding, each send waits until `release()`: a send in flight, for as long as a test wants. */
  let holding = false
  const held: (() => void)[] = []
  let closed = 0
  return {
    sent,
    failures,
    tried,
    refused,
    closed: () => closed,
    hold: () => void (holding = true),
    release: () => {
      holding = false
      for (const go of held.splice(0)) go()
    },
    async send(mail: OutgoingMail) {
      const to = typeof mail.to === 'string' ? mail.to : mail.to.address
      tried.push(to)
      if (holding) await new Promise<void>((go) => held.push(go))
      if (refused.has(to)) throw refused.get(to)
      if (failures.length) throw failures.shift()
      sent.push(mail)
    },
    close() {
      closed++
    },
  }
}

let dataDir: string
let clock: number
const outboxes: MailOutbox[] = []
const ADDRESSES: MailAddresses = { from: 'site@studio.test', to: 'owner@studio.test', brand: 'Test Studio' }

function make(
  options: {
    sender?: ReturnType<typeof fakeSender> | null
    schedule?: number[]
    maxAttempts?: number
    confirmVisitor?: boolean
    addresses?: Partial<MailAddresses>
  } = {},
) {
  const store = new InquiryStore(dataDir)
  const sender = options.sender === undefined ? fakeSender() : options.sender
  const outbox = new MailOutbox({
    store,
    sender,
    addresses: async () => ({ ...ADDRESSES, ...options.addresses }),
    retryScheduleMs: options.schedule ?? [40, 80],
    maxAttempts: options.maxAttempts,
    confirmVisitor: options.confirmVisitor,
    now: () => new Date(clock),
  })
  outboxes.push(outbox)
  return { store, sender: sender!, outbox }
}

const mailOf = (store: InquiryStore, id: string) => store.find(id).then((r) => r!.mail)

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'outbox-mutants-'))
  clock = T0
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})

afterEach(async () => {
  for (const o of outboxes.splice(0)) await o.stop()
  vi.restoreAllMocks()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('a failing e-mail', () => {
  it('is retried after each step of the schedule, then the last step again, and its record says so exactly', async () => {
    const { store, sender, outbox } = make({ schedule: [40, 80] })
    sender.failures.push(new Error('451 try later'), new Error('451 try later'), new Error('451 still later'))
    await outbox.start()
    const { id } = await store.create(sampleInquiry(), outbox.initialState())
    outbox.enqueue(id)
    const wait = (attempts: number) =>
      until(
        () => mailOf(store, id),
        (m) => m.attempts === attempts,
        5000,
      )

    expect(await wait(1)).toEqual({ state: 'failed', attempts: 1, lastError: '451 try later', nextAttemptAt: iso(T0 + 40) })
    expect(outbox.depth).toBe(1)
    clock = T0 + 40
    expect(await wait(2)).toEqual({ state: 'failed', attempts: 2, lastError: '451 try later', nextAttemptAt: iso(T0 + 120) })
    clock = T0 + 120
    // The schedule's last step repeats.
    expect(await wait(3)).toEqual({ state: 'failed', attempts: 3, lastError: '451 still later', nextAttemptAt: iso(T0 + 200) })
    clock = T0 + 200
    expect(await wait(4)).toEqual({ state: 'sent', attempts: 4, sentAt: iso(T0 + 200) })
    expect(sender.sent).toHaveLength(1)
    expect(outbox.depth).toBe(0)
  })

  it('waits 30 seconds between tries when no schedule is given', async () => {
    const { store, sender, outbox } = make({ schedule: [] })
    sender.failures.push(new Error('down'))
    await outbox.start()
    const { id } = await store.create(sampleInquiry(), outbox.initialState())
    outbox.enqueue(id)
    expect(
      await until(
        () => mailOf(store, id),
        (m) => m.attempts === 1,
      ),
    ).toMatchObject({ nextAttemptAt: iso(T0 + 30_000) })
    // Nothing is due now: a retry waiting its turn does not keep the queue busy.
    await outbox.settled()
    expect(outbox.depth).toBe(1)
  })

  it('gives up at the last allowed attempt: failed, no next try, nothing queued, nothing more sent', async () => {
    const { store, sender, outbox } = make({ schedule: [30], maxAttempts: 2 })
    sender.failures.push(new Error('550 no'), new Error('550 no'), new Error('550 no'))
    await outbox.start()
    const { id } = await store.create(sampleInquiry(), outbox.initialState())
    outbox.enqueue(id)
    expect(
      await until(
        () => mailOf(store, id),
        (m) => m.attempts === 1,
      ),
    ).toMatchObject({ state: 'failed', nextAttemptAt: iso(T0 + 30) })
    clock = T0 + 30
    const last = await until(
      () => mailOf(store, id),
      (m) => m.attempts === 2,
    )
    expect(last).toEqual({ state: 'failed', attempts: 2, lastError: '550 no' })
    expect(outbox.depth).toBe(0)
    clock = T0 + 10_000
    await new Promise((r) => setTimeout(r, 100))
    expect(sender.tried).toHaveLength(2)

    // A restart does not pick up one given up on; only a manual retry does.
    await outbox.stop()
    const again = make({ sender: sender, maxAttempts: 2 })
    await again.outbox.start()
    expect(again.outbox.depth).toBe(0)
  })

  it('records the error code before its first line, cut to 300 characters', async () => {
    const { store, sender, outbox } = make()
    const long = `${'x'.repeat(400)}\nsecond line`
    sender.failures.push(Object.assign(new Error(long), { code: 'EAUTH' }))
    await outbox.start()
    const { id } = await store.create(sampleInquiry(), outbox.initialState())
    outbox.enqueue(id)
    const failed = await until(
      () => mailOf(store, id),
      (m) => m.attempts === 1,
    )
    expect(failed.lastError).toBe(`EAUTH: ${'x'.repeat(300)}`)
  })

  it('does not repeat a code the message already names, and reads a thrown string', async () => {
    const { store, sender, outbox } = make()
    sender.failures.push(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNREFUSED' }), 'plain words')
    await outbox.start()
    const { id } = await store.create(sampleInquiry(), outbox.initialState())
    outbox.enqueue(id)
    expect(
      (
        await until(
          () => mailOf(store, id),
          (m) => m.attempts === 1,
        )
      ).lastError,
    ).toBe('connect ECONNREFUSED 127.0.0.1:25')
    clock = T0 + 40
    expect(
      (
        await until(
          () => mailOf(store, id),
          (m) => m.attempts === 2,
        )
      ).lastError,
    ).toBe('plain words')
    sender.failures.push(null)
    clock = T0 + 120
    expect(
      await until(
        () => mailOf(store, id),
        (m) => m.attempts === 3,
      ),
    ).toMatchObject({ state: 'failed', lastError: 'null' })
  })

  it('logs the inquiry id and the error, never the visitor', async () => {
    const { store, sender, outbox } = make({ confirmVisitor: true })
    sender.failures.push(new Error('421 busy'), new Error('421 busy'))
    await outbox.start()
    const { id } = await store.create(sampleInquiry(), outbox.initialState(), new Date(T0), outbox.initialConfirmation())
    outbox.enqueue(id)
    await until(
      () => store.find(id),
      (r) => r!.mail.attempts === 1 && r!.confirmation?.attempts === 1,
    )
    const lines = vi
      .mocked(console.warn)
      .mock.calls.map((c) => c.join(' '))
      .sort()
    expect(lines).toEqual([
      `Confirmation for inquiry ${id} failed (attempt 1): 421 busy`,
      `Mail for inquiry ${id} failed (attempt 1): 421 busy`,
    ])
    expect(lines.join('\n')).not.toMatch(/jane|Jane|Doe|503-555/)
  })
})

describe('a manual retry', () => {
  it('tries every unsent e-mail now with its attempts counted again, keeping the last error; a sent one is left', async () => {
    const { store, sender, outbox } = make({ schedule: [60_000], confirmVisitor: true })
    // The studio's address is refused; the visitor's goes.
    sender.refused.set('owner@studio.test', new Error('550 mailbox full'))
    await outbox.start()
    const { id } = await store.create(sampleInquiry(), outbox.initialState(), new Date(T0), outbox.initialConfirmation())
    outbox.enqueue(id)
    await until(
      () => store.find(id),
      (r) => r!.mail.state === 'failed' && r!.confirmation?.state === 'sent',
    )
    // The visitor's e-mail going through brings the studio's retry forward ("the server is taking mail again"):
    // let that attempt end first, or it lands after the reset below and counts from the old attempts.
    await outbox.settled()
    const triedBefore = sender.tried.filter((to) => to === 'owner@studio.test').length
    const retried = await outbox.retryNow(id)
    expect(retried!.mail).toEqual({ state: 'pending', attempts: 0, lastError: '550 mailbox full' })
    expect(retried!.confirmation).toMatchObject({ state: 'sent', attempts: 1 })
    // Tried now, not in a minute: the first attempt of the new count.
    expect(
      await until(
        () => mailOf(store, id),
        (m) => m.state === 'failed',
      ),
    ).toEqual({
      state: 'failed',
      attempts: 1,
      lastError: '550 mailbox full',
      nextAttemptAt: iso(T0 + 60_000),
    })
    expect(sender.tried.filter((to) => to === 'owner@studio.test')).toHaveLength(triedBefore + 1)
    expect(sender.tried.filter((to) => to === 'jane@example.com')).toHaveLength(1)
  })

  it('creates no confirmation for an inquiry that had none planned, and answers null for an unknown id', async () => {
    const { store, sender, outbox } = make({ confirmVisitor: true })
    sender.failures.push(new Error('down'))
    await outbox.start()
    const { id } = await store.create(sampleInquiry(), outbox.initialState())
    outbox.enqueue(id)
    await until(
      () => mailOf(store, id),
      (m) => m.state === 'failed',
    )
    const retried = await outbox.retryNow(id)
    expect(retried!.confirmation).toBeUndefined()
    await until(
      () => mailOf(store, id),
      (m) => m.state === 'sent',
    )
    expect(sender.tried).toEqual(['owner@studio.test', 'owner@studio.test'])
    expect(await outbox.retryNow('2026-01-01T00-00-00-000Z-abcdef')).toBeNull()
  })

  it('without SMTP changes nothing and sends nothing', async () => {
    const { store, outbox } = make({ sender: null, confirmVisitor: true })
    await outbox.start()
    const record = await store.create(sampleInquiry(), outbox.initialState())
    expect(record.mail).toEqual({ state: 'not-configured', attempts: 0 })
    outbox.enqueue(record.id)
    expect(outbox.depth).toBe(0)
    expect(await outbox.retryNow(record.id)).toEqual(record)
    expect(await store.find(record.id)).toEqual(record)
    expect(outbox.initialConfirmation()).toBeUndefined()
    expect(outbox.confirmsVisitor).toBe(false)
  })
})

describe('what is picked up and what is sent', () => {
  it('a restart picks up the pending and the failed-with-a-next-try, not the sent, the given up or the unconfigured', async () => {
    const { store, outbox, sender } = make({ confirmVisitor: true })
    const make1 = (mail: MailState, firstName: string) => store.create(sampleInquiry({ firstName }), mail)
    await make1({ state: 'pending', attempts: 0 }, 'Pending')
    await make1({ state: 'failed', attempts: 3, lastError: 'x', nextAttemptAt: iso(T0 + 1000) }, 'Waiting')
    await make1({ state: 'failed', attempts: 500, lastError: 'x' }, 'GivenUp')
    await make1({ state: 'sent', attempts: 1, sentAt: iso(T0) }, 'Sent')
    await make1({ state: 'not-configured', attempts: 0 }, 'Unconfigured')
    await outbox.start()
    await outbox.settled()
    // Everything waiting is tried at once after a restart, a later next try too.
    expect(outbox.depth).toBe(0)
    const subjects = sender.sent.map((m) => m.subject).sort()
    expect(subjects).toEqual([
      'New inquiry: Balloon Garlands — Pending Doe, 2099-12-05',
      'New inquiry: Balloon Garlands — Waiting Doe, 2099-12-05',
    ])
  })

  it('sends the e-mail due first first', async () => {
    const { store, outbox, sender } = make()
    await outbox.start()
    const late = await store.create(sampleInquiry({ firstName: 'Late' }), outbox.initialState())
    const early = await store.create(sampleInquiry({ firstName: 'Early' }), outbox.initialState())
    outbox.enqueue(late.id, T0 - 10)
    outbox.enqueue(early.id, T0 - 20)
    await outbox.settled()
    expect(sender.sent.map((m) => m.replyTo.name)).toEqual(['Early Doe', 'Late Doe'])
  })

  it('nothing is queued or sent once stopped, and stopping closes the connection', async () => {
    const { store, outbox, sender } = make()
    await outbox.start()
    const { id } = await store.create(sampleInquiry(), outbox.initialState())
    await outbox.stop()
    expect(sender.closed()).toBe(1)
    outbox.enqueue(id)
    expect(outbox.depth).toBe(0)
    await new Promise((r) => setTimeout(r, 50))
    expect(sender.tried).toEqual([])
  })

  it('"Retry now" pressed while that e-mail is being sent: a failure of the send in flight does not undo it', async () => {
    const { store, outbox, sender } = make({ schedule: [60_000] })
    await outbox.start()
    sender.hold()
    sender.failures.push(new Error('421 try later'), new Error('421 still busy'))
    const { id } = await store.create(sampleInquiry(), outbox.initialState())
    outbox.enqueue(id)
    await until(
      async () => sender.tried.length,
      (n) => n === 1,
    )
    expect((await outbox.retryNow(id))!.mail).toEqual({ state: 'pending', attempts: 0 })
    sender.release()
    // Tried again at once (not in a minute), and counted from the owner's reset: one attempt, not two.
    expect(
      await until(
        () => mailOf(store, id),
        (m) => m.state === 'failed' && sender.tried.length === 2,
      ),
    ).toEqual({ state: 'failed', attempts: 1, lastError: '421 still busy', nextAttemptAt: iso(T0 + 60_000) })
  })

  it('"Retry now" while the send in flight goes through: sent once, counted as one attempt', async () => {
    const { store, outbox, sender } = make()
    await outbox.start()
    sender.hold()
    const { id } = await store.create(sampleInquiry(), outbox.initialState())
    outbox.enqueue(id)
    await until(
      async () => sender.tried.length,
      (n) => n === 1,
    )
    await outbox.retryNow(id)
    sender.release()
    await until(
      () => mailOf(store, id),
      (m) => m.state === 'sent',
    )
    await outbox.settled()
    expect([(await mailOf(store, id)).attempts, sender.sent.length, sender.tried.length]).toEqual([1, 1, 1])
  })

  it('one send at a time: an e-mail queued during a send waits, and a stop returns only once the send in flight is done', async () => {
    const { store, outbox, sender } = make()
    await outbox.start()
    sender.hold()
    const first = await store.create(sampleInquiry({ firstName: 'First' }), outbox.initialState())
    outbox.enqueue(first.id)
    await until(
      async () => sender.tried.length,
      (n) => n === 1,
    )
    const second = await store.create(sampleInquiry({ firstName: 'Second' }), outbox.initialState())
    outbox.enqueue(second.id)
    await new Promise((r) => setTimeout(r, 50))
    expect(sender.tried).toHaveLength(1)

    let stopped = false
    const stopping = outbox.stop().then(() => void (stopped = true))
    await new Promise((r) => setTimeout(r, 50))
    expect([stopped, sender.closed()]).toEqual([false, 0])
    sender.release()
    await stopping
    // The send SMTP took is recorded before the stop returns; the one queued behind it waits for the next process.
    expect([sender.closed(), sender.sent.map((m) => m.replyTo.name)]).toEqual([1, ['First Doe']])
    expect([(await mailOf(store, first.id)).state, (await mailOf(store, second.id)).state]).toEqual(['sent', 'pending'])
  })

  it('a new outbox on the same data waits for the previous one to stop before sending', async () => {
    const first = make()
    await first.outbox.start()
    const { id } = await first.store.create(sampleInquiry(), first.outbox.initialState())
    const second = make()
    await second.outbox.start(first.outbox)
    expect(first.sender.closed()).toBe(1)
    await second.outbox.settled()
    expect(second.sender.sent).toHaveLength(1)
    expect(first.sender.sent).toHaveLength(0)
    expect((await mailOf(second.store, id)).state).toBe('sent')
  })

  it('holds back confirmations still waiting once they are turned off', async () => {
    const on = make({ confirmVisitor: true })
    await on.outbox.start()
    const { id } = await on.store.create(
      sampleInquiry(),
      { state: 'sent', attempts: 1, sentAt: iso(T0) },
      new Date(T0),
      on.outbox.initialConfirmation(),
    )
    await on.outbox.stop()
    const off = make({ confirmVisitor: false })
    expect(off.outbox.initialConfirmation()).toBeUndefined()
    await off.outbox.start()
    await off.outbox.settled()
    expect(off.sender.tried).toEqual([])
    expect((await off.store.find(id))!.confirmation).toEqual({ state: 'pending', attempts: 0 })
    expect(console.error).not.toHaveBeenCalled()
  })
})

describe('the headers', () => {
  it("the studio's e-mail comes from the site in the brand's name, to the studio, Reply-To the visitor", async () => {
    const { store, outbox, sender } = make()
    await outbox.start()
    const { id } = await store.create(sampleInquiry(), outbox.initialState())
    outbox.enqueue(id)
    await outbox.settled()
    const [mail] = sender.sent
    expect(mail.from).toEqual({ name: 'Test Studio website', address: 'site@studio.test' })
    expect(mail.to).toBe('owner@studio.test')
    expect(mail.replyTo).toEqual({ name: 'Jane Doe', address: 'jane@example.com' })
  })

  it('a From with its own display name is kept as written, for both e-mails', async () => {
    const { store, outbox, sender } = make({ confirmVisitor: true, addresses: { from: 'Studio Desk <desk@studio.test>' } })
    await outbox.start()
    const { id } = await store.create(sampleInquiry(), outbox.initialState(), new Date(T0), outbox.initialConfirmation())
    outbox.enqueue(id)
    await outbox.settled()
    expect(sender.sent.map((m) => m.from)).toEqual(['Studio Desk <desk@studio.test>', 'Studio Desk <desk@studio.test>'])
  })

  it("the visitor's confirmation: from the brand, to the bare address, Reply-To the studio's contact e-mail (else MAIL_TO)", async () => {
    const withContact = make({ confirmVisitor: true, addresses: { contact: { email: 'hello@studio.test', phone: '503-555-0100' } } })
    await withContact.outbox.start()
    const a = await withContact.store.create(
      sampleInquiry({ firstName: 'Ann' }),
      { state: 'sent', attempts: 1, sentAt: iso(T0) },
      new Date(T0),
      withContact.outbox.initialConfirmation(),
    )
    withContact.outbox.enqueue(a.id)
    await withContact.outbox.settled()
    const [confirmation] = withContact.sender.sent
    expect(confirmation.from).toEqual({ name: 'Test Studio', address: 'site@studio.test' })
    expect(confirmation.to).toEqual({ name: '', address: 'jane@example.com' })
    expect(confirmation.replyTo).toEqual({ name: 'Test Studio', address: 'hello@studio.test' })
    expect(confirmation.text).toContain('  Phone: 503-555-0100')
    expect((await withContact.store.find(a.id))!.confirmation).toEqual({ state: 'sent', attempts: 1, sentAt: iso(T0) })
    await withContact.outbox.stop()

    const bare = make({ confirmVisitor: true })
    await bare.outbox.start()
    bare.outbox.enqueue(a.id)
    await bare.outbox.settled()
    expect(bare.sender.sent).toEqual([])
    const b = await bare.store.create(sampleInquiry(), { state: 'sent', attempts: 1, sentAt: iso(T0) }, new Date(T0), {
      state: 'pending',
      attempts: 0,
    })
    bare.outbox.enqueue(b.id)
    await bare.outbox.settled()
    expect(bare.sender.sent.map((m) => m.replyTo)).toEqual([{ name: 'Test Studio', address: 'owner@studio.test' }])
    expect(bare.sender.sent[0].text).not.toContain('Phone:')
  })
})

describe('a channel (a quote e-mail kept on another record)', () => {
  function channel(name: string, states: Map<string, MailState>) {
    const composed: string[] = []
    const ch: MailChannel = {
      name,
      all: async () => [...states].map(([key, state]) => ({ key, state })),
      state: async (key) => states.get(key),
      record: async (key, state) => void states.set(key, state),
      compose: async (key, addresses) => {
        composed.push(key)
        return {
          from: addresses.from,
          to: 'client@example.com',
          subject: `Quote ${key}`,
          text: 'x',
          html: 'x',
          replyTo: { name: '', address: addresses.to },
        }
      },
    }
    return { ch, composed }
  }

  it('sends the waiting ones when added, keyed by its own keys (a key may hold a colon), each once', async () => {
    const { outbox, sender } = make()
    await outbox.start()
    const states = new Map<string, MailState>([
      ['q1:link', { state: 'pending', attempts: 0 }],
      ['q2:link', { state: 'sent', attempts: 1, sentAt: iso(T0) }],
      ['q3:link', { state: 'failed', attempts: 2, lastError: 'x', nextAttemptAt: iso(T0 + 5) }],
      ['q6:link', { state: 'failed', attempts: 500, lastError: 'given up' }],
    ])
    const { ch, composed } = channel('quote-link', states)
    outbox.addChannel(ch)
    await until(
      async () => states.get('q3:link')!.state,
      (s) => s === 'sent',
    )
    await outbox.settled()
    expect(composed.sort()).toEqual(['q1:link', 'q3:link'])
    expect(states.get('q1:link')).toEqual({ state: 'sent', attempts: 1, sentAt: iso(T0) })
    expect(states.get('q3:link')).toEqual({ state: 'sent', attempts: 3, sentAt: iso(T0) })

    states.set('q4:link', { state: 'pending', attempts: 0 })
    outbox.enqueueMail('quote-link', 'q4:link')
    outbox.enqueueMail('quote-link', 'q2:link')
    await until(
      async () => states.get('q4:link')!.state,
      (s) => s === 'sent',
    )
    await outbox.settled()
    expect(sender.sent.map((m) => m.subject).sort()).toEqual(['Quote q1:link', 'Quote q3:link', 'Quote q4:link'])
  })

  it("names the channel's e-mail in its failure log", async () => {
    const { outbox, sender } = make()
    sender.failures.push(new Error('421 later'))
    await outbox.start()
    const states = new Map<string, MailState>([['q9', { state: 'pending', attempts: 0 }]])
    outbox.addChannel(channel('receipt', states).ch)
    await until(
      async () => states.get('q9')!.state,
      (s) => s === 'failed',
    )
    expect(vi.mocked(console.warn).mock.calls.map((c) => c.join(' '))).toEqual(['The receipt e-mail q9 failed (attempt 1): 421 later'])
  })

  it('an e-mail SMTP took is not sent again when recording it failed; a key with no e-mail is passed over quietly', async () => {
    const { outbox, sender } = make()
    await outbox.start()
    const states = new Map<string, MailState>([['q5', { state: 'pending', attempts: 0 }]])
    const { ch } = channel('receipt', states)
    let failNext = true
    outbox.addChannel({
      ...ch,
      record: async (key, state) => {
        if (state.state === 'sent' && failNext) {
          failNext = false
          throw new Error('disk full')
        }
        return ch.record(key, state)
      },
    })
    await until(
      async () => sender.sent.length,
      (n) => n === 1,
    )
    await until(
      async () => vi.mocked(console.error).mock.calls.length,
      (n) => n === 1,
    )
    expect(vi.mocked(console.error).mock.calls[0][0]).toBe('The receipt e-mail q5 could not be processed:')
    expect(states.get('q5')).toEqual({ state: 'pending', attempts: 0 })
    // Asked again in this process (a restart would read the record): SMTP already has it.
    outbox.enqueueMail('receipt', 'q5')
    outbox.enqueueMail('receipt', 'nothing-here')
    await outbox.settled()
    expect(sender.tried).toHaveLength(1)
    expect(vi.mocked(console.error)).toHaveBeenCalledTimes(1)
  })

  it('says so when the waiting e-mails of a channel cannot be read', async () => {
    const { outbox } = make()
    await outbox.start()
    const { ch } = channel('receipt', new Map())
    outbox.addChannel({ ...ch, all: async () => Promise.reject(new Error('quotes unreadable')) })
    await until(
      async () => vi.mocked(console.error).mock.calls.length,
      (n) => n === 1,
    )
    expect(vi.mocked(console.error).mock.calls[0][0]).toBe('The receipt e-mails could not be picked up:')
  })

  it('without SMTP picks none up', async () => {
    const { outbox } = make({ sender: null })
    await outbox.start()
    let asked = 0
    const { ch } = channel('quote-link', new Map([['q1', { state: 'pending', attempts: 0 }]]))
    outbox.addChannel({ ...ch, all: async () => (asked++, ch.all()) })
    await new Promise((r) => setTimeout(r, 30))
    expect(asked).toBe(0)
    expect(outbox.depth).toBe(0)
  })
})
