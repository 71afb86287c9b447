// The off-site copy and the encrypted restore, in-process against a local S3-compatible server (s3rver) and small
// hand-made archives: the object's key, bucket, type and bytes; the download's file and its refusals; a copy encrypted
// to several keys; a wrong, invalid or missing key, a damaged or cut-short copy; a plain or encrypted archive restored.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buffer } from 'node:stream/consumers'
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { Decrypter, generateIdentity, identityToRecipient } from 'age-encryption'
import S3rver from 's3rver'
import * as tar from 'tar'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { RestoreRefused, type BackupInfo } from './backup'
import { decryptArchive, encryptArchive, restoreArchive } from './backup-encryption'
import { copyToS3, downloadFromS3 } from './backup-offsite'

let server: S3rver
let endpoint: string
let storage: string
let identity: string
let recipient: string
const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY }

beforeAll(async () => {
  storage = mkdtempSync(join(tmpdir(), 'balloon-s3-mutants-'))
  identity = await generateIdentity()
  recipient = await identityToRecipient(identity)
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: storage,
    configureBuckets: [
      { name: 'site-backups', configs: [] },
      { name: 'site-backups-old', configs: [] },
    ],
  })
  const { port } = await server.run()
  // A host name, not an address: the SDK puts the bucket in the host name unless told to keep it in the path.
  endpoint = `http://localhost:${port}`
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER'
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER'
})
afterAll(async () => {
  await server?.close()
  rmSync(storage, { recursive: true, force: true })
  for (const [key, value] of [
    ['AWS_ACCESS_KEY_ID', saved.id],
    ['AWS_SECRET_ACCESS_KEY', saved.secret],
  ] as const) {
    if (value === undefined) delete process.env[key]
    else process.env[key] = value
  }
})

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'balloon-offsite-mutants-'))
  dirs.push(dir)
  return dir
}

/** A small backup archive (data/ with one inquiry) named as the server names them. */
async function archive(dir: string, name = 'backup-2026-11-27T23-30-00-000Z.tar.gz'): Promise<BackupInfo> {
  const src = join(dir, 'src')
  mkdirSync(join(src, 'data', 'inquiries'), { recursive: true })
  writeFileSync(join(src, 'data', 'inquiries', 'a.json'), '{"email":"philippa.quorndon@example.com"}\n')
  const file = join(dir, name)
  await tar.c({ gzip: true, file, cwd: src, portable: true }, ['data'])
  rmSync(src, { recursive: true })
  return { file, name, at: '2026-11-27T23:30:00.000Z', size: statSync(file).size }
}

function s3(extra: Record<string, unknown> = {}) {
  return { bucket: 'site-backups', prefix: 'studio/', endpoint, region: 'us-east-1', recipients: [recipient], ...extra }
}

async function stored(bucket: string, key: string): Promise<{ bytes: Buffer; type: string | undefined }> {
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true })
  try {
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
    return { bytes: Buffer.from(await object.Body!.transformToByteArray()), type: object.ContentType }
  } finally {
    client.destroy()
  }
}

async function exists(bucket: string, key: string): Promise<boolean> {
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true })
  try {
    await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))
    return true
  } catch {
    return false
  } finally {
    client.destroy()
  }
}

async function decrypt(bytes: Buffer, key = identity): Promise<Buffer> {
  const d = new Decrypter()
  d.addIdentity(key)
  return Buffer.from(await d.decrypt(bytes))
}

describe('copyToS3', () => {
  it('an encrypted copy: <prefix><name>.age in the bucket named, an opaque type, the archive inside byte for byte', async () => {
    const backup = await archive(tempDir(), 'backup-2026-11-27T23-30-00-001Z.tar.gz')
    const where = await copyToS3(backup, s3())
    expect(where).toBe('s3://site-backups/studio/backup-2026-11-27T23-30-00-001Z.tar.gz.age')
    const { bytes, type } = await stored('site-backups', 'studio/backup-2026-11-27T23-30-00-001Z.tar.gz.age')
    expect(type).toBe('application/octet-stream')
    expect(bytes.subarray(0, 22).toString()).toBe('age-encryption.org/v1\n')
    expect(bytes.includes('philippa')).toBe(false)
    expect((await decrypt(bytes)).equals(readFileSync(backup.file))).toBe(true)
    expect(await exists('site-backups', 'studio/backup-2026-11-27T23-30-00-001Z.tar.gz')).toBe(false)
    expect(await exists('site-backups-old', 'studio/backup-2026-11-27T23-30-00-001Z.tar.gz.age')).toBe(false)
  })

  it('a plain copy only without recipients: <prefix><name>, a gzip type, byte for byte', async () => {
    const backup = await archive(tempDir(), 'backup-2026-11-27T23-30-00-002Z.tar.gz')
    const where = await copyToS3(backup, s3({ recipients: null, prefix: 'plain/', bucket: 'site-backups-old' }))
    expect(where).toBe('s3://site-backups-old/plain/backup-2026-11-27T23-30-00-002Z.tar.gz')
    const { bytes, type } = await stored('site-backups-old', 'plain/backup-2026-11-27T23-30-00-002Z.tar.gz')
    expect(type).toBe('application/gzip')
    expect(bytes.equals(readFileSync(backup.file))).toBe(true)
    expect(await exists('site-backups', 'plain/backup-2026-11-27T23-30-00-002Z.tar.gz')).toBe(false)
  })

  it('a bucket that does not exist is an error, not a silent success', async () => {
    const backup = await archive(tempDir())
    await expect(copyToS3(backup, s3({ bucket: 'site-backup' }))).rejects.toThrow(/The specified bucket does not exist/)
  })

  it('an encrypted copy says its exact size, and opens with any of its keys', async () => {
    const dir = tempDir()
    const backup = await archive(dir)
    const second = await generateIdentity()
    const { body, size } = await encryptArchive(backup.file, backup.size, [recipient, await identityToRecipient(second)])
    const bytes = await buffer(body)
    expect(size).toBe(bytes.length)
    expect(size).toBeGreaterThan(backup.size)
    expect((await decrypt(bytes, second)).equals(readFileSync(backup.file))).toBe(true)
    expect((await decrypt(bytes, identity)).equals(readFileSync(backup.file))).toBe(true)
  })
})

describe('downloadFromS3', () => {
  it('writes the object owner-only, byte for byte', async () => {
    const dir = tempDir()
    const backup = await archive(dir, 'backup-2026-11-27T23-30-00-003Z.tar.gz')
    await copyToS3(backup, s3({ recipients: null }))
    const to = join(dir, 'copy.tar.gz')
    await downloadFromS3('s3://site-backups/studio/backup-2026-11-27T23-30-00-003Z.tar.gz', to, { endpoint, region: 'us-east-1' })
    expect(readFileSync(to).equals(readFileSync(backup.file))).toBe(true)
    expect(statSync(to).mode & 0o777).toBe(0o600)
  })

  it('refuses an address that is not s3://bucket/key, and leaves no file for a key the bucket lacks', async () => {
    const dir = tempDir()
    const to = join(dir, 'copy.tar.gz')
    await expect(downloadFromS3('https://site-backups/studio/x', to, { endpoint, region: 'us-east-1' })).rejects.toThrow(
      new Error('https://site-backups/studio/x is not an s3://bucket/key address'),
    )
    await expect(downloadFromS3('s3://site-backups/studio/x\n', to, { endpoint, region: 'us-east-1' })).rejects.toThrow(
      new Error('s3://site-backups/studio/x\n is not an s3://bucket/key address'),
    )
    await expect(downloadFromS3('s3://site-backups/studio/missing.tar.gz', to, { endpoint, region: 'us-east-1' })).rejects.toThrow(
      /The specified key does not exist/,
    )
    expect(existsSync(to)).toBe(false)
    expect(readdirSync(dir)).toEqual([])
  })
})

describe('decryptArchive and restoreArchive', () => {
  async function encrypted(dir: string, name = 'backup-2026-11-27T23-30-00-000Z.tar.gz'): Promise<{ copy: string; plain: Buffer }> {
    const backup = await archive(dir, name)
    const { body } = await encryptArchive(backup.file, backup.size, [recipient])
    const copy = `${backup.file}.age`
    writeFileSync(copy, await buffer(body))
    const plain = readFileSync(backup.file)
    rmSync(backup.file)
    return { copy, plain }
  }

  it('decrypts with the right key among several, owner-only', async () => {
    const dir = tempDir()
    const { copy, plain } = await encrypted(dir)
    const to = join(dir, 'plain.tar.gz')
    await decryptArchive(copy, to, [await generateIdentity(), identity])
    expect(readFileSync(to).equals(plain)).toBe(true)
    expect(statSync(to).mode & 0o777).toBe(0o600)
  })

  it('no key, a wrong key, a copy cut short: the sentence for each, and no output left', async () => {
    const dir = tempDir()
    const { copy } = await encrypted(dir)
    const to = join(dir, 'plain.tar.gz')
    await expect(restoreArchive({ archive: copy, dataDir: join(dir, 'data') })).rejects.toThrow(
      new RestoreRefused(`${copy} is encrypted: give the secret key's file with --key FILE (or BACKUP_DECRYPTION_KEY_FILE)`),
    )
    expect(readdirSync(dir)).toEqual(['backup-2026-11-27T23-30-00-000Z.tar.gz.age'])
    await expect(decryptArchive(copy, to, [await generateIdentity()])).rejects.toThrow(
      new RestoreRefused(
        `${copy} was not encrypted to this key: it needs the secret key whose public key is BACKUP_ENCRYPTION_KEY at the time of the backup`,
      ),
    )
    expect(existsSync(to)).toBe(false)
    const short = join(dir, 'short.age')
    const bytes = readFileSync(copy)
    writeFileSync(short, bytes.subarray(0, bytes.length - 20))
    await expect(decryptArchive(short, to, [identity])).rejects.toThrow(RestoreRefused)
    await expect(decryptArchive(short, to, [identity])).rejects.toThrow(`${short} could not be decrypted (damaged or not a backup copy): `)
    expect(existsSync(to)).toBe(false)
  })

  it('restores an encrypted copy into a folder whose parent is new, leaving no decrypted copy behind', async () => {
    const dir = tempDir()
    const { copy } = await encrypted(dir)
    const dataDir = join(dir, 'new', 'place', 'data')
    expect(await restoreArchive({ archive: copy, dataDir, identities: [identity] })).toEqual({
      files: 1,
      movedAside: undefined,
      contentRoot: undefined,
    })
    expect(readFileSync(join(dataDir, 'inquiries', 'a.json'), 'utf8')).toContain('philippa.quorndon@example.com')
    expect(readdirSync(join(dir, 'new', 'place'))).toEqual(['data'])
    expect(readdirSync(dir).sort()).toEqual(['backup-2026-11-27T23-30-00-000Z.tar.gz.age', 'new'])
  })

  it('restores a plain archive without any key', async () => {
    const dir = tempDir()
    const backup = await archive(dir)
    const dataDir = join(dir, 'data')
    expect((await restoreArchive({ archive: backup.file, dataDir })).files).toBe(1)
    expect(readdirSync(join(dataDir, 'inquiries'))).toEqual(['a.json'])
  })

  it("an encrypted copy of something that is no backup is refused in the copy's own name, and nothing is left", async () => {
    const dir = tempDir()
    const src = join(dir, 'src')
    mkdirSync(src)
    writeFileSync(join(src, 'notes.txt'), 'not a backup')
    const file = join(dir, 'backup-2026-11-27T23-30-00-000Z.tar.gz')
    await tar.c({ gzip: true, file, cwd: src }, ['notes.txt'])
    rmSync(src, { recursive: true })
    const { body } = await encryptArchive(file, statSync(file).size, [recipient])
    writeFileSync(`${file}.age`, await buffer(body))
    rmSync(file)
    const dataDir = join(dir, 'data')
    await expect(restoreArchive({ archive: `${file}.age`, dataDir, identities: [identity] })).rejects.toThrow(
      new RestoreRefused(`${file}.age is not a backup of this site (no data/ inside)`),
    )
    expect(readdirSync(dir)).toEqual(['backup-2026-11-27T23-30-00-000Z.tar.gz.age'])
  })

  it('a data folder that is not empty is refused for an encrypted copy as for a plain one, untouched', async () => {
    const dir = tempDir()
    const { copy } = await encrypted(dir)
    const dataDir = join(dir, 'data')
    mkdirSync(dataDir)
    writeFileSync(join(dataDir, 'keep.json'), '{}')
    await expect(restoreArchive({ archive: copy, dataDir, identities: [identity] })).rejects.toThrow(
      new RestoreRefused(`${dataDir} is not empty; restore into an empty directory, or add --force to move its files aside first`),
    )
    expect(readdirSync(dataDir)).toEqual(['keep.json'])
    const forced = await restoreArchive({ archive: copy, dataDir, identities: [identity], force: true })
    expect(forced.movedAside).toMatch(new RegExp(`^${dataDir}\\.before-restore-`))
    expect(readdirSync(join(dataDir, 'inquiries'))).toEqual(['a.json'])
  })
})
