// The commonest beacon answered in front of Hono: POST /api/collect with no cookie (visitors have none; the admin's
// session goes the long way, to be recognised), from the site's own pages or a client sending no Origin, with a
// JSON body of a declared length under 4 KiB. A burst of beacons then costs a fraction of a pass through the
// middleware chain, and pages stay quick. Anything else is handed to Hono, which answers it the same way.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import { HTTPException } from 'hono/http-exception'
import { resolveClientAddress } from '../lib/client-address'
import { BEACON_BODY_LIMIT, BEACON_TYPE, type BeaconIntake } from './beacon-intake'
import type { Visit } from './collector'

interface ShortcutOptions {
  publicOrigin: string
  trustProxy: readonly string[]
}

function takesShortcut(req: IncomingMessage, publicOrigin: string): boolean {
  const h = req.headers
  if (req.method !== 'POST' || req.url !== '/api/collect' || h.cookie !== undefined) return false
  const length = Number(h['content-length'])
  if (!(length > 0 && length <= BEACON_BODY_LIMIT) || h['transfer-encoding'] !== undefined) return false
  if (!BEACON_TYPE.test(h['content-type'] ?? '')) return false
  // The Origin check of server/lib/security.ts: our own pages, or a client that sends neither header.
  return h.origin === undefined ? h['sec-fetch-site'] === undefined : h.origin === publicOrigin
}

function visitOf(req: IncomingMessage, trustProxy: readonly string[]): Visit {
  return {
    address: resolveClientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'] as string | undefined, trustProxy),
    userAgent: req.headers['user-agent'],
    optedOut: req.headers.dnt === '1' || req.headers['sec-gpc'] === '1',
    admin: false,
  }
}

function answer(res: ServerResponse, status: number, error?: string) {
  const body = error === undefined ? undefined : JSON.stringify({ error })
  res.writeHead(status, {
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...(body === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }),
  })
  res.end(body)
}

export function collectShortcut(
  listener: RequestListener,
  beacons: BeaconIntake,
  { publicOrigin, trustProxy }: ShortcutOptions,
): RequestListener {
  return (req, res) => {
    if (!takesShortcut(req, publicOrigin)) return listener(req, res)
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('error', () => res.destroy())
    req.on('end', () => {
      const host = (req.headers.host ?? '').replace(/:\d+$/, '')
      Promise.resolve()
        .then(() => beacons.count(beacons.parse(Buffer.concat(chunks).toString('utf8')), visitOf(req, trustProxy), host))
        .then(
          () => answer(res, 204),
          (err: unknown) => {
            if (err instanceof HTTPException && err.status < 500) return answer(res, err.status, err.message)
            console.error('POST /api/collect:', err)
            answer(res, 500, 'Internal server error')
          },
        )
    })
  }
}
