// Transfer middleware: gzip for text answers, and ETag validators (304 on repeat) for pages and API reads.
import type { MiddlewareHandler } from 'hono'
import { compress } from 'hono/compress'
import { etag } from 'hono/etag'

/** gzip only: every browser takes it, and Node streams it without extra dependencies. Images are never compressed. */
export const compression: MiddlewareHandler = compress({ encoding: 'gzip' })

/** Files that carry their own validators or are immutable by name: hashing their bytes per request would be waste. */
const OWN_VALIDATORS = /^\/(assets|img|uploads|balloon-colors)\//

const etagMiddleware = etag()

/**
 * Pages and API answers get an ETag from their bytes, so a repeat visit costs a 304 and no body. The answer is still
 * rendered each time (the content may have changed through git), which keeps the validator honest.
 */
export const validators: MiddlewareHandler = (c, next) =>
  // CSV exports stream and are never stored: hashing them would hold the whole file in memory.
  OWN_VALIDATORS.test(c.req.path) || c.req.path.endsWith('.csv') ? next() : etagMiddleware(c, next)
