// Admin password hashing: scrypt N=2^17, r=8, p=1, 16-byte salt, constant-time comparison.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto'

const KEY_LENGTH = 32
const COST = { N: 2 ** 17, r: 8, p: 1 }

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key))),
  )
}

/** Node's default maxmem (32 MiB) is below what N=2^17, r=8 needs (128 MiB). */
const maxmem = (N: number, r: number) => 128 * N * r * 2

/** Encoded as `scrypt$N$r$p$salt$hash` (base64), the format ADMIN_PASSWORD_HASH takes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scrypt(password, salt, KEY_LENGTH, { ...COST, maxmem: maxmem(COST.N, COST.r) })
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$')
}

export function isPasswordHash(encoded: string): boolean {
  return /^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/.test(encoded)
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  if (!isPasswordHash(encoded)) return false
  const [, n, r, p, saltB64, keyB64] = encoded.split('$')
  const expected = Buffer.from(keyB64, 'base64')
  const N = Number(n)
  const R = Number(r)
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, { N, r: R, p: Number(p), maxmem: maxmem(N, R) })
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/** A strong generated password: 24 characters from an unambiguous alphabet (~137 bits). */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  const bytes = randomBytes(48)
  let out = ''
  for (const b of bytes) {
    // Rejection sampling keeps every character equally likely.
    if (b < 256 - (256 % alphabet.length)) out += alphabet[b % alphabet.length]
    if (out.length === 24) break
  }
  return out.length === 24 ? out : generatePassword()
}
