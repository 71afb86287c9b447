// Test helper: a real HTTP server on loopback speaking Flodesk's API contract, recording every request it gets.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

interface FlodeskRequest {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: unknown
}

export interface FakeFlodesk {
  url: string
  requests: FlodeskRequest[]
  segments: { id: string; name: string }[]
  subscribers: Map<string, { email: string; first_name: string; last_name: string; segments: string[] }>
  /** Answer the next requests whose path starts with the prefix with this status and body. */
  failNext: (pathPrefix: string, status: number, body: unknown) => void
  close: () => Promise<void>
}

export async function startFakeFlodesk(apiKey: string): Promise<FakeFlodesk> {
  const requests: FlodeskRequest[] = []
  const segments = Array.from({ length: 130 }, (_, i) => ({ id: `seg${String(i).padStart(3, '0')}`, name: `Segment ${i}` }))
  const subscribers: FakeFlodesk['subscribers'] = new Map()
  const failures: { prefix: string; status: number; body: unknown }[] = []
  const expectedAuth = `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify(body))
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x')
      const text = Buffer.concat(chunks).toString('utf8')
      const body = text ? JSON.parse(text) : undefined
      requests.push({ method: req.method ?? '', path: url.pathname + url.search, headers: req.headers, body })
      const failure = failures.findIndex((f) => url.pathname.startsWith(f.prefix))
      if (failure !== -1) {
        const [f] = failures.splice(failure, 1)
        return send(res, f.status, f.body)
      }
      if (req.headers.authorization !== expectedAuth) return send(res, 401, { message: 'Unauthorized', code: 'unauthorized' })
      if (!req.headers['user-agent']) return send(res, 400, { message: 'User-Agent header is required', code: 'bad_request' })
      if (req.method === 'GET' && url.pathname === '/v1/segments') {
        const page = Number(url.searchParams.get('page') ?? 1)
        const perPage = Number(url.searchParams.get('per_page') ?? 20)
        const data = segments.slice((page - 1) * perPage, page * perPage).map((s) => ({ ...s, total_active_subscribers: 3, color: '#fff' }))
        return send(res, 200, {
          meta: { page, per_page: perPage, total_items: segments.length, total_pages: Math.ceil(segments.length / perPage) },
          data,
        })
      }
      if (req.method === 'POST' && url.pathname === '/v1/subscribers') {
        const b = body as { email?: string; first_name?: string; last_name?: string }
        if (!b?.email || !/^[^@\s]+@[^@\s]+$/.test(b.email)) {
          return send(res, 422, {
            message: 'Validation failed',
            code: 'validation_error',
            errors: [{ field: 'email', message: 'Email is invalid' }],
          })
        }
        const existing = subscribers.get(b.email.toLowerCase())
        const sub = { email: b.email, first_name: b.first_name ?? '', last_name: b.last_name ?? '', segments: existing?.segments ?? [] }
        subscribers.set(b.email.toLowerCase(), sub)
        return send(res, 200, { id: `sub_${b.email}`, email: b.email, status: 'active', segments: sub.segments })
      }
      const segMatch = /^\/v1\/subscribers\/([^/]+)\/segments$/.exec(url.pathname)
      if (req.method === 'POST' && segMatch) {
        const sub = subscribers.get(decodeURIComponent(segMatch[1]).toLowerCase())
        if (!sub) return send(res, 404, { message: 'Subscriber not found', code: 'not_found' })
        const ids = (body as { segment_ids?: string[] }).segment_ids ?? []
        const unknown = ids.find((id) => !segments.some((s) => s.id === id))
        if (unknown) return send(res, 404, { message: `Segment ${unknown} not found`, code: 'not_found' })
        sub.segments = [...new Set([...sub.segments, ...ids])]
        return send(res, 200, { email: sub.email, segments: sub.segments.map((id) => ({ id })) })
      }
      send(res, 404, { message: 'Not found' })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    segments,
    subscribers,
    failNext: (prefix, status, body) => failures.push({ prefix: prefix.startsWith('/v1') ? prefix : `/v1${prefix}`, status, body }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
