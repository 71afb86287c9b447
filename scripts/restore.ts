// Restores a backup archive into an empty data directory (and, if asked, a new content repository): see --help.
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { parseArgs } from 'node:util'
import { describeFolders, loadSiteConfig } from '../server/lib/site-folders'
import { readIdentityFile, restoreArchive } from '../server/ops/backup-encryption'
import { downloadFromS3, parseS3Uri } from '../server/ops/backup-offsite'

const HELP = `
Usage: npm run restore -- <archive | s3://bucket/key | name in the bucket> [options]

Unpacks data/ from a backup archive (npm run backup) into the data directory,
which must be empty or not exist yet. Stop the server first, and start it
again afterwards.

An encrypted copy (backup-<time>.tar.gz.age, from BACKUP_S3_BUCKET) is
decrypted first with the secret key of BACKUP_ENCRYPTION_KEY: --key FILE or
BACKUP_DECRYPTION_KEY_FILE. A wrong key is refused before anything changes.
A copy in the bucket is downloaded first: give s3://bucket/key, or just its
name when BACKUP_S3_BUCKET is set (BACKUP_S3_PREFIX is added).

Options:
  --key FILE          the age identity file (AGE-SECRET-KEY-1..., from
                      npm run backup:keygen) for an encrypted copy
  --data-dir DIR      where to restore the data (default: $DATA_DIR, else <CONTENT_ROOT>/data)
  --content-root DIR  also make the content repository here from the archive's
                      git bundle (an empty or new directory); then start the
                      server with CONTENT_ROOT=DIR
  --force             restore over a data directory that is not empty: its
                      files are moved aside to <DATA_DIR>.before-restore-<time>,
                      never deleted
  -h, --help          show this help

DATA_DIR and CONTENT_ROOT are read as the server reads them: from the
environment, and from ENV_FILE=/etc/balloon-site/site.env when set. The
folders acted on are printed first.
`

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'data-dir': { type: 'string' },
    'content-root': { type: 'string' },
    key: { type: 'string' },
    force: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
})
if (values.help) {
  process.stdout.write(HELP)
  process.exit(0)
}
const source = positionals[0]
if (!source || positionals.length > 1) {
  process.stderr.write(`Name one backup archive.\n${HELP}`)
  process.exit(2)
}
let download: string | undefined
try {
  const { config, envFile } = loadSiteConfig(process.env, { DATA_DIR: values['data-dir'] })
  process.stdout.write(`${describeFolders(config, envFile)}\n`)
  const keyFile = values.key ?? process.env.BACKUP_DECRYPTION_KEY_FILE
  const identities = keyFile ? await readIdentityFile(keyFile) : []
  let archive = source
  const inBucket =
    !existsSync(source) && config.backupS3 && !source.includes('/')
      ? `s3://${config.backupS3.bucket}/${config.backupS3.prefix}${source}`
      : undefined
  const uri = parseS3Uri(source) ? source : inBucket
  if (uri) {
    download = await mkdtemp(join(tmpdir(), 'balloon-restore-'))
    archive = join(download, basename(parseS3Uri(uri)!.key))
    const s3 = config.backupS3 ?? {
      endpoint: process.env.AWS_ENDPOINT_URL_S3 ?? process.env.AWS_ENDPOINT_URL,
      region: process.env.AWS_REGION ?? 'us-east-1',
    }
    await downloadFromS3(uri, archive, s3)
    process.stdout.write(`Downloaded ${uri}\n`)
  }
  const result = await restoreArchive({
    archive,
    identities,
    dataDir: config.dataDir,
    contentRoot: values['content-root'],
    force: values.force,
  })
  process.stdout.write(`Restored ${result.files} files into ${config.dataDir}\n`)
  if (result.movedAside) process.stdout.write(`The files that were there are in ${result.movedAside}\n`)
  if (result.contentRoot) process.stdout.write(`Content repository restored into ${result.contentRoot}\n`)
} catch (err) {
  process.stderr.write(`Restore failed: ${(err as Error).message}\n`)
  process.exitCode = 1
} finally {
  if (download) await rm(download, { recursive: true, force: true })
}
