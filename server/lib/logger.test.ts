import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createLogger, pathOnly, scrub } from './logger'

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
})
