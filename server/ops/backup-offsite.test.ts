// Each backup copied to S3-compatible storage, encrypted, against a local S3-compatible server (s3rver) on this machine.
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { Decrypter, generateIdentity, identityToRecipient } from 'age-encryption'
import S3rver from 's3rver'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { GARLANDS_SERVICE, sampleInquiry } from '../inquiries/testing-inquiry'
import { REPO_ROOT } from '../testing/temp-content'
import { createTestApp, fixtureFiles, makeJpeg, type TestApp } from '../testing/test-app'
import { RestoreRefused } from './backup'
import { restoreArchive } from './backup-encryption'
import { downloadFromS3 } from './backup-offsite'

let server: S3rver
let endpoint: string
let storage: string
let identity: string
let recipient: string
const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY }

beforeAll(async () => {
  storage = mkdtempSync(join(tmpdir(), 'balloon-s3-'))
  identity = await generateIdentity()
  recipient = await identityToRecipient(identity)
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: storage,
    configureBuckets: [{ name: 'site-backups', configs: [] }],
  })
  const { port } = await server.run()
  endpoint = `http://127.0.0.1:${port}`
  // The SDK's usual variables; s3rver checks signatures made with these.
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

const apps: TestApp[] = []
const dirs: string[] = []
afterEach(async () => {
  for (const a of apps.splice(0)) await a.cleanup()
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'balloon-offsite-'))
  dirs.push(dir)
  return dir
}

async function getObject(key: string): Promise<Buffer> {
  const s3 = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true })
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: 'site-backups', Key: key }))
    return Buffer.from(await object.Body!.transformToByteArray())
  } finally {
    s3.destroy()
  }
}

/** A site with one inquiry from a customer whose name and e-mail must not be readable in the bucket. */
async function siteWithInquiry(env: Record<string, string>): Promise<TestApp> {
  const files = { ...fixtureFiles(await makeJpeg()), 'content/services/balloon-garlands.yaml': GARLANDS_SERVICE }
  const t = await createTestApp({
    files,
    env: { BACKUP_S3_BUCKET: 'site-backups', BACKUP_S3_PREFIX: 'studio/', AWS_ENDPOINT_URL: endpoint, ...env },
  })
  apps.push(t)
  const res = await t.call('POST', '/api/contact', {
    json: sampleInquiry({ firstName: 'Philippa', lastName: 'Quorndon', email: 'philippa.quorndon@example.com' }),
  })
  expect(res.status).toBe(200)
  return t
}

const SLOW = 120_000

describe('copy to S3-compatible storage', () => {
  it('puts each archive under BACKUP_S3_PREFIX encrypted to BACKUP_ENCRYPTION_KEY: the bucket holds no readable customer data', async () => {
    const t = await siteWithInquiry({ BACKUP_ENCRYPTION_KEY: recipient })
    const backup = await t.deps.backups.runNow()
    const archive = readFileSync(backup.file)
    // The plain archive does hold the customer (so the checks below would see it if it leaked).
    expect(gunzipSync(archive).includes('philippa.quorndon@example.com')).toBe(true)

    const stored = await getObject(`studio/${backup.name}.age`)
    await expect(getObject(`studio/${backup.name}`)).rejects.toThrow() // never the plain archive
    expect(stored.subarray(0, 22).toString()).toBe('age-encryption.org/v1\n')
    for (const readable of ['Philippa', 'Quorndon', 'philippa.quorndon@example.com', 'data/inquiries'])
      expect(stored.includes(readable)).toBe(false)
    // Not gzip, and the archive's gzip stream is nowhere inside.
    expect(stored.subarray(0, 2).equals(Buffer.from([0x1f, 0x8b]))).toBe(false)
    expect(() => gunzipSync(stored)).toThrow()
    expect(stored.includes(archive.subarray(0, 64))).toBe(false)

    // The secret key gives back the archive, byte for byte.
    const decrypter = new Decrypter()
    decrypter.addIdentity(identity)
    expect(Buffer.from(await decrypter.decrypt(stored)).equals(archive)).toBe(true)
    const status = await t.deps.backups.status()
    expect(status).toMatchObject({ offsite: 's3://site-backups/studio/', warning: null, lastError: null })
  })

  it('a copy downloaded from the bucket restores with the secret key, and a wrong key is refused before anything changes', async () => {
    const t = await siteWithInquiry({ BACKUP_ENCRYPTION_KEY: recipient })
    const backup = await t.deps.backups.runNow()
    const dir = tempDir()
    const copy = join(dir, `${backup.name}.age`)
    await downloadFromS3(`s3://site-backups/studio/${backup.name}.age`, copy, { endpoint, region: 'us-east-1' })

    const dataDir = join(dir, 'data')
    const wrong = restoreArchive({ archive: copy, dataDir, identities: [await generateIdentity()] })
    await expect(wrong).rejects.toThrow(RestoreRefused)
    await expect(restoreArchive({ archive: copy, dataDir, identities: [await generateIdentity()] })).rejects.toThrow(
      /was not encrypted to this key/,
    )
    await expect(restoreArchive({ archive: copy, dataDir })).rejects.toThrow(/is encrypted: give the secret key's file with --key/)
    expect(readdirSync(dir)).toEqual([copy.split('/').at(-1)]) // no data directory, no decrypted leftovers

    // Altered in storage: refused too (age authenticates every chunk).
    const tampered = readFileSync(copy)
    tampered[tampered.length - 5] ^= 1
    writeFileSync(join(dir, 'tampered.age'), tampered)
    await expect(restoreArchive({ archive: join(dir, 'tampered.age'), dataDir, identities: [identity] })).rejects.toThrow(
      /could not be decrypted/,
    )
    expect(existsSync(dataDir)).toBe(false)

    const result = await restoreArchive({ archive: copy, dataDir, identities: [identity] })
    expect(result.files).toBeGreaterThan(0)
    const [inquiry] = readdirSync(join(dataDir, 'inquiries'))
    expect(readFileSync(join(dataDir, 'inquiries', inquiry), 'utf8')).toContain('philippa.quorndon@example.com')
  })

  it(
    'npm run restore takes a name in the bucket and --key, downloads, decrypts and restores; a wrong key fails with a clear message',
    async () => {
      const t = await siteWithInquiry({ BACKUP_ENCRYPTION_KEY: recipient })
      const backup = await t.deps.backups.runNow()
      const dir = tempDir()
      writeFileSync(join(dir, 'right.txt'), `# public key: ${recipient}\n${identity}\n`)
      writeFileSync(join(dir, 'wrong.txt'), `${await generateIdentity()}\n`)
      const env = {
        PATH: process.env.PATH,
        AWS_ACCESS_KEY_ID: 'S3RVER',
        AWS_SECRET_ACCESS_KEY: 'S3RVER',
        AWS_ENDPOINT_URL: endpoint,
        BACKUP_S3_BUCKET: 'site-backups',
        BACKUP_S3_PREFIX: 'studio/',
        BACKUP_ENCRYPTION_KEY: recipient,
        CONTENT_ROOT: t.root,
      }
      const dataDir = join(dir, 'data')
      // Asynchronous: s3rver answers the script's download from this very process.
      const restore = (...args: string[]) =>
        new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
          const argv = ['--import', 'tsx', join(REPO_ROOT, 'scripts/restore.ts'), `${backup.name}.age`, '--data-dir', dataDir, ...args]
          execFile(process.execPath, argv, { cwd: REPO_ROOT, env }, (err, stdout, stderr) =>
            done({ code: err ? Number(err.code) : 0, stdout, stderr }),
          )
        })

      const refused = await restore('--key', join(dir, 'wrong.txt'))
      expect(refused.code).toBe(1)
      expect(refused.stderr).toMatch(/^Restore failed: .*was not encrypted to this key/)
      expect(existsSync(dataDir)).toBe(false)

      const done = await restore('--key', join(dir, 'right.txt'))
      expect(done.stderr).toBe('')
      expect(done.stdout).toContain(`Downloaded s3://site-backups/studio/${backup.name}.age`)
      expect(readdirSync(join(dataDir, 'inquiries'))).toHaveLength(1)
    },
    SLOW,
  )

  it('copies the plain archive, byte for byte, only when BACKUP_S3_UNENCRYPTED=1 says so', async () => {
    const t = await createTestApp({
      env: { BACKUP_S3_BUCKET: 'site-backups', BACKUP_S3_PREFIX: 'plain/', BACKUP_S3_UNENCRYPTED: '1', AWS_ENDPOINT_URL: endpoint },
    })
    apps.push(t)
    const backup = await t.deps.backups.runNow()
    expect((await getObject(`plain/${backup.name}`)).equals(readFileSync(backup.file))).toBe(true)
  })

  it('keeps the archive here and warns in the dashboard when the copy fails', async () => {
    const t = await createTestApp({
      env: { BACKUP_S3_BUCKET: 'no-such-bucket', BACKUP_ENCRYPTION_KEY: recipient, AWS_ENDPOINT_URL: endpoint },
    })
    apps.push(t)
    await expect(t.deps.backups.runNow()).rejects.toThrow()
    const status = await (await t.call('GET', '/api/admin/backups', { cookie: await t.login() })).json()
    expect(status.last.name).toMatch(/^backup-/)
    expect(status.warning).toMatch(/^The last backup was not copied to S3: .*bucket/i)
  })
})
