// Each backup copied to S3-compatible storage, against a local S3-compatible server (s3rver) on this machine.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app'

let server: S3rver
let endpoint: string
let storage: string
const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY }

beforeAll(async () => {
  storage = mkdtempSync(join(tmpdir(), 'balloon-s3-'))
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: storage, configureBuckets: [{ name: 'site-backups', configs: [] }] })
  const { port } = await server.run()
  endpoint = `http://127.0.0.1:${port}`
  // The SDK's usual variables; s3rver checks signatures made with these.
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER'
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER'
})
afterAll(async () => {
  await server?.close()
  rmSync(storage, { recursive: true, force: true })
  for (const [key, value] of [['AWS_ACCESS_KEY_ID', saved.id], ['AWS_SECRET_ACCESS_KEY', saved.secret]] as const) {
    if (value === undefined) delete process.env[key]
    else process.env[key] = value
  }
})

const apps: TestApp[] = []
afterEach(async () => {
  for (const a of apps.splice(0)) await a.cleanup()
})

describe('copy to S3-compatible storage', () => {
  it('puts each archive under BACKUP_S3_PREFIX, byte for byte, and the status names the target', async () => {
    const t = await createTestApp({ env: { BACKUP_S3_BUCKET: 'site-backups', BACKUP_S3_PREFIX: 'studio/', AWS_ENDPOINT_URL: endpoint } })
    apps.push(t)
    const backup = await t.deps.backups.runNow()
    const s3 = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true })
    const object = await s3.send(new GetObjectCommand({ Bucket: 'site-backups', Key: `studio/${backup.name}` }))
    const bytes = Buffer.from(await object.Body!.transformToByteArray())
    s3.destroy()
    expect(bytes.equals(readFileSync(backup.file))).toBe(true)
    const status = await t.deps.backups.status()
    expect(status).toMatchObject({ offsite: 's3://site-backups/studio/', warning: null, lastError: null })
  })

  it('keeps the archive here and warns in the dashboard when the copy fails', async () => {
    const t = await createTestApp({ env: { BACKUP_S3_BUCKET: 'no-such-bucket', AWS_ENDPOINT_URL: endpoint } })
    apps.push(t)
    await expect(t.deps.backups.runNow()).rejects.toThrow()
    const status = await (await t.call('GET', '/api/admin/backups', { cookie: await t.login() })).json()
    expect(status.last.name).toMatch(/^backup-/)
    expect(status.warning).toMatch(/^The last backup was not copied to S3: .*bucket/i)
  })
})
