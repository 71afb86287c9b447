import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import type { Context } from 'hono'
import type { Logger } from 'pino'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLogger, logger, logRequests, pathOnly, requestLogger, routeConsoleToLogger, scrub } from './logger'

function capture(level = 'info', production = true) {
  const lines: string[] = []
  const destination = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean))
      done()
    },
  })
  return { lines, log: createLogger({ production, level, destination }) }
}

describe('logger', () => {
  it('removes e-mail addresses, password=... pairs and URL credentials from texts', () => {
    expect(scrub('Mail to Jane.Doe+x@example.co.uk refused')).toBe('Mail to [e-mail] refused')
    expect(scrub('login failed: password=hunter2&user=a')).toBe('login failed: password=[redacted]&user=a')
    expect(scrub('"token": "abc123"')).toBe('"token": "[redacted]"')
    expect(scrub('connect smtp://user:pa55@mail.example.com:587 failed')).toBe('connect smtp://[redacted]@mail.example.com:587 failed')
    expect(scrub('GET /api/services 200')).toBe('GET /api/services 200')
  })

  it('logs the path without its query', () => {
    expect(pathOnly('/api/services?token=abc&email=a@b.example')).toBe('/api/services')
    expect(pathOnly('/reset/a@b.example')).toBe('/reset/[e-mail]')
    expect(pathOnly('/api/calendar/Zx8_secretToken1234567.ics')).toBe('/api/calendar/[secret].ics')
    expect(pathOnly('/api/calendar/availability')).toBe('/api/calendar/availability')
  })

  it('writes JSON lines whose messages, errors and fields carry no address or password', () => {
    const { lines, log } = capture()
    log.info('Inquiry from jane@example.com stored')
    log.error({ err: new Error('SMTP refused jane@example.com (password=pw1)') }, 'send failed')
    log.warn({ email: 'sam@example.com', password: 'pw2', cookie: 'sid=1', nested: { email: 'x@example.com' } }, 'fields')
    const text = lines.join('\n')
    expect(text).not.toMatch(/@example\.com|pw1|pw2|sid=1/)
    const [info, error, warn] = lines.map((l) => JSON.parse(l))
    expect(info).toMatchObject({ level: 'info', msg: 'Inquiry from [e-mail] stored' })
    expect(error.err.message).toBe('SMTP refused [e-mail] (password=[redacted])')
    expect(error.err.stack).toMatch(/\n\s+at /)
    expect(warn).toMatchObject({ email: '[redacted]', password: '[redacted]', cookie: '[redacted]', nested: { email: '[redacted]' } })
  })

  it('writes a line per failed or changing request and counts successful reads, with the id sent back as X-Request-Id', async () => {
    const { lines, log } = capture()
    const flat = ['X-Own', 'flat']
    const listener = logRequests((req, res) => {
      const status = req.url!.startsWith('/missing') ? 404 : req.url!.startsWith('/boom') ? 500 : 200
      // Every way a head goes out carries the id, and the caller's own headers are kept as given (and unchanged).
      if (req.url === '/flat') res.writeHead(200, flat)
      else if (req.url === '/object') res.writeHead(200, 'Fine', { 'X-Own': 'object' })
      else if (req.url === '/implicit') res.setHeader('X-Own', 'implicit')
      else res.writeHead(status)
      res.end('x')
    }, log)
    const server = createServer(listener)
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const get = (path: string, headers: Record<string, string> = {}) =>
      new Promise<string>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, path, headers }, (res) => {
          res.resume()
          res.on('end', () => resolve(String(res.headers['x-request-id'])))
        })
        req.on('error', reject)
        req.end()
      })
    const ids = [
      await get('/services?token=abc&email=a@b.example'),
      await get('/reset/a@b.example'),
      await get('/missing'),
      await get('/healthz'),
      await get('/api/collect'),
      await get('/given', { 'x-request-id': 'proxy-id-12345' }),
      await get('/boom'),
    ]
    const heads = []
    for (const path of ['/flat', '/object', '/implicit']) {
      heads.push(
        await new Promise<Record<string, unknown>>((resolve, reject) => {
          const req = request({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, path }, (res) => {
            res.resume()
            res.on('end', () => resolve({ ...res.headers, status: `${res.statusCode} ${res.statusMessage}` }))
          })
          req.on('error', reject)
          req.end()
        }),
      )
    }
    expect(heads[0]).toMatchObject({ 'x-own': 'flat', status: '200 OK' })
    expect(heads[1]).toMatchObject({ 'x-own': 'object', status: '200 Fine' })
    expect(heads[2]).toMatchObject({ 'x-own': 'implicit', status: '200 OK' })
    for (const head of heads) expect(head['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(flat).toEqual(['X-Own', 'flat'])
    await get('/given')
    await new Promise((r) => setTimeout(r, 50))
    await new Promise((r) => server.close(r))
    expect(ids[5]).toBe('proxy-id-12345')
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>)
    // Successful reads wait to be counted; quiet paths (/healthz, the beacon) are not even counted.
    expect(parsed.map((l) => l.requestId)).toEqual([ids[2], ids[6]])
    expect(parsed.map((l) => l.msg)).toEqual(['GET /missing 404', 'GET /boom 500 (connection closed early)'])
    expect(parsed[1]).toMatchObject({ level: 'error', res: { status: 500 }, err: { message: 'failed with status code 500' } })
    // The line written as text is what pino writes for the same fields, byte for byte (but the time).
    const time = (l: string) => l.replace(/"time":"[^"]+"/, '"time":"T"')
    const { level, requestId, req, res, durationMs, msg } = parsed[0] as { level: 'warn'; msg: string } & Record<string, unknown>
    const again = capture()
    again.log[level]({ requestId, req, res, durationMs }, msg)
    expect(time(lines[0])).toBe(time(again.lines[0]))

    listener.flushReads()
    const counted = lines
      .slice(2)
      .map((l) => JSON.parse(l) as { level: string; req: unknown; count: number; msg: string; durationMs: { mean: number; max: number } })
    expect(counted.map((l) => l.msg.replace(/ in \d+ s$/, ''))).toEqual([
      'GET /services 200 x1',
      'GET /reset/[e-mail] 200 x1',
      'GET /given 200 x2',
      'GET /flat 200 x1',
      'GET /object 200 x1',
      'GET /implicit 200 x1',
    ])
    expect(counted[2]).toMatchObject({ level: 'info', req: { method: 'GET', path: '/given' }, res: { status: 200 }, count: 2 })
    expect(counted[2].durationMs.max).toBeGreaterThanOrEqual(counted[2].durationMs.mean)
    expect(lines.join('\n')).not.toMatch(/token|a@b/)
    // Nothing left to write: a second flush adds no line.
    listener.flushReads()
    expect(lines).toHaveLength(8)
  })

  it('writes each read on its own line (at debug) when LOG_LEVEL is debug', async () => {
    const { lines, log } = capture('debug')
    const server = createServer(logRequests((_req, res) => res.end('x'), log))
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/contact`)
    await res.text()
    await new Promise((r) => setTimeout(r, 50))
    await new Promise((r) => server.close(r))
    expect(lines.map((l) => JSON.parse(l))).toMatchObject([
      { level: 'debug', requestId: res.headers.get('x-request-id'), msg: 'GET /contact 200' },
    ])
  })
  it('writes readable lines, not JSON, in development, scrubbed the same way', async () => {
    const { lines, log } = capture('info', false)
    log.info('Inquiry from jane@example.com stored')
    log.error({ err: new Error('SMTP refused jane@example.com') }, 'send failed')
    await expect.poll(() => lines.length).toBeGreaterThanOrEqual(3)
    expect(lines[0]).toMatch(/^\[\d{2}:\d{2}:\d{2}\] INFO: Inquiry from \[e-mail\] stored$/)
    expect(lines[1]).toMatch(/^\[\d{2}:\d{2}:\d{2}\] ERROR: send failed$/)
    expect(lines.slice(2).join('\n')).toMatch(/SMTP refused \[e-mail\]/)
    expect(lines.join('\n')).toMatch(/\n\s+at /) // the stack, line by line
    expect(lines.join('\n')).not.toContain('jane@')
    for (const line of lines) expect(() => JSON.parse(line)).toThrow()
  })
})

/** A server on a random port with the listener wrapped by logRequests; `send` makes one request and reads the answer. */
async function serve(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  log: ReturnType<typeof capture>['log'],
  everyMs?: number,
) {
  const listener = logRequests(handler, log, everyMs)
  const server = createServer(listener)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const send = (path: string, { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {}) =>
    new Promise<{ status: number; id: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, path, method, headers }, (res) => {
        res.resume()
        res.on('end', () => resolve({ status: res.statusCode!, id: String(res.headers['x-request-id']) }))
      })
      req.on('error', reject)
      req.end()
    })
  const close = () => new Promise((r) => server.close(r))
  return { listener, send, close }
}

describe('request lines, at a fixed time', () => {
  const T0 = Date.parse('2026-11-25T16:00:00.000Z')
  afterEach(() => vi.useRealTimers())

  it('counted reads: how many, the mean (one decimal) and the slowest, over the seconds since the last summary', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(T0)
    const { lines, log } = capture()
    // Each answer takes the milliseconds its query names, on the fake clock.
    const { listener, send, close } = await serve((req, res) => {
      vi.setSystemTime(Date.now() + Number(new URL(req.url!, 'http://x').searchParams.get('ms')))
      res.end('x')
    }, log)
    for (const ms of [10, 25, 0]) await send(`/a?ms=${ms}`)
    await send('/b?ms=4', { method: 'HEAD' })
    await close()
    vi.setSystemTime(T0 + 120_000)
    listener.flushReads()
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      {
        level: 'info',
        time: '2026-11-25T16:02:00.000Z',
        req: { method: 'GET', path: '/a' },
        res: { status: 200 },
        count: 3,
        durationMs: { mean: 11.7, max: 25 },
        msg: 'GET /a 200 x3 in 120 s',
      },
      {
        level: 'info',
        time: '2026-11-25T16:02:00.000Z',
        req: { method: 'HEAD', path: '/b' },
        res: { status: 200 },
        count: 1,
        durationMs: { mean: 4, max: 4 },
        msg: 'HEAD /b 200 x1 in 120 s',
      },
    ])
  })

  it('a change, a refusal and a failure each get their own line with time, id and duration; 400 is a warning', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(T0)
    const { lines, log } = capture()
    const { send, close } = await serve((req, res) => {
      vi.setSystemTime(Date.now() + 7)
      res.statusCode = req.method === 'POST' ? 201 : req.url === '/bad' ? 400 : 500
      res.end('x')
    }, log)
    const made = await send('/api/things', { method: 'POST' })
    const bad = await send('/bad')
    const boom = await send('/boom')
    await close()
    const parsed = lines.map((l) => JSON.parse(l))
    expect(parsed[0]).toEqual({
      level: 'info',
      time: '2026-11-25T16:00:00.007Z',
      requestId: made.id,
      req: { method: 'POST', path: '/api/things' },
      res: { status: 201 },
      durationMs: 7,
      msg: 'POST /api/things 201',
    })
    expect(parsed[1]).toEqual({
      level: 'warn',
      time: '2026-11-25T16:00:00.014Z',
      requestId: bad.id,
      req: { method: 'GET', path: '/bad' },
      res: { status: 400 },
      durationMs: 7,
      msg: 'GET /bad 400',
    })
    expect(parsed[2]).toMatchObject({
      level: 'error',
      requestId: boom.id,
      req: { method: 'GET', path: '/boom' },
      res: { status: 500 },
      durationMs: 7,
      msg: 'GET /boom 500 (connection closed early)',
    })
    expect(parsed).toHaveLength(3)
  })
})

describe('request lines', () => {
  it('a failing health check or beacon is logged (only their successes are quiet)', async () => {
    const { lines, log } = capture()
    const { send, close } = await serve((req, res) => {
      res.statusCode = req.url === '/healthz' ? 503 : 400
      res.end('x')
    }, log)
    await send('/healthz')
    await send('/api/collect')
    await close()
    expect(lines.map((l) => JSON.parse(l)).map((l) => [l.level, l.msg])).toEqual([
      ['error', 'GET /healthz 503 (connection closed early)'],
      ['warn', 'GET /api/collect 400'],
    ])
  })

  it('at LOG_LEVEL=error a refusal writes nothing and a failure still does', async () => {
    const { lines, log } = capture('error')
    const { send, close } = await serve((req, res) => {
      res.statusCode = req.url === '/missing' ? 404 : 500
      res.end('x')
    }, log)
    await send('/missing')
    await send('/boom')
    await close()
    expect(lines.map((l) => JSON.parse(l).msg)).toEqual(['GET /boom 500 (connection closed early)'])
  })

  it('summaries are written by themselves once the interval has passed', async () => {
    const { lines, log } = capture()
    const { send, close } = await serve((_req, res) => res.end('x'), log, 30)
    await send('/page')
    await close()
    await expect.poll(() => lines.map((l) => JSON.parse(l).msg)).toEqual([expect.stringMatching(/^GET \/page 200 x1 in \d+ s$/)])
  })

  it('a request id that is not a plain token of 8 to 100 characters is replaced', async () => {
    const { log } = capture()
    const { send, close } = await serve((_req, res) => res.end('x'), log)
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
    expect((await send('/', { headers: { 'x-request-id': 'bad id with spaces 12345678' } })).id).toMatch(uuid)
    expect((await send('/', { headers: { 'x-request-id': `${'a'.repeat(101)}` } })).id).toMatch(uuid)
    expect((await send('/', { headers: { 'x-request-id': 'a'.repeat(100) } })).id).toBe('a'.repeat(100))
    await close()
  })

  it("a request's own logger carries its id (the same logger each time); outside a request it is the process's", async () => {
    const { lines, log } = capture()
    const seen: Logger[] = []
    const { send, close } = await serve((req, res) => {
      const c = { env: { incoming: req } } as unknown as Context
      seen.push(requestLogger(c), requestLogger(c))
      seen[0].warn('inside')
      res.end('x')
    }, log)
    const { id } = await send('/x')
    await close()
    expect(seen[0]).toBe(seen[1])
    expect(JSON.parse(lines[0])).toMatchObject({ level: 'warn', requestId: id, msg: 'inside' })
    expect(requestLogger({ env: undefined } as unknown as Context)).toBe(logger)
    expect(requestLogger({ env: {} } as unknown as Context)).toBe(logger)
    expect(requestLogger({ env: { incoming: { log } } } as unknown as Context)).toBe(log)
  })
})

describe('log texts and fields', () => {
  it('hides credentials in a URL at the very start, request headers, and keeps long paths short', () => {
    expect(scrub('smtp://user:pw@mail.example.com:587')).toBe('smtp://[redacted]@mail.example.com:587')
    const long = `/${'a'.repeat(600)}`
    expect(pathOnly(long)).toBe(`/${'a'.repeat(511)}…`)
    expect(pathOnly(`/${'a'.repeat(511)}`)).toBe(`/${'a'.repeat(511)}`)
    // Only the calendar feed's own address is secret.
    expect(pathOnly('/x/api/calendar/tok.ics')).toBe('/x/api/calendar/tok.ics')
    expect(pathOnly('/api/calendar/tok.ics.bak')).toBe('/api/calendar/tok.ics.bak')
    const { lines, log } = capture()
    log.info({ headers: { authorization: 'Bearer abc' }, req: { headers: { cookie: 'sid=2' } } }, 'with headers')
    expect(JSON.parse(lines[0])).toMatchObject({ headers: '[redacted]', req: { headers: '[redacted]' } })
  })

  it('console lines from anywhere go through the logger at their level, an error with its stack', () => {
    const { lines, log } = capture()
    const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error }
    try {
      routeConsoleToLogger(log)
      console.log('listening on %s', 'port 3000')
      console.info('ready')
      console.warn('slow: %d ms', 12)
      console.error('send failed:', new Error('SMTP down for jane@example.com'))
    } finally {
      Object.assign(console, saved)
    }
    const parsed = lines.map((l) => JSON.parse(l))
    expect(parsed.map((l) => [l.level, l.msg])).toEqual([
      ['info', 'listening on port 3000'],
      ['info', 'ready'],
      ['warn', 'slow: 12 ms'],
      ['error', 'send failed:'],
    ])
    expect(parsed[3].err).toMatchObject({ type: 'Error', message: 'SMTP down for [e-mail]' })
    expect(parsed[3].err.stack).toMatch(/\n\s+at /)
  })
})
