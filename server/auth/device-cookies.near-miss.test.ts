// Device cookies with the values that almost pass: the signature one character off, another owner's or another key's
// cookie, the id and signature cut or lengthened by one, stray characters around a genuine value.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DEVICE_KEY_FILE, DeviceCookies } from './device-cookies'

const key = Buffer.alloc(32, 7)
const cookies = new DeviceCookies(key, 'owner')
const flip = (text: string, at: number) => `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`

describe('a device cookie', () => {
  it('a genuine one names its device', () => {
    const value = cookies.issue()
    expect(cookies.verify(value)).toBe(value.split('.')[0])
    expect(value).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/)
  })

  it('refuses the near misses', () => {
    const value = cookies.issue()
    const [id, signature] = value.split('.')
    for (const [what, forged] of [
      ['last signature character', flip(value, value.length - 1)],
      ['first signature character', flip(value, 23)],
      ['an id character under the same signature', flip(value, 0)],
      ['another owner', new DeviceCookies(key, 'owner2').issue()],
      ['another key', new DeviceCookies(Buffer.alloc(32, 8), 'owner').issue()],
      ['signature one short', value.slice(0, -1)],
      ['signature one long', `${value}A`],
      ['id one short', `${id.slice(1)}.${signature}`],
      ['id one long', `A${value}`],
      ['space after', `${value} `],
      ['newline after', `${value}\n`],
      ['two dots', `${id}..${signature}`],
      ['no dot', `${id}${signature}`],
      ['padding', `${value}=`],
      ['the signature alone', signature],
      ['empty', ''],
      ['very long', `${value}${'A'.repeat(200)}`],
    ] as const)
      expect(cookies.verify(forged), what).toBeNull()
    expect(cookies.verify(undefined)).toBeNull()
  })
})

describe('the signing key', () => {
  let dir: string
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('is made once, owner-only, and kept: a cookie from before a restart still passes', async () => {
    dir = mkdtempSync(join(tmpdir(), 'device-key-'))
    const first = await DeviceCookies.load(dir, 'owner')
    const value = first.issue()
    expect(statSync(join(dir, DEVICE_KEY_FILE)).mode & 0o777).toBe(0o600)
    expect((await DeviceCookies.load(dir, 'owner')).verify(value)).not.toBeNull()
  })

  it('a key file one byte short is replaced: the old cookies stop passing', async () => {
    dir = mkdtempSync(join(tmpdir(), 'device-key-'))
    writeFileSync(join(dir, DEVICE_KEY_FILE), `${Buffer.alloc(31, 7).toString('base64url')}\n`)
    const short = new DeviceCookies(Buffer.alloc(31, 7), 'owner').issue()
    const loaded = await DeviceCookies.load(dir, 'owner')
    expect(loaded.verify(short)).toBeNull()
    expect(Buffer.from(readFileSync(join(dir, DEVICE_KEY_FILE), 'utf8').trim(), 'base64url')).toHaveLength(32)
  })
})
