// The booking e-mails' journal on disk, written from the mutation run's survivors (issue 32): a decision written once,
// whole and private; a second decision of the same e-mail refused (so it is never sent twice), also by another process
// deciding it at the same moment; a cut-short one
// redone; keys that could leave the folder refused; only the journal's own files read back.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import type { PlannedMail } from './booking-mail-plan'
import { BookingMailJournal } from './booking-mail.journal'

let dataDir: string
let journal: BookingMailJournal
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'booking-journal-'))
  journal = new BookingMailJournal(dataDir)
})

const mail = (key: string, extra: Partial<PlannedMail> = {}): PlannedMail => ({
  kind: 'balanceReminder',
  key,
  inquiryId: 'lead-1',
  to: 'client',
  date: '2026-06-06',
  lastDay: '2026-06-13',
  ...extra,
})
const at = new Date('2026-06-06T20:00:00Z')

describe('a decision', () => {
  it('is written whole, private, without the last day; a due date only for the balance e-mails', async () => {
    const entry = await journal.decide(mail('q-1.balanceReminder.2026-06-13-7d', { dueDate: '2026-06-13' }), at)
    const expected = {
      key: 'q-1.balanceReminder.2026-06-13-7d',
      kind: 'balanceReminder',
      inquiryId: 'lead-1',
      to: 'client',
      date: '2026-06-06',
      dueDate: '2026-06-13',
      decidedAt: '2026-06-06T20:00:00.000Z',
      state: 'decided',
      attempts: 0,
    }
    expect(entry).toEqual(expected)
    const file = join(dataDir, 'booking-mail', 'q-1.balanceReminder.2026-06-13-7d.json')
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(expected)
    expect(readFileSync(file, 'utf8')).toBe(JSON.stringify(expected, null, 2))
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(statSync(join(dataDir, 'booking-mail')).mode & 0o777).toBe(0o700)
    const confirmation = await journal.decide(mail('lead-1.eventConfirmation.2026-06-20', { kind: 'eventConfirmation' }), at)
    expect(confirmation).not.toHaveProperty('dueDate')
  })

  it('of an e-mail decided before is refused, whatever its state; one left empty or cut short is decided again', async () => {
    await journal.decide(mail('k1'), at)
    await journal.update('k1', (e) => ({ ...e, state: 'sent', attempts: 1 }))
    expect(await journal.decide(mail('k1'), new Date('2026-06-07T20:00:00Z'))).toBeNull()
    expect((await journal.find('k1'))!.state).toBe('sent')
    await journal.decide(mail('k2'), at)
    writeFileSync(join(dataDir, 'booking-mail', 'k2.json'), '{"key": "k2", "sta')
    expect(await journal.find('k2')).toBeNull()
    const redone = await journal.decide(mail('k2'), at)
    expect(redone).toMatchObject({ key: 'k2', state: 'decided' })
    expect(await journal.find('k2')).toEqual(redone)
  })

  it('of one e-mail by two processes at the same moment: one decides it, the other finds it decided, nothing half read', async () => {
    // Another process on the same data folder (an old server still stopping while the new one starts).
    const other = new BookingMailJournal(dataDir)
    const keys = Array.from({ length: 100 }, (_, i) => `q-${i}.balanceReminder.2026-06-13-7d`)
    const deciders: number[] = []
    for (const key of keys) {
      const both = await Promise.all([journal.decide(mail(key), at), other.decide(mail(key), at)])
      deciders.push(both.filter(Boolean).length)
    }
    expect(deciders).toEqual(keys.map(() => 1))
    expect(readdirSync(join(dataDir, 'booking-mail')).sort()).toEqual(keys.map((k) => `${k}.json`).sort())
    expect((await other.all()).map((e) => e.state)).toEqual(keys.map(() => 'decided'))
  })

  it('refuses a key that could name another file, and finds none for it', async () => {
    for (const key of ['../escape', '.hidden', 'a/b', '', `a${'b'.repeat(201)}`]) {
      await expect(journal.decide(mail(key), at), key).rejects.toThrow(`Not a booking e-mail key: ${key}`)
    }
    expect(await journal.decide(mail(`a${'b'.repeat(200)}`), at)).not.toBeNull()
    expect(readdirSync(dataDir)).toEqual(['booking-mail'])
  })
})

describe('what this process is sending', () => {
  it('is each e-mail it took, for every journal of the folder, until the outcome is recorded; not one marked by hand', async () => {
    const other = new BookingMailJournal(dataDir)
    await journal.decide(mail('k1'), at)
    expect(journal.isSending('k1')).toBe(false)
    await journal.claim('k1')
    expect([journal.isSending('k1'), other.isSending('k1')]).toEqual([true, true])
    expect(new BookingMailJournal(join(dataDir, 'elsewhere')).isSending('k1')).toBe(false)
    // Still being sent after an update that keeps the mark; done once it is recorded sent.
    await other.update('k1', (e) => ({ ...e, attempts: 1 }))
    expect(journal.isSending('k1')).toBe(true)
    await other.update('k1', (e) => ({ ...e, state: 'sent', attempts: 1 }))
    expect(journal.isSending('k1')).toBe(false)
    // Left "sending" by another process (or by hand): not this one's.
    await journal.decide(mail('k2'), at)
    await journal.update('k2', (e) => ({ ...e, state: 'sending' }))
    expect(journal.isSending('k2')).toBe(false)
  })
})

describe('an entry that cannot be read', () => {
  it('is an error, not "none": it is never decided again over it (a folder in the way of its file)', async () => {
    mkdirSync(join(dataDir, 'booking-mail', 'k1.json'), { recursive: true })
    await expect(journal.find('k1')).rejects.toMatchObject({ code: 'EISDIR' })
    await expect(journal.decide(mail('k1'), at)).rejects.toMatchObject({ code: 'EISDIR' })
    expect(readdirSync(join(dataDir, 'booking-mail'))).toEqual(['k1.json'])
  })
})

describe('taking a decided e-mail to send it', () => {
  it('a decided or failed one is taken once, marked as being sent; one sent, let go, unsure or unknown is not', async () => {
    const other = new BookingMailJournal(dataDir)
    const decided = await journal.decide(mail('k1'), at)
    const [taken, again] = await Promise.all([journal.claim('k1'), other.claim('k1')])
    expect(taken).toEqual(decided)
    expect(again).toBeNull()
    expect(await journal.find('k1')).toEqual({ ...decided, state: 'sending' })
    await journal.decide(mail('k2'), at)
    await journal.update('k2', (e) => ({ ...e, state: 'failed', attempts: 2, lastError: 'SMTP said no' }))
    expect(await other.claim('k2')).toMatchObject({ state: 'failed', attempts: 2 })
    expect(await journal.find('k2')).toMatchObject({ state: 'sending', attempts: 2, lastError: 'SMTP said no' })
    for (const state of ['sent', 'dropped', 'unsure'] as const) {
      await journal.decide(mail(`k-${state}`), at)
      await journal.update(`k-${state}`, (e) => ({ ...e, state }))
      expect(await journal.claim(`k-${state}`)).toBeNull()
      expect((await journal.find(`k-${state}`))!.state).toBe(state)
    }
    expect(await journal.claim('k9')).toBeNull()
    expect(await journal.find('k9')).toBeNull()
  })
})

describe('reading the journal', () => {
  it('lists only its own entries (not other files, not temp files), and an update of an unknown key writes nothing', async () => {
    await journal.decide(mail('k1'), at)
    // A backup whose name is a key and five characters more, and an entry cut short by a crash: neither is listed.
    writeFileSync(join(dataDir, 'booking-mail', 'k1.orig'), readFileSync(join(dataDir, 'booking-mail', 'k1.json')))
    writeFileSync(join(dataDir, 'booking-mail', 'k2.json'), '{"key": "k2", "sta')
    writeFileSync(join(dataDir, 'booking-mail', '.k3.json'), JSON.stringify({ key: 'k3' }))
    writeFileSync(join(dataDir, 'booking-mail', 'notes.txt'), 'x')
    expect((await journal.all()).map((e) => e.key)).toEqual(['k1'])
    expect(await journal.update('k9', (e) => ({ ...e, state: 'sent' }))).toBeNull()
    expect(readdirSync(join(dataDir, 'booking-mail')).sort()).toEqual(['.k3.json', 'k1.json', 'k1.orig', 'k2.json', 'notes.txt'])
    expect(await new BookingMailJournal(join(dataDir, 'none')).all()).toEqual([])
  })
})
