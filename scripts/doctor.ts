// Checks a deployed site's set-up and prints what to fix; exits 1 when something must be fixed: see --help.
import { parseArgs } from 'node:util'
import { describeFolders, loadSiteConfig } from '../server/lib/site-folders'
import { formatFindings, runDoctor } from '../server/ops/doctor'

const HELP = `
Usage: ENV_FILE=/etc/balloon-site/site.env npm run doctor [-- --timeout SECONDS]

Checks what the site needs, with the settings the server uses (ENV_FILE and
the environment): the content repository is clean and on its branch, the
remote answers (GIT_REMOTE), the data and backup folders are writable and
outside the content history, the mail server answers (SMTP_URL), the newest
backup's age, free disk space, and that the web app is built. Prints one line
per check and what to fix; exits 1 when something must be fixed.

Run it after every update (git pull && npm ci && npm run build) as the site's
user, e.g. sudo -u balloon-site env ENV_FILE=... npm run doctor.

Options:
  --timeout S   seconds to wait for the remote and the mail server (default 10)
  -h, --help    show this help
`

const { values } = parseArgs({ options: { timeout: { type: 'string' }, help: { type: 'boolean', short: 'h' } } })
if (values.help) {
  process.stdout.write(HELP)
  process.exit(0)
}
try {
  const { config, envFile } = loadSiteConfig()
  process.stdout.write(`${describeFolders(config, envFile)}\n\n`)
  const findings = await runDoctor(config, { timeoutSeconds: values.timeout ? Number(values.timeout) : 10 })
  process.stdout.write(`${formatFindings(findings)}\n`)
  process.exit(findings.some((f) => f.level === 'fail') ? 1 : 0)
} catch (err) {
  process.stderr.write(`FAIL  settings: ${(err as Error).message}\n`)
  process.exit(1)
}
