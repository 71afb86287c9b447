// `npm run content:init -- <dir>`: makes the content repository of a new site (seed or bare starter), one first commit.
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { applyEnvFile } from '../server/lib/env-file'
import { loadConfig, PROJECT_ROOT } from '../server/lib/config'

const HELP = `
Usage: npm run content:init -- <dir> [--empty]

Makes <dir> the content repository of a new site: content/ and uploads/ from
this checkout's seed (ten services, testimonials, pictures), or with --empty
a bare starter (one service, site settings to fill in), a .gitignore that
keeps private data out, branch main and one first commit. <dir> must be
empty or not exist yet.

The commit's author is GIT_AUTHOR_NAME / GIT_AUTHOR_EMAIL (from the
environment or ENV_FILE), else the site's admin identity; no git config is
needed on the machine.

Options:
  --empty       a bare starter instead of the seed
  -h, --help    show this help
`

/** Kept out of the content history: private data if someone puts it beside the content, and the write temp files. */
const GITIGNORE = `# Private data never belongs in the content history (inquiries, sessions, the admin password hash).
data/
backups/
.env
*.env
# Writes in progress (the site writes a temp file and renames it).
.*.tmp-write
.*.tmp
`

function usage(message: string, code: number): never {
  ;(code === 0 ? process.stdout : process.stderr).write(`${message.trim()}\n`)
  process.exit(code)
}

let parsed
try {
  parsed = parseArgs({ allowPositionals: true, options: { empty: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } })
} catch (err) {
  usage(`${(err as Error).message}\n${HELP}`, 2)
}
const { values, positionals } = parsed
if (values.help) usage(HELP, 0)
if (positionals.length !== 1) usage(`Name one folder for the content repository.\n${HELP}`, 2)

const dir = resolve(positionals[0])
if (existsSync(dir) && readdirSync(dir).length > 0) {
  usage(`${dir} is not empty: content:init only makes a new repository, it never writes over files. Choose a new or empty folder.`, 2)
}

let author: { name: string; email: string }
try {
  applyEnvFile()
  author = loadConfig().gitAuthor
} catch (err) {
  usage((err as Error).message, 1)
}

const source = values.empty ? join(PROJECT_ROOT, 'scripts/content-starter') : PROJECT_ROOT
mkdirSync(dir, { recursive: true })
for (const folder of ['content', 'uploads']) cpSync(join(source, folder), join(dir, folder), { recursive: true })
writeFileSync(join(dir, '.gitignore'), GITIGNORE)

// Only this identity and no hooks or signing from the machine's git config: the first commit is the same everywhere.
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'commit.gpgsign=false', '-c', 'core.hooksPath=/dev/null', ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      GIT_AUTHOR_NAME: author.name,
      GIT_AUTHOR_EMAIL: author.email,
      GIT_COMMITTER_NAME: author.name,
      GIT_COMMITTER_EMAIL: author.email,
    },
  })
git('init', '--quiet', '--initial-branch', 'main')
git('add', '--', '.gitignore', 'content', 'uploads')
git('commit', '--quiet', '-m', values.empty ? 'Start the site content from the bare starter' : 'Start the site content from the seed')

const site = basename(dir)
const home = dirname(dir)
process.stdout.write(`Made the content repository ${dir}
  branch main, first commit ${git('rev-parse', '--short', 'HEAD').trim()} by ${author.name} <${author.email}>

Next steps:
1. Put these lines in the site's settings file (deploy/site.env.example, e.g. /etc/balloon-site/site.env):
     CONTENT_ROOT=${dir}
     DATA_DIR=${join(home, 'data')}
     BACKUP_DIR=${join(home, 'backups')}
   (data and backups beside the content, never inside it: they hold inquiries and the admin password hash)
2. Give the content a private remote, so its history lives off this machine too:
     git -C ${dir} remote add origin git@example.com:studio/${site}-content.git
     git -C ${dir} push -u origin main
   and set GIT_REMOTE=origin (the site pushes every save there).
3. Start the site with the settings file: ENV_FILE=/etc/balloon-site/site.env npm run serve
   then check the set-up: ENV_FILE=/etc/balloon-site/site.env npm run doctor
`)
