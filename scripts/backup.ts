// Writes one backup archive (the data directory and a git bundle of the content repository): see --help.
import { parseArgs } from 'node:util'
import { describeFolders, loadSiteConfig } from '../server/lib/site-folders'
import { createBackup } from '../server/ops/backup'
import { copyToS3 } from '../server/ops/backup-offsite'

const HELP = `
Usage: npm run backup [-- options]

Writes backup-<UTC time>.tar.gz into the backup folder: data/ (inquiries,
subscribers, sessions, the admin password hash, insights; not the image
copies, which are made again on demand) and content.bundle (a git bundle of
every branch of the content repository). Safe while the site is running and
taking inquiries. Keeps the newest BACKUP_KEEP archives (default 14).

Options:
  --dir DIR       the backup folder (default: $BACKUP_DIR, else <DATA_DIR>/../backups)
  --keep N        archives to keep (default: $BACKUP_KEEP, else 14)
  -h, --help      show this help

DATA_DIR and CONTENT_ROOT say what to back up, as for the server; with
ENV_FILE=/etc/balloon-site/site.env they come from the server's own settings
file. The folders acted on are printed first. Archives are readable by their
owner only (0600, in a 0700 folder): they hold inquiries. With
BACKUP_S3_BUCKET set, the archive is also copied to S3-compatible storage,
encrypted to BACKUP_ENCRYPTION_KEY as <archive>.age (see the README).
Restore with: npm run restore -- <archive> [--key FILE]
`

const { values } = parseArgs({
  options: { dir: { type: 'string' }, keep: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
})
if (values.help) {
  process.stdout.write(HELP)
  process.exit(0)
}
try {
  const { config, envFile } = loadSiteConfig(process.env, { BACKUP_DIR: values.dir, BACKUP_KEEP: values.keep })
  process.stdout.write(`${describeFolders(config, envFile)}\n`)
  const info = await createBackup({
    dataDir: config.dataDir,
    contentRoot: config.contentRoot,
    backupDir: config.backupDir,
    keep: config.backupKeep,
  })
  process.stdout.write(`${info.file} (${(info.size / 1024).toFixed(1)} KiB)\n`)
  if (config.backupS3) process.stdout.write(`copied to ${await copyToS3(info, config.backupS3)}\n`)
} catch (err) {
  process.stderr.write(`Backup failed: ${(err as Error).message}\n`)
  process.exit(1)
}
