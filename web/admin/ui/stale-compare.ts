// A save refused as stale (409): the item as it is now, and the fields where the owner's unsaved values differ from it,
// in words, for the "Changed elsewhere" dialog.
import { ApiError } from '../../lib/api-client'
import type { StaleConflict } from './versioned-editor-state'

/** The 409 a stale save gets (`{error, current, version}`), or null for any other failure. */
export function staleConflict<T>(error: unknown): StaleConflict<T> | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null
  const body = error.body as { current?: T; version?: string } | null
  if (!body || body.current === undefined || body.current === null || typeof body.version !== 'string') return null
  return { current: body.current, version: body.version }
}

function show(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(empty)'
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'string' || typeof value === 'number') return String(value)
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v === 'string')) return value.join(', ') || '(none)'
    if (value.every((v) => v && typeof v === 'object' && 'cropped' in v)) return `${value.length} image(s)`
    if (value.every((v) => v && typeof v === 'object' && 'header' in v))
      return value.map((v) => (v as { header: string }).header).join(', ') || '(none)'
  }
  return JSON.stringify(value)
}

export interface CompareRow {
  field: string
  label: string
  yours: string
  theirs: string
}

/** The fields where your unsaved values differ from the item as it is now. */
export function compareRows(yours: Record<string, unknown>, theirs: Record<string, unknown>, labels: Record<string, string>): CompareRow[] {
  return Object.keys(yours)
    .filter((k) => k !== 'baseVersion' && JSON.stringify(yours[k] ?? null) !== JSON.stringify(theirs[k] ?? null))
    .map((k) => ({ field: k, label: labels[k] ?? k, yours: show(yours[k]), theirs: show(theirs[k]) }))
}
