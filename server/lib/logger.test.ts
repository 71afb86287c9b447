import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createLogger, logRequests, pathOnly, scrub } from './logger'

function capture() {
  const lines: string[] = []
  const destination = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean))
      done()
    },
  })
  return { lines, log: createLogger({ production: true, destination }) }
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

  it('writes one line per request, as pino writes the same fields, with the id sent back as X-Request-Id', async () => {
    const { lines, log } = capture()
    const flat = ['X-Own', 'flat']
    const server = createServer(
      logRequests((req, res) => {
        const status = req.url!.startsWith('/missing') ? 404 : req.url!.startsWith('/boom') ? 500 : 200
        // Every way a head goes out carries the id, and the caller's own headers are kept as given (and unchanged).
        if (req.url === '/flat') res.writeHead(200, flat)
        else if (req.url === '/object') res.writeHead(200, 'Fine', { 'X-Own': 'object' })
        else if (req.url === '/implicit') res.setHeader('X-Own', 'implicit')
        else res.writeHead(status)
        res.end('x')
      }, log),
    )
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
    await new Promise((r) => setTimeout(r, 50))
    await new Promise((r) => server.close(r))
    expect(ids[5]).toBe('proxy-id-12345')
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>)
    // Quiet paths (/healthz, the beacon) leave no line when they succeed.
    expect(parsed.map((l) => l.requestId).slice(0, 5)).toEqual([ids[0], ids[1], ids[2], ids[5], ids[6]])
    expect(parsed.map((l) => l.msg).slice(0, 5)).toEqual(['GET /services 200', 'GET /reset/[e-mail] 200', 'GET /missing 404', 'GET /given 200', 'GET /boom 500 (connection closed early)'])
    expect(parsed[4]).toMatchObject({ level: 'error', res: { status: 500 }, err: { message: 'failed with status code 500' } })
    // The lines written as text are what pino writes for the same fields, byte for byte (but the time).
    const time = (l: string) => l.replace(/"time":"[^"]+"/, '"time":"T"')
    for (const [i, l] of lines.slice(0, 4).entries()) {
      const { level, requestId, req, res, durationMs, msg } = parsed[i] as { level: 'info' | 'warn'; msg: string } & Record<string, unknown>
      const again = capture()
      again.log[level]({ requestId, req, res, durationMs }, msg)
      expect(time(l)).toBe(time(again.lines[0]))
    }
  })
})
