// Backup archives encrypted with age (age-encryption.org) for the trip off the machine, and decrypted for a restore.
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, mkdtemp, open, readFile, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { Decrypter, Encrypter } from 'age-encryption'
import { restoreBackup, RestoreRefused, type RestoreOptions, type RestoreResult } from './backup'

/** An encrypted copy is named `<archive name>.age`. */
export const ENCRYPTED_SUFFIX = '.age'
/** Every age file starts with this line, whatever it was encrypted to. */
const AGE_MAGIC = Buffer.from('age-encryption.org/v1\n')

function webStream(file: string): ReadableStream<Uint8Array> {
  return Readable.toWeb(createReadStream(file)) as unknown as ReadableStream<Uint8Array>
}

/** The archive encrypted to the recipients, as a stream (nothing is held whole in memory) and its exact size. */
export async function encryptArchive(file: string, size: number, recipients: string[]): Promise<{ body: Readable; size: number }> {
  const encrypter = new Encrypter()
  for (const recipient of recipients) encrypter.addRecipient(recipient)
  const encrypted = await encrypter.encrypt(webStream(file))
  return { body: Readable.fromWeb(encrypted as unknown as WebReadableStream<Uint8Array>), size: encrypted.size(size) }
}

export async function isEncryptedArchive(file: string): Promise<boolean> {
  const handle = await open(file, 'r')
  try {
    const head = Buffer.alloc(AGE_MAGIC.length)
    const { bytesRead } = await handle.read(head, 0, head.length, 0)
    return bytesRead === head.length && head.equals(AGE_MAGIC)
  } finally {
    await handle.close()
  }
}

/**
 * The secret keys in an identity file as `npm run backup:keygen` (or age-keygen) writes it: one
 * `AGE-SECRET-KEY-1…` per line, `#` comments.
 */
export async function readIdentityFile(path: string): Promise<string[]> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (err) {
    throw new RestoreRefused(`cannot read the backup key file ${path}: ${(err as Error).message}`)
  }
  const keys = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
  if (keys.length === 0 || !keys.every((k) => k.startsWith('AGE-SECRET-KEY-'))) {
    throw new RestoreRefused(`${path} is not an age identity file (lines of AGE-SECRET-KEY-1…, as npm run backup:keygen prints)`)
  }
  return keys
}

/**
 * Decrypts an encrypted archive into `to` (made owner-only). A wrong key, or a copy altered or cut short in storage,
 * is refused and leaves nothing behind: age authenticates every chunk, so the output is whole or removed.
 */
export async function decryptArchive(file: string, to: string, identities: string[]): Promise<void> {
  if (identities.length === 0) {
    throw new RestoreRefused(`${file} is encrypted: give the secret key's file with --key FILE (or BACKUP_DECRYPTION_KEY_FILE)`)
  }
  const decrypter = new Decrypter()
  try {
    for (const identity of identities) decrypter.addIdentity(identity)
  } catch (err) {
    throw new RestoreRefused(`the backup key is not a valid age secret key: ${(err as Error).message}`)
  }
  try {
    const plain = await decrypter.decrypt(webStream(file))
    await pipeline(Readable.fromWeb(plain as unknown as WebReadableStream<Uint8Array>), createWriteStream(to, { mode: 0o600 }))
  } catch (err) {
    await rm(to, { force: true })
    const message = (err as Error).message
    if (/no identity matched/.test(message)) {
      throw new RestoreRefused(
        `${file} was not encrypted to this key: it needs the secret key whose public key is BACKUP_ENCRYPTION_KEY at the time of the backup`,
      )
    }
    throw new RestoreRefused(`${file} could not be decrypted (damaged or not a backup copy): ${message}`)
  }
}

/**
 * restoreBackup for a plain archive or an encrypted copy: the copy is decrypted whole beside the data directory
 * first, so a wrong key or a damaged copy is refused before anything is touched.
 */
export async function restoreArchive(options: RestoreOptions & { identities?: string[] }): Promise<RestoreResult> {
  const { identities = [], ...restore } = options
  if (!(await isEncryptedArchive(restore.archive))) return restoreBackup(restore)
  const parent = dirname(restore.dataDir)
  await mkdir(parent, { recursive: true })
  const scratch = await mkdtemp(join(parent, `.${basename(restore.dataDir)}.decrypt-`))
  try {
    const plain = join(scratch, basename(restore.archive).replace(/\.age$/, ''))
    await decryptArchive(restore.archive, plain, identities)
    return await restoreBackup({ ...restore, archive: plain }).catch((err: unknown) => {
      // A refusal names the copy the owner gave, not the decrypted file about to be removed.
      throw err instanceof RestoreRefused ? new RestoreRefused(err.message.replaceAll(plain, restore.archive)) : err
    })
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}
