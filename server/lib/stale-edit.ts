// Stale edits refused, one way for every item kind: an editor loads an item with its `version` and sends it back as
// `baseVersion`; a store checks it inside the item's write (in the content repo's queue) and answers 409 when the
// item changed since, with the item as it is now so the editor can offer to reload or compare.
import { createHash } from 'node:crypto'
import { z } from 'zod'
import { DetailedHttpError } from './errors'

/** The optional field a save carries: the version of the item the editor's copy was based on. */
export const BaseVersionSchema = z.string().max(100).optional()

export const STALE_MESSAGE = 'This item was changed elsewhere since you opened it.'

/** JSON with object keys sorted, so the same data has one text however its keys were ordered when it was built. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  )
}

/** An item's version: a hash of its data, so it changes exactly when the item does (not when a neighbour does). */
export function contentVersion(item: unknown): string {
  return createHash('sha256').update(canonicalJson(item)).digest('hex').slice(0, 16)
}

/** The item with its version, as the dashboard loads it. */
export function withVersion<T extends object>(item: T): T & { version: string } {
  return { ...item, version: contentVersion(item) }
}

/**
 * Call inside the item's repo.change apply, after reading and before writing: with a base version that is not the
 * item's current one, throws 409 `{error, current, version}` and nothing is written. Without one, no check (clients
 * that do not send it).
 */
export function assertBaseVersion(current: object, baseVersion: string | undefined): void {
  if (!baseVersion) return
  const version = contentVersion(current)
  if (version !== baseVersion) throw new DetailedHttpError(409, STALE_MESSAGE, { current, version })
}
