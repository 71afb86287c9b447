// The owner's passkeys and one-time recovery codes in DATA_DIR/passkeys.json (public keys and code hashes only).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { SerialQueue, writeFileDurable } from '../lib/durable-file'

export interface StoredPasskey {
  id: string
  /** The credential's public key, base64url. */
  publicKey: string
  counter: number
  transports?: string[]
  label: string
  createdAt: string
  lastUsedAt?: string
}

interface PasskeyFile {
  passkeys: StoredPasskey[]
  /** SHA-256 (hex) of each unused recovery code. */
  recoveryCodes: string[]
}

const RECOVERY_CODES = 10
const hash = (code: string) => createHash('sha256').update(code.replace(/[\s-]/g, '').toUpperCase()).digest('hex')

/** "K7QX-M2PA-9DWE": 60 bits, letters and digits a person reads without mistakes. */
function recoveryCode(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
  const bytes = randomBytes(12)
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('')
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`
}

export class PasskeyStore {
  private readonly path: string
  private readonly queue = new SerialQueue()

  constructor(dataDir: string) {
    this.path = join(dataDir, 'passkeys.json')
  }

  private async read(): Promise<PasskeyFile> {
    try {
      const data = JSON.parse(await readFile(this.path, 'utf8')) as Partial<PasskeyFile>
      return { passkeys: data.passkeys ?? [], recoveryCodes: data.recoveryCodes ?? [] }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { passkeys: [], recoveryCodes: [] }
      throw err
    }
  }

  private change<T>(edit: (file: PasskeyFile) => T): Promise<T> {
    return this.queue.run(async () => {
      const file = await this.read()
      const result = edit(file)
      await writeFileDurable(this.path, JSON.stringify(file, null, 2))
      return result
    })
  }

  async list(): Promise<StoredPasskey[]> {
    return (await this.read()).passkeys
  }

  async find(id: string): Promise<StoredPasskey | null> {
    return (await this.list()).find((p) => p.id === id) ?? null
  }

  /** Adds a passkey; the first one also makes the recovery codes, answered once in plain text (only hashes are kept). */
  add(passkey: StoredPasskey): Promise<{ recoveryCodes: string[] | null }> {
    return this.change((file) => {
      file.passkeys.push(passkey)
      if (file.recoveryCodes.length) return { recoveryCodes: null }
      const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode)
      file.recoveryCodes = codes.map(hash)
      return { recoveryCodes: codes }
    })
  }

  used(id: string, counter: number, at: string): Promise<void> {
    return this.change((file) => {
      const p = file.passkeys.find((x) => x.id === id)
      if (p) Object.assign(p, { counter, lastUsedAt: at })
    })
  }

  remove(id: string): Promise<boolean> {
    return this.change((file) => {
      const before = file.passkeys.length
      file.passkeys = file.passkeys.filter((p) => p.id !== id)
      // With no passkey left, the codes that stood in for one go too.
      if (file.passkeys.length === 0) file.recoveryCodes = []
      return file.passkeys.length < before
    })
  }

  /** Spends a recovery code: true once per code. */
  useRecoveryCode(code: string): Promise<boolean> {
    const given = Buffer.from(hash(code), 'hex')
    return this.change((file) => {
      const index = file.recoveryCodes.findIndex((h) => timingSafeEqual(Buffer.from(h, 'hex'), given))
      if (index < 0) return false
      file.recoveryCodes.splice(index, 1)
      return true
    })
  }

  async recoveryCodesLeft(): Promise<number> {
    return (await this.read()).recoveryCodes.length
  }
}
