// Copies a backup archive to S3-compatible object storage (AWS S3, Backblaze B2, Cloudflare R2, MinIO...), so a dead
// disk does not take the backups with it. The AWS SDK finds the keys as it always does (AWS_ACCESS_KEY_ID and
// AWS_SECRET_ACCESS_KEY, a profile, or an instance role). Each copy is encrypted to BACKUP_ENCRYPTION_KEY on the way
// out, so the bucket (and whoever reads it) holds no readable inquiry.
import { createReadStream, createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { S3Client } from '@aws-sdk/client-s3'
import type { BackupS3Config } from '../lib/config'
import type { BackupInfo } from './backup'
import { ENCRYPTED_SUFFIX, encryptArchive } from './backup-encryption'

async function s3Client(
  s3: Pick<BackupS3Config, 'endpoint' | 'region'>,
): Promise<{ client: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> {
  // Loaded only when a bucket is configured: most sites never pay for the SDK at start-up.
  const sdk = await import('@aws-sdk/client-s3')
  // S3-compatible services take path-style addresses, and many do not understand the SDK's newer streamed checksums
  // (aws-chunked bodies): they would store the chunk framing as part of the file.
  const compatible = s3.endpoint
    ? { endpoint: s3.endpoint, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' as const }
    : {}
  return { client: new sdk.S3Client({ region: s3.region, ...compatible }), sdk }
}

/** Where the copy went, as `s3://bucket/key`: `<archive>.age` encrypted, or the archive itself when BACKUP_S3_UNENCRYPTED. */
export async function copyToS3(backup: BackupInfo, s3: BackupS3Config): Promise<string> {
  let upload: { key: string; body: Readable; size: number; type: string }
  if (s3.recipients) {
    const encrypted = await encryptArchive(backup.file, backup.size, s3.recipients)
    upload = { key: `${s3.prefix}${backup.name}${ENCRYPTED_SUFFIX}`, ...encrypted, type: 'application/octet-stream' }
  } else {
    upload = { key: `${s3.prefix}${backup.name}`, body: createReadStream(backup.file), size: backup.size, type: 'application/gzip' }
  }
  const { client, sdk } = await s3Client(s3)
  try {
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: s3.bucket,
        Key: upload.key,
        Body: upload.body,
        ContentLength: upload.size,
        ContentType: upload.type,
      }),
    )
  } finally {
    upload.body.destroy()
    client.destroy()
  }
  return `s3://${s3.bucket}/${upload.key}`
}

/** `s3://bucket/key` split, or null for anything else. */
export function parseS3Uri(uri: string): { bucket: string; key: string } | null {
  const m = /^s3:\/\/([^/]+)\/(.+)$/.exec(uri)
  return m ? { bucket: m[1], key: m[2] } : null
}

/** Downloads one object (a backup copy) to `to`, owner-only. */
export async function downloadFromS3(uri: string, to: string, s3: Pick<BackupS3Config, 'endpoint' | 'region'>): Promise<void> {
  const target = parseS3Uri(uri)
  if (!target) throw new Error(`${uri} is not an s3://bucket/key address`)
  const { client, sdk } = await s3Client(s3)
  try {
    const object = await client.send(new sdk.GetObjectCommand({ Bucket: target.bucket, Key: target.key }))
    await pipeline(object.Body as Readable, createWriteStream(to, { mode: 0o600 }))
  } catch (err) {
    await rm(to, { force: true })
    throw err
  } finally {
    client.destroy()
  }
}
