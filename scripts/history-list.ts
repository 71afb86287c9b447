// Lists the content history, newest first: `npx tsx scripts/history-list.ts --help`.
import { listHistory } from '../server/history/history-log'
import { cli, fail, formatEntry } from './history-cli'

const HELP = `
Usage: npm run history:list -- [options]
       npx tsx scripts/history-list.ts [options]

Lists the commits that changed content/ or uploads/, newest first:
short hash, date and time in Portland, author, summary and the items it touched.

Options:
  --item ITEM     only commits touching ITEM: services/<id>, testimonials,
                  delivery-installation, site, service-order
  --limit N       how many (default 30)
  --offset N      skip the newest N (for paging)
  --json          print JSON instead of lines
  --root DIR      the content root (default: $CONTENT_ROOT, else this checkout)
  -h, --help      show this help
`

const { values, root } = cli(HELP, {
  item: { type: 'string' },
  limit: { type: 'string' },
  offset: { type: 'string' },
  json: { type: 'boolean' },
})

try {
  const page = await listHistory(root, {
    item: values.item as string | undefined,
    limit: values.limit ? Number(values.limit) : 30,
    offset: values.offset ? Number(values.offset) : 0,
  })
  if (values.json) process.stdout.write(`${JSON.stringify(page, null, 2)}\n`)
  else {
    for (const entry of page.entries) process.stdout.write(`${formatEntry(entry)}\n`)
    if (page.entries.length === 0) process.stdout.write('No content commits.\n')
    if (page.hasMore) process.stdout.write('… more with --offset\n')
  }
} catch (err) {
  fail((err as Error).message)
}
