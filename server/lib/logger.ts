// The server's one logger (pino): a JSON line per request and per error in production, readable lines in development;
// e-mail addresses, cookies, passwords and query strings never reach it.
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import { format } from 'node:util'
import type { Context } from 'hono'
import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino'
import { pinoHttp } from 'pino-http'
import pretty from 'pino-pretty'

const EMAIL = /[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}/gi
/** Secrets that may appear as `name=value` in an error text (a URL's query, a form body, a cookie header). */
const SECRET_PAIR = /\b(password|passwd|pass|token|secret|key|session|cookie|authorization)(["']?\s*[=:]\s*["']?)[^\s"'&;,)]+/gi
const SMTP_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^/\s@]+@/gi

/** Removes e-mail addresses, `password=…`-style pairs and URL credentials from a text bound for the log. */
export function scrub(text: string): string {
  return text.replace(SMTP_USERINFO, '$1[redacted]@').replace(SECRET_PAIR, '$1$2[redacted]').replace(EMAIL, '[e-mail]')
}

/** Paths whose last part is a secret (the private calendar feed's address). */
const SECRET_PATHS = [/^(\/api\/calendar\/)[^/]+(\.ics)$/]

/** The path alone: a query string may carry a token or an address; a secret in the path itself is hidden. */
export function pathOnly(url: string | undefined): string {
  const path = SECRET_PATHS.reduce((p, pattern) => p.replace(pattern, '$1[secret]$2'), (url ?? '/').split('?')[0])
  return scrub(path.length > 512 ? `${path.slice(0, 512)}…` : path)
}

function scrubbedError(err: Error) {
  const out = stdSerializers.err(err) as unknown as Record<string, unknown>
  return JSON.parse(scrub(JSON.stringify(out))) as Record<string, unknown>
}

export interface LoggerOptions {
  production: boolean
  level?: string
  /** Where lines go (tests capture them); default stdout. */
  destination?: DestinationStream
}

export function createLogger({ production, level = 'info', destination }: LoggerOptions): Logger {
  const options = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    serializers: { err: scrubbedError, error: scrubbedError },
    redact: {
      paths: ['password', 'email', 'cookie', 'headers', '*.password', '*.email', '*.cookie', '*.headers'],
      censor: '[redacted]',
    },
    hooks: {
      // Messages are scrubbed too: a log call with a visitor's address in its text loses the address.
      logMethod(this: Logger, args: unknown[], method: (...a: unknown[]) => void) {
        method.apply(this, args.map((a) => (typeof a === 'string' ? scrub(a) : a)))
      },
    },
  }
  if (production) return pino(options, destination ?? pino.destination({ sync: false }))
  return pino(options, destination ?? pretty({ sync: true, colorize: process.stdout.isTTY, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }))
}

/** The process's logger: JSON in production (NODE_ENV=production), readable otherwise; LOG_LEVEL sets the level. */
export const logger = createLogger({ production: process.env.NODE_ENV === 'production', level: process.env.LOG_LEVEL || 'info' })

/** A request id a proxy or CDN sent is kept when it looks like one; anything else gets a new one. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,100}$/

/**
 * Wraps the server's request listener: every request gets an id (sent back as X-Request-Id) and, when its answer is
 * sent or the connection drops, one line with method, path, status and duration. The id is bound to `req.log`, which
 * the error handler uses, so an error's stack carries the same id as its request's line.
 */
export function logRequests(listener: RequestListener, log: Logger = logger): RequestListener {
  const http = pinoHttp({
    logger: log,
    quietReqLogger: true,
    wrapSerializers: false,
    customAttributeKeys: { reqId: 'requestId', responseTime: 'durationMs' },
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const given = req.headers['x-request-id']
      const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID()
      res.setHeader('X-Request-Id', id)
      return id
    },
    serializers: {
      req: (req: IncomingMessage) => ({ method: req.method, path: pathOnly(req.url) }),
      res: (res: ServerResponse) => ({ status: res.statusCode }),
      err: scrubbedError,
    },
    customLogLevel(req, res, err) {
      if (err || res.statusCode >= 500) return 'error'
      if (res.statusCode >= 400) return 'warn'
      // A monitor polls /healthz every few seconds, and every page view sends a beacon (/api/collect, 204): only
      // their failures are worth a line.
      return req.url === '/healthz' || req.url === '/api/collect' ? 'silent' : 'info'
    },
    customSuccessMessage: (req, res) => `${req.method} ${pathOnly(req.url)} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${pathOnly(req.url)} ${res.statusCode} (connection closed early)`,
  })
  return (req, res) => {
    http(req, res)
    listener(req, res)
  }
}

/** The logger of the request being answered (it carries the request id), or the process's logger in-process. */
export function requestLogger(c: Context): Logger {
  const incoming = (c.env as { incoming?: { log?: Logger } } | undefined)?.incoming
  return incoming?.log ?? logger
}

/** console.* lines from any part of the server go through the logger, so production output is JSON lines only. */
export function routeConsoleToLogger(log: Logger = logger): void {
  const forward = (level: 'info' | 'warn' | 'error') => (...args: unknown[]) => {
    const err = args.find((a): a is Error => a instanceof Error)
    const text = format(...args.filter((a) => a !== err))
    if (err) log[level]({ err }, text)
    else log[level](text)
  }
  console.log = forward('info')
  console.info = forward('info')
  console.warn = forward('warn')
  console.error = forward('error')
}
