// Shared bits of the history scripts: argument parsing, the content root, and printing a field change.
import { parseArgs, type ParseArgsConfig } from 'node:util'
import { resolve } from 'node:path'
import { describeFolders, loadSiteConfig } from '../server/lib/site-folders'
import { studioDateTime } from '../server/lib/studio-time'
import type { CommitDetail, FieldChange, HistoryEntry } from '../server/history/history.types'

type Values = Record<string, string | boolean | undefined>

interface Cli {
  values: Values
  positionals: string[]
  root: string
}

/**
 * Parses argv; prints `help` and exits on --help; the content root is --root, else CONTENT_ROOT (from the environment or
 * ENV_FILE), else this checkout. The folders acted on go to stderr, so stdout stays the listing (and --json stays JSON).
 */
export function cli(help: string, options: NonNullable<ParseArgsConfig['options']>, argv = process.argv.slice(2)): Cli {
  let parsed: { values: Values; positionals: string[] }
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { ...options, help: { type: 'boolean', short: 'h' }, root: { type: 'string' } },
    }) as { values: Values; positionals: string[] }
  } catch (err) {
    fail(`${(err as Error).message}\n\n${help}`)
  }
  if (parsed.values.help) {
    process.stdout.write(`${help.trim()}\n`)
    process.exit(0)
  }
  let site
  try {
    site = loadSiteConfig(process.env, { CONTENT_ROOT: parsed.values.root ? resolve(String(parsed.values.root)) : undefined })
  } catch (err) {
    fail((err as Error).message)
  }
  process.stderr.write(`${describeFolders(site.config, site.envFile)}\n`)
  const root = site.config.contentRoot
  return { values: parsed.values, positionals: parsed.positionals, root }
}

export function fail(message: string): never {
  process.stderr.write(`${message.trim()}\n`)
  process.exit(1)
}

export function formatEntry(e: HistoryEntry): string {
  const when = e.date ? studioDateTime(e.date) : ''
  const items = e.items.length ? `  [${e.items.join(', ')}]` : ''
  return `${e.shortHash}  ${when.padEnd(24)}  ${e.author.padEnd(16)}  ${e.summary}${items}`
}

function indent(value: string | string[] | null, mark: string): string[] {
  if (value === null) return [`    ${mark} (none)`]
  const lines = Array.isArray(value) ? value : value.split('\n')
  return lines.map((l) => `    ${mark} ${l}`)
}

function formatField(f: FieldChange): string[] {
  return [`  ${f.label}${f.change === 'changed' ? '' : ` (${f.change})`}`, ...indent(f.before, '-'), ...indent(f.after, '+')]
}

export function formatDetail(d: CommitDetail): string {
  const out = [
    `commit ${d.hash}`,
    `Author: ${d.author}`,
    `Date:   ${d.date ? `${studioDateTime(d.date)} (Portland time)` : ''}`,
    '',
    `    ${d.summary}`,
    '',
  ]
  if (d.restoredFrom) out.splice(3, 0, `Restored from: ${d.restoredFrom}`)
  if (d.changes.length === 0) out.push('No content changes.')
  for (const change of d.changes) {
    out.push(`${change.label} (${change.change}) — ${change.path}`)
    for (const f of change.fields) out.push(...formatField(f))
    out.push('')
  }
  return out.join('\n')
}
