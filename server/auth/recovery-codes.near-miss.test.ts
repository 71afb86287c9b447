// Recovery codes with the values that almost pass: one character off, a prefix, one character more, a code spent
// already; and the ways a person types a right one (lower case, spaces, no dashes).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PasskeyStore, type StoredPasskey } from './passkeys.store'

let dir: string
let store: PasskeyStore
let codes: string[]
const passkey = (id: string): StoredPasskey => ({
  id,
  publicKey: 'cHVibGlj',
  counter: 0,
  label: 'Phone',
  createdAt: '2026-11-27T00:00:00.000Z',
})

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'recovery-'))
  store = new PasskeyStore(dir)
  codes = (await store.add(passkey('pk-1'))).recoveryCodes!
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('recovery codes', () => {
  it('ten codes in the readable alphabet, shown once and kept only as hashes', async () => {
    expect(codes).toHaveLength(10)
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/)
    expect(new Set(codes).size).toBe(10)
    expect((await store.add(passkey('pk-2'))).recoveryCodes).toBeNull()
    const file = readFileSync(join(dir, 'passkeys.json'), 'utf8')
    for (const code of codes) expect(file).not.toContain(code.replace(/-/g, ''))
  })

  it('keeps each code as its SHA-256 in hex, so a restart still takes a right one', async () => {
    const file = JSON.parse(readFileSync(join(dir, 'passkeys.json'), 'utf8'))
    expect(file.recoveryCodes).toHaveLength(10)
    for (const h of file.recoveryCodes) expect(h).toMatch(/^[0-9a-f]{64}$/)
    const restarted = new PasskeyStore(dir)
    expect(await restarted.useRecoveryCode(codes[3]!)).toBe(true)
    expect(await restarted.recoveryCodesLeft()).toBe(9)
  })

  it('refuses a code one character off, a prefix, one character more, or empty, and spends nothing', async () => {
    const code = codes[0]!
    const other = (c: string) => (c === 'A' ? 'B' : 'A')
    for (const guess of [
      `${code.slice(0, -1)}${other(code.at(-1)!)}`,
      code.slice(0, -1),
      `${code}A`,
      `A${code}`,
      code.slice(0, 9),
      '',
      '----',
    ]) {
      expect(await store.useRecoveryCode(guess), guess).toBe(false)
    }
    expect(await store.recoveryCodesLeft()).toBe(10)
  })

  it('takes a right code typed in lower case, with spaces or without dashes, once', async () => {
    expect(await store.useRecoveryCode(codes[0]!.toLowerCase())).toBe(true)
    expect(await store.useRecoveryCode(` ${codes[1]!.replace(/-/g, ' ')} `)).toBe(true)
    expect(await store.useRecoveryCode(codes[2]!.replace(/-/g, ''))).toBe(true)
    expect(await store.useRecoveryCode(codes[0]!)).toBe(false)
    expect(await store.recoveryCodesLeft()).toBe(7)
  })

  it('removing the last passkey takes the codes with it; one of two leaves them', async () => {
    await store.add(passkey('pk-2'))
    expect(await store.remove('pk-1')).toBe(true)
    expect(await store.recoveryCodesLeft()).toBe(10)
    expect(await store.remove('pk-2')).toBe(true)
    expect(await store.recoveryCodesLeft()).toBe(0)
    expect(await store.useRecoveryCode(codes[3]!)).toBe(false)
    expect(await store.remove('pk-2')).toBe(false)
  })
})
