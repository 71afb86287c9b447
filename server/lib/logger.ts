// The server's one logger (pino): a JSON line per request and per error in production, readable lines in development;
// e-mail addresses, cookies, passwords and query strings never reach it.
import { randomUUID } from 'node:crypto'
import { ServerResponse, type IncomingMessage, type RequestListener } from 'node:http'
import { format } from 'node:util'
import type { Context } from 'hono'
import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino'
import pretty from 'pino-pretty'

const EMAIL = /[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}/gi
/** Secrets that may appear as `name=value` in an error text (a URL's query, a form body, a cookie header). */
const SECRET_PAIR = /\b(password|passwd|pass|token|secret|key|session|cookie|authorization)(["']?\s*[=:]\s*["']?)[^\s"'&;,)]+/gi
const SMTP_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^/\s@]+@/gi

/** Every pattern above needs one of these: a text without them has nothing to scrub (most request paths). */
const MAY_HOLD_SECRET = /[@=:]/

/** Removes e-mail addresses, `password=…`-style pairs and URL credentials from a text bound for the log. */
export function scrub(text: string): string {
  if (!MAY_HOLD_SECRET.test(text)) return text
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
        method.apply(
          this,
          args.map((a) => (typeof a === 'string' ? scrub(a) : a)),
        )
      },
    },
  }
  if (production) return pino(options, destination ?? pino.destination({ sync: false }))
  // Readable lines; a given destination (a test's) gets them too, without colour.
  return pino(
    options,
    pretty({
      sync: true,
      colorize: !destination && process.stdout.isTTY,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname',
      destination,
    }),
  )
}

/** The process's logger: JSON in production (NODE_ENV=production), readable otherwise; LOG_LEVEL sets the level. */
export const logger = createLogger({ production: process.env.NODE_ENV === 'production', level: process.env.LOG_LEVEL || 'info' })

/** A request id a proxy or CDN sent is kept when it looks like one; anything else gets a new one. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,100}$/

/** Where a request's id and logger hang on the Node request (see `requestLogger`). */
const REQUEST_LOG = Symbol('request log')

interface RequestLog {
  id: string
  log: Logger
  /** Made when first asked for (an error): most requests never need one. */
  child?: Logger
}

type LoggedRequest = IncomingMessage & { [REQUEST_LOG]?: RequestLog; log?: Logger }

/** What the line of one request needs when its answer is done; kept on the response, read by `requestDone`. */
interface RequestLine {
  req: LoggedRequest
  id: string
  log: Logger
  start: number
  done: boolean
  reads: ReadTally
}

const REQUEST_LINE = Symbol('request line')
type LoggedResponse = ServerResponse & { [REQUEST_LINE]: RequestLine; err?: Error }

/** Requests whose successes are not worth a line: a monitor polls /healthz, and every page view sends a beacon. */
const QUIET_PATHS = new Set(['/healthz', '/api/collect'])

/** Recent request targets with their path as a request line writes it (JSON): most requests repeat a few addresses. */
const linePaths = new Map<string, string>()
const MAX_LINE_PATHS = 1000

function linePath(url: string | undefined): string {
  const key = url ?? '/'
  let path = linePaths.get(key)
  if (path === undefined) {
    if (linePaths.size >= MAX_LINE_PATHS) linePaths.clear()
    path = JSON.stringify(pathOnly(key))
    linePaths.set(key, path)
  }
  return path
}

/** HTTP methods and request ids as the server takes them (tokens; see REQUEST_ID) need no escaping in JSON. */
const PLAIN = /^[A-Za-z0-9._:-]+$/
const jsonText = (text: string) => (PLAIN.test(text) ? `"${text}"` : JSON.stringify(text))

/** The time as pino's isoTime writes it, made once per millisecond (many answers share one under load). */
let isoAt = NaN
let iso = ''
function isoTime(ms: number): string {
  if (ms !== isoAt) {
    isoAt = ms
    iso = new Date(ms).toISOString()
  }
  return iso
}

/** How often the counts of successful reads are written. */
const READ_SUMMARY_MS = 60_000

/** The request listener `logRequests` gives, with a way to write the pending read counts (at shutdown). */
export type LoggedListener = RequestListener & { flushReads: () => void }

/**
 * Successful reads (GET and HEAD answered below 400: the pages, pictures and public API, nearly all the traffic) are
 * counted per method, path and status and written as one line per interval, with how many, the mean and the slowest:
 * `{"level":"info",…,"req":{"method":"GET","path":"/contact"},"res":{"status":200},"count":4312,"durationMs":{"mean":0.4,"max":12},
 * "msg":"GET /contact 200 x4312 in 60 s"}`. A line per read cost the server about a quarter of a cached page's time.
 * LOG_LEVEL=debug writes each read's own line again (at debug).
 */
class ReadTally {
  private counts = new Map<string, { method: string; path: string; status: number; count: number; totalMs: number; maxMs: number }>()
  private timer: NodeJS.Timeout | undefined
  private since = Date.now()

  constructor(
    private log: Logger,
    private everyMs: number,
  ) {}

  /** `path` as linePath gives it (JSON text). */
  count(method: string, path: string, status: number, ms: number): void {
    const key = `${method}${status}${path}`
    let entry = this.counts.get(key)
    if (!entry) {
      if (this.counts.size >= MAX_LINE_PATHS) this.flush()
      entry = { method, path, status, count: 0, totalMs: 0, maxMs: 0 }
      this.counts.set(key, entry)
      this.timer ??= setTimeout(() => this.flush(), this.everyMs).unref()
    }
    entry.count++
    entry.totalMs += ms
    if (ms > entry.maxMs) entry.maxMs = ms
  }

  flush(): void {
    clearTimeout(this.timer)
    this.timer = undefined
    const seconds = Math.round((Date.now() - this.since) / 1000)
    this.since = Date.now()
    for (const { method, path, status, count, totalMs, maxMs } of this.counts.values()) {
      const shown = JSON.parse(path) as string
      const durationMs = { mean: Math.round((totalMs / count) * 10) / 10, max: maxMs }
      this.log.info(
        { req: { method, path: shown }, res: { status }, count, durationMs },
        `${method} ${shown} ${status} x${count} in ${seconds} s`,
      )
    }
    this.counts.clear()
  }
}

/**
 * A request's line once its answer is sent or its connection closed (whichever comes first; 'close' always comes).
 * Successes and 4xx are written straight to the logger's destination, exactly as pino writes the same fields
 * (logger.test.ts compares the two); a failure goes through pino with its `err`.
 */
function requestDone(this: LoggedResponse, err?: Error): void {
  const line = this[REQUEST_LINE]
  if (line.done) return
  line.done = true
  const { req, id, log } = line
  const status = this.statusCode
  const failed = err ?? this.err
  if (!failed && status < 400 && QUIET_PATHS.has(req.url ?? '')) return
  const level = failed || status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info'
  if (!log.isLevelEnabled(level)) return
  const now = Date.now()
  const read = level === 'info' && (req.method === 'GET' || req.method === 'HEAD')
  if (read && !log.isLevelEnabled('debug')) {
    line.reads.count(req.method!, linePath(req.url), status, now - line.start)
    return
  }
  if (level === 'error') {
    const path = pathOnly(req.url)
    const fields = { requestId: id, req: { method: req.method, path }, res: { status } }
    const error = failed ?? new Error(`failed with status code ${status}`)
    log.error({ ...fields, err: error, durationMs: now - line.start }, `${req.method} ${path} ${status} (connection closed early)`)
    return
  }
  // The message needs no scrubbing of its own: the path is scrubbed, and a method or a status holds none of @ = :.
  const method = jsonText(req.method ?? '')
  const path = linePath(req.url)
  const msg = `"${method.slice(1, -1)} ${path.slice(1, -1)} ${status}"`
  const levelName = read ? 'debug' : level
  ;(log as unknown as Record<symbol, DestinationStream>)[pino.symbols.streamSym].write(
    `{"level":"${levelName}","time":"${isoTime(now)}","requestId":${jsonText(id)},"req":{"method":${method},"path":${path}},"res":{"status":${status}},"durationMs":${now - line.start},"msg":${msg}}\n`,
  )
}

const nodeWriteHead = ServerResponse.prototype.writeHead

/**
 * Sends the request id with the answer's head. Set with `setHeader` before the answer, the id would turn every later
 * `writeHead(status, headers)` into Node's slow path (each header validated and stored one by one, ~5 µs for the
 * 18 headers of a page); added here, headers given to writeHead go out as given. Never changes the caller's headers.
 */
function writeHeadWithId(this: LoggedResponse, status: number, reason?: unknown, headers?: unknown): ServerResponse {
  const id = this[REQUEST_LINE].id
  const hasReason = typeof reason === 'string'
  let given = hasReason ? headers : reason
  if (Array.isArray(given) && (given.length === 0 || typeof given[0] === 'string')) given = [...(given as string[]), 'X-Request-Id', id]
  else if (given && typeof given === 'object' && !Array.isArray(given)) given = { ...given, 'X-Request-Id': id }
  else this.setHeader('X-Request-Id', id)
  return Reflect.apply(nodeWriteHead, this, hasReason ? [status, reason, given] : [status, given]) as ServerResponse
}

/**
 * Wraps the server's request listener: every request gets an id (sent back as X-Request-Id) and, when its answer is
 * sent or the connection drops, one line with method, path, status and duration:
 * `{"level":"info","time":…,"requestId":…,"req":{"method","path"},"res":{"status"},"durationMs":…,"msg":"GET / 200"}`
 * (warn for 4xx; error for 5xx, with `err`). `requestLogger` gives the request's own logger, bound to the same id, so
 * an error's stack carries the same id as its request's line.
 *
 * These are the lines pino-http wrote before, field for field, at about a third of the cost: no child loggers unless
 * an error asks for one, two listeners per answer, and a success's line written as text. On a cached answer served
 * in front of Hono (about 30 µs of server time), pino-http's line cost about 35 µs; this one about 12 µs.
 */
export function logRequests(listener: RequestListener, log: Logger = logger, readsEveryMs = READ_SUMMARY_MS): LoggedListener {
  const reads = new ReadTally(log, readsEveryMs)
  const logged = (req: LoggedRequest, res: ServerResponse) => {
    const given = req.headers['x-request-id']
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID()
    req[REQUEST_LOG] = { id, log }
    ;(res as LoggedResponse)[REQUEST_LINE] = { req, id, log, start: Date.now(), done: false, reads }
    res.writeHead = writeHeadWithId as typeof res.writeHead
    res.on('close', requestDone)
    res.on('error', requestDone)
    listener(req, res)
  }
  return Object.assign(logged, { flushReads: () => reads.flush() })
}

/** The logger of the request being answered (it carries the request id), or the process's logger in-process. */
export function requestLogger(c: Context): Logger {
  const incoming = (c.env as { incoming?: LoggedRequest } | undefined)?.incoming
  const own = incoming?.[REQUEST_LOG]
  if (own) return (own.child ??= own.log.child({ requestId: own.id }))
  return incoming?.log ?? logger
}

/** console.* lines from any part of the server go through the logger, so production output is JSON lines only. */
export function routeConsoleToLogger(log: Logger = logger): void {
  const forward =
    (level: 'info' | 'warn' | 'error') =>
    (...args: unknown[]) => {
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
