// Stale edits refused: a save names the version of the item it was based on; if the item changed since, 409.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { Context, MiddlewareHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { z } from 'zod'
import { itemVersion } from './history.store'

/** The optional field a save carries: the version of the item the editor's copy was based on. */
export const BaseVersionSchema = z.string().max(100).optional()

export const STALE_MESSAGE = 'This item was changed elsewhere since you opened it.'

/** Thrown inside the write queue when an item's version is not the one the save was based on: 409, nothing written. */
export class StaleVersionError extends HTTPException {
  constructor(
    readonly item: string,
    readonly currentVersion: string,
  ) {
    super(409, { message: STALE_MESSAGE })
    this.name = 'StaleVersionError'
  }
}

/**
 * Middleware for a save route: a 409 from a stale base version also carries the item as it is now and its version,
 * so the editor can offer to reload or compare.
 */
export function staleEditAnswer(root: string, current: (c: Context) => Promise<unknown>): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const err = c.error
    if (!(err instanceof StaleVersionError)) return
    const now = await current(c).catch(() => null)
    c.res = undefined
    c.res = c.json({ error: err.message, current: now, version: await itemVersion(root, err.item) }, 409)
  }
}

/** The versions the current request's save expects, carried to the write queue's guard. */
const expected = new AsyncLocalStorage<Map<string, string>>()

/**
 * Runs a save that must only happen if `item` is still at `baseVersion` (no base version: no check, as for
 * clients that do not send one). The check itself runs inside the write queue (see versionGuard), so two saves
 * based on the same version cannot both pass.
 */
export function withBaseVersion<T>(item: string, baseVersion: string | undefined, save: () => Promise<T>): Promise<T> {
  if (!baseVersion) return save()
  return expected.run(new Map([[item, baseVersion]]), save)
}

/** The ContentRepo guard that compares expected versions with the files on disk, in the queue, before apply. */
export function versionGuard(root: string): (items: string[]) => Promise<void> {
  return async (items) => {
    const wanted = expected.getStore()
    if (!wanted) return
    for (const item of items) {
      const base = wanted.get(item)
      if (base === undefined) continue
      const current = await itemVersion(root, item)
      if (current !== base) throw new StaleVersionError(item, current)
    }
  }
}

/** Adds `version` to an object the editor loads, so it can send it back as `baseVersion`. */
export async function withVersion<T extends object>(root: string, item: string, value: T): Promise<T & { version: string }> {
  return { ...value, version: await itemVersion(root, item) }
}
