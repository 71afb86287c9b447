// Restores a backup archive into an empty data directory (and, if asked, a new content repository): see --help.
import { parseArgs } from 'node:util'
import { describeFolders, loadSiteConfig } from '../server/lib/site-folders'
import { restoreBackup } from '../server/ops/backup'

const HELP = `
Usage: npm run restore -- <archive> [options]

Unpacks data/ from a backup archive (npm run backup) into the data directory,
which must be empty or not exist yet. Stop the server first, and start it
again afterwards.

Options:
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
    force: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
})
if (values.help) {
  process.stdout.write(HELP)
  process.exit(0)
}
const archive = positionals[0]
if (!archive || positionals.length > 1) {
  process.stderr.write(`Name one backup archive.\n${HELP}`)
  process.exit(2)
}
try {
  const { config, envFile } = loadSiteConfig(process.env, { DATA_DIR: values['data-dir'] })
  process.stdout.write(`${describeFolders(config, envFile)}\n`)
  const result = await restoreBackup({ archive, dataDir: config.dataDir, contentRoot: values['content-root'], force: values.force })
  process.stdout.write(`Restored ${result.files} files into ${config.dataDir}\n`)
  if (result.movedAside) process.stdout.write(`The files that were there are in ${result.movedAside}\n`)
  if (result.contentRoot) process.stdout.write(`Content repository restored into ${result.contentRoot}\n`)
} catch (err) {
  process.stderr.write(`Restore failed: ${(err as Error).message}\n`)
  process.exit(1)
}
