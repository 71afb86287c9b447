// Restores one content item (or the whole site) to how it was at a commit, as a new commit: see --help.
import { loadConfig } from '../server/lib/config'
import { ContentHistory } from '../server/history/content-history'
import { planRestore } from '../server/history/restore-plan'
import { isKnownItem } from '../server/history/items'
import { ContentRepo } from '../server/lib/git'
import { cli, fail } from './history-cli'

const HELP = `
Usage: npm run history:restore -- <item> <commit> [options]
       npx tsx scripts/history-restore.ts <item> <commit> [options]

Puts <item> back the way it was at <commit> and records that as one new
commit ("Restore service "Bouquets" to 3f2a1bc (...)" with Content-Item and
Restored-From trailers). History is never rewritten. Images the restored
content uses come back if they were deleted since. The running site shows
the result on its next request.

<item> is one of:
  services/<id>            one service (a service that did not exist at
                           <commit> is removed, and leaves the order)
  testimonials             all testimonials
  delivery-installation    the delivery & installation page
  site                     site settings
  service-order            the order of services
  all                      everything under content/

Options:
  --dry-run       only print what would change
  --root DIR      the content root (default: $CONTENT_ROOT, else this checkout)
  -h, --help      show this help

The commit's author is GIT_AUTHOR_NAME / GIT_AUTHOR_EMAIL (default: the
site's admin identity, as for dashboard saves).
`

const { values, positionals, root } = cli(HELP, { 'dry-run': { type: 'boolean' } })
const [item, hash] = positionals
if (!item || !hash) fail(`Name an item and a commit.\n${HELP}`)
if (item !== 'all' && !isKnownItem(item)) fail(`Unknown item "${item}".\n${HELP}`)

try {
  if (values['dry-run']) {
    const plan = await planRestore(root, hash, item)
    process.stdout.write(`${plan.message}\n`)
    if (plan.writes.length === 0) process.stdout.write('Nothing to change: it is already as it was then.\n')
    for (const w of plan.writes) process.stdout.write(`  ${w.bytes ? 'write ' : 'delete'} ${w.path}\n`)
  } else {
    const config = loadConfig({ ...process.env, CONTENT_ROOT: root })
    const history = new ContentHistory({ root, repo: new ContentRepo(root, config.gitAuthor) })
    const result = await history.restore(hash, item)
    if (!result.hash) process.stdout.write(`${result.summary}\n`)
    else {
      process.stdout.write(`${result.hash.slice(0, 7)} ${result.summary}\n`)
      for (const image of result.restoredImages) process.stdout.write(`  brought back ${image}\n`)
    }
  }
} catch (err) {
  fail((err as Error).message)
}
