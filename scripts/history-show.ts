// Shows one commit's change to the content, field by field: `npx tsx scripts/history-show.ts --help`.
import { commitDetail } from '../server/history/commit-detail'
import { cli, fail, formatDetail } from './history-cli'

const HELP = `
Usage: npm run history:show -- <commit> [options]
       npx tsx scripts/history-show.ts <commit> [options]

Shows what a commit changed in the site's content, in field terms
(e.g. "Pricing: - Small: $45 / + Small: $55"), not as a raw YAML diff.
Images show as their /uploads/ paths.

Options:
  --json          print JSON instead of text
  --root DIR      the content root (default: $CONTENT_ROOT, else this checkout)
  -h, --help      show this help
`

const { values, positionals, root } = cli(HELP, { json: { type: 'boolean' } })
const [hash] = positionals
if (!hash) fail(`Name a commit.\n${HELP}`)

try {
  const detail = await commitDetail(root, hash)
  process.stdout.write(values.json ? `${JSON.stringify(detail, null, 2)}\n` : `${formatDetail(detail)}\n`)
} catch (err) {
  fail((err as Error).message)
}
