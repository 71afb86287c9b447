import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createLogger, logRequests, pathOnly, scrub } from './logger'

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
    const listener = logRequests(
      (req, res) => {
        const status = req.url!.startsWith('/missing') ? 404 : req.url!.startsWith('/boom') ? 500 : 200
        // Every way a head goes out carries the id, and the caller's own headers are kept as given (and unchanged).
        if (req.url === '/flat') res.writeHead(200, flat)
        else if (req.url === '/object') res.writeHead(200, 'Fine', { 'X-Own': 'object' })
        else if (req.url === '/implicit') res.setHeader('X-Own', 'implicit')
        else res.writeHead(status)
        res.end('x')
      },
      log,
    )
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
    const counted = lines.slice(2).map((l) => JSON.parse(l) as { level: string; req: unknown; count: number; msg: string; durationMs: { mean: number; max: number } })
    expect(counted.map((l) => l.msg.replace(/ in \d+ s$/, ''))).toEqual(['GET /services 200 x1', 'GET /reset/[e-mail] 200 x1', 'GET /given 200 x2', 'GET /flat 200 x1', 'GET /object 200 x1', 'GET /implicit 200 x1'])
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
    expect(lines.map((l) => JSON.parse(l))).toMatchObject([{ level: 'debug', requestId: res.headers.get('x-request-id'), msg: 'GET /contact 200' }])
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
