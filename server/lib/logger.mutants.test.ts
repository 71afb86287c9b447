// The logger where the first tests left it open (issue 32): the process's own logger as the environment sets it
// (JSON lines in production, readable lines otherwise, LOG_LEVEL), a response that fails with an error of its own
// (one line, at error, with the error's text scrubbed), and a console line without an error.
import fs from 'node:fs'
import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLogger, logRequests, routeConsoleToLogger } from './logger'

function capture(level = 'info') {
  const lines: string[] = []
  const destination = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean))
      done()
    },
  })
  return { lines, log: createLogger({ production: true, level, destination }) }
}

/** What the process's logger writes to standard output (file descriptor 1), loaded afresh with this environment. */
async function processLogger(env: Record<string, string>) {
  const out: string[] = []
  const keep = (fd: unknown, data: unknown) => fd === 1 && out.push(String(data))
  const write = fs.write
  const writeSync = fs.writeSync
  vi.spyOn(fs, 'write').mockImplementation(((fd: number, data: unknown, ...rest: unknown[]) => {
    if (!keep(fd, data)) return (write as (...a: unknown[]) => unknown)(fd, data, ...rest)
    const done = rest.find((r) => typeof r === 'function') as ((e: null, n: number) => void) | undefined
    done?.(null, Buffer.byteLength(String(data)))
  }) as typeof fs.write)
  vi.spyOn(fs, 'writeSync').mockImplementation(((fd: number, data: unknown, ...rest: unknown[]) =>
    keep(fd, data)
      ? Buffer.byteLength(String(data))
      : (writeSync as (...a: unknown[]) => number)(fd, data, ...rest)) as typeof fs.writeSync)
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v)
  vi.resetModules()
  const { logger } = await import('./logger')
  return { logger, out }
}

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllEnvs()
})

describe('the process logger', () => {
  it('NODE_ENV=production: JSON lines, at LOG_LEVEL', async () => {
    const { logger, out } = await processLogger({ NODE_ENV: 'production', LOG_LEVEL: 'warn' })
    expect(logger.level).toBe('warn')
    logger.info('not at warn')
    logger.warn('Mail to jane@example.com refused')
    logger.flush()
    await vi.waitFor(() => expect(out.join('')).toContain('refused'))
    const lines = out.join('').split('\n').filter(Boolean)
    expect(lines.map((l) => JSON.parse(l))).toEqual([{ level: 'warn', time: expect.any(String), msg: 'Mail to [e-mail] refused' }])
  })

  it('otherwise readable lines, at info when LOG_LEVEL is empty', async () => {
    const { logger, out } = await processLogger({ NODE_ENV: 'development', LOG_LEVEL: '' })
    expect(logger.level).toBe('info')
    logger.debug('not at info')
    logger.info('Inquiry from jane@example.com stored')
    await vi.waitFor(() => expect(out.join('')).toContain('stored'))
    expect(out.join('')).toMatch(/^\[\d{2}:\d{2}:\d{2}\] INFO: Inquiry from \[e-mail\] stored\n$/)
  })
})

describe('a response that fails', () => {
  async function serve(handler: Parameters<typeof logRequests>[0]) {
    const { lines, log } = capture()
    const listener = logRequests(handler, log)
    const server = createServer(listener)
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const get = (path: string) =>
      new Promise<void>((resolve) => {
        const req = request({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, path }, (res) => {
          res.resume()
          res.on('end', resolve)
          res.on('error', () => resolve())
        })
        req.on('error', () => resolve())
        req.end()
      })
    return { lines, get, flushReads: listener.flushReads, close: () => new Promise((r) => server.close(r)) }
  }

  it('with an error event: one line, at error, with its scrubbed text, even though the connection then closes', async () => {
    const { lines, get, close, flushReads } = await serve((_req, res) => {
      res.emit('error', new Error('socket broke while answering jane@example.com'))
      res.end('x')
    })
    await get('/contact')
    await close()
    await new Promise((r) => setTimeout(r, 20))
    // The close after the error adds nothing: not even a counted read.
    flushReads()
    const parsed = lines.map((l) => JSON.parse(l))
    expect(parsed).toHaveLength(1)
    expect(parsed[0]).toMatchObject({
      level: 'error',
      req: { method: 'GET', path: '/contact' },
      res: { status: 200 },
      err: { message: 'socket broke while answering [e-mail]' },
      msg: 'GET /contact 200 (connection closed early)',
    })
    expect(lines.join('\n')).not.toContain('jane@')
  })

  it('with the error the app hung on the response: at error, with that error', async () => {
    const { lines, get, close } = await serve((_req, res) => {
      ;(res as typeof res & { err?: Error }).err = new Error('render failed for sam@example.com')
      res.end('x')
    })
    await get('/page')
    await close()
    await new Promise((r) => setTimeout(r, 20))
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      expect.objectContaining({
        level: 'error',
        res: { status: 200 },
        err: expect.objectContaining({ message: 'render failed for [e-mail]' }),
      }),
    ])
  })
})

describe('console lines', () => {
  it('a line without an error carries no err field', () => {
    const { lines, log } = capture()
    const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error }
    try {
      routeConsoleToLogger(log)
      console.error('plain failure for %s', 'jane@example.com')
    } finally {
      Object.assign(console, saved)
    }
    expect(lines.map((l) => JSON.parse(l))).toEqual([{ level: 'error', time: expect.any(String), msg: 'plain failure for [e-mail]' }])
  })
})
