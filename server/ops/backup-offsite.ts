// Copies a backup archive to S3-compatible object storage (AWS S3, Backblaze B2, Cloudflare R2, MinIO...), so a dead
// disk does not take the backups with it. The AWS SDK finds the keys as it always does (AWS_ACCESS_KEY_ID and
// AWS_SECRET_ACCESS_KEY, a profile, or an instance role).
import { createReadStream } from 'node:fs'
import type { BackupS3Config } from '../lib/config'
import type { BackupInfo } from './backup'

/** Where the archive went, as `s3://bucket/key`. */
export async function copyToS3(backup: BackupInfo, s3: BackupS3Config): Promise<string> {
  // Loaded only when a bucket is configured: most sites never pay for the SDK at start-up.
  const { S3Client, PutObjectCommand } = await import('@aws-sdk/client-s3')
  // S3-compatible services take path-style addresses, and many do not understand the SDK's newer streamed checksums
  // (aws-chunked bodies): they would store the chunk framing as part of the file.
  const compatible = s3.endpoint ? { endpoint: s3.endpoint, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' as const } : {}
  const client = new S3Client({ region: s3.region, ...compatible })
  const key = `${s3.prefix}${backup.name}`
  try {
    await client.send(
      new PutObjectCommand({
        Bucket: s3.bucket,
        Key: key,
        Body: createReadStream(backup.file),
        ContentLength: backup.size,
        ContentType: 'application/gzip',
      }),
    )
  } finally {
    client.destroy()
  }
  return `s3://${s3.bucket}/${key}`
}
