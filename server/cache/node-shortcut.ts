// The Node-level shortcut in front of Hono: a GET without the session cookie of a kept API answer or kept page is
// answered with the bytes and headers the full middleware chain gave the same URL, encoding and status.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { acceptsGzip, type KeptAnswer, type KeptAnswers } from './kept-answer'

/** Header templates kept (per URL, encoding and status); past this they are dropped and recorded again. */
const MAX_TEMPLATES = 2000

/** A header template: the chain's headers for one URL, encoding and status, minus the per-body ones. */
interface Template {
  headers: string[]
  /** Per answer, the full list `writeHead` takes (names and values in turn): built once, not on every request. */
  flat: WeakMap<KeptAnswer, string[]>
}

const templateKey = (url: string, gzip: boolean, status: number) => `${status}${gzip ? 'g' : 'i'}${url}`

/** As the validators middleware (hono/etag) compares: any listed tag, weak or strong, or `*`. */
function etagMatches(etag: string, ifNoneMatch: string): boolean {
  if (ifNoneMatch === '*') return true
  const strong = etag.replace(/^W\//, '')
  return ifNoneMatch.match(/"[^"]*"/g)?.some((tag) => tag === strong) ?? false
}

/** Headers that belong to one body (and its encoding), not to the path: never copied into a header template. */
const PER_BODY = new Set(['etag', 'content-encoding', 'content-length', 'date', 'transfer-encoding', 'connection', 'keep-alive'])

interface ShortcutSources {
  /** Where the answers for this request target are kept (the read cache's API answers, the kept pages), or null. */
  sourceOf(url: string): KeptAnswers | null
  /** A CDN keeping an answer now might serve it past the next schedule boundary: the chain writes those headers. */
  nearBoundary(): boolean
}

/**
 * The chain's answers for kept URLs leave their headers here as a template (`recording`); `listener` then answers
 * the same requests with those headers, after the same freshness check, and with 304 when If-None-Match names the
 * answer's ETag, as the chain would. Anything else (a session cookie, a query on an API path, a miss, a stale answer,
 * no template yet) goes to Hono. Made by the read cache (server/cache/read-cache.ts).
 */
export class NodeShortcut {
  private templates = new Map<string, Template>()
  /** URLs with at least one template, and where their answers are kept: others go to Hono at once. */
  private templated = new Map<string, KeptAnswers>()

  constructor(private readonly sources: ShortcutSources) {}

  /** Drops every template (a new source of pages): they are recorded again from the chain's next answers. */
  forget(): void {
    this.templates.clear()
    this.templated.clear()
  }

  /** A request the shortcut may answer: a GET whose answer cannot depend on a session. */
  private eligible(req: IncomingMessage, cookieName: string): boolean {
    if (req.method !== 'GET') return false
    const cookie = req.headers.cookie
    return cookie === undefined || !cookie.includes(`${cookieName}=`)
  }

  /** Wraps the Hono fetch so that full answers that are kept answers leave their headers as a template. */
  recording(fetch: (request: Request, env?: never) => Response | Promise<Response>, cookieName: string) {
    return async (request: Request, env?: unknown) => {
      const res = await fetch(request, env as never)
      const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming
      if ((res.status !== 200 && res.status !== 304) || !incoming || !this.eligible(incoming, cookieName)) return res
      const url = incoming.url!
      const etag = res.headers.get('etag')
      const source = this.sources.sourceOf(url)
      // Only an answer kept here (its ETag) is a faithful template for the same answer; a gzip one's ETag is weak.
      if (!etag || !source?.isKept(url, etag)) return res
      const gzip = etag.startsWith('W/')
      if (res.status === 200 && (res.headers.get('content-encoding') === 'gzip') !== gzip) return res
      const headers: string[] = []
      res.headers.forEach((value, name) => {
        if (!PER_BODY.has(name)) headers.push(name, value)
      })
      if (this.templates.size >= MAX_TEMPLATES) {
        this.templates.clear()
        this.templated.clear()
      }
      this.templates.set(templateKey(url, gzip, res.status), { headers, flat: new WeakMap() })
      this.templated.set(url, source)
      return res
    }
  }

  /**
   * A Node request listener: the shortcut first, then `next` (Hono's listener). The freshness check must wait for the
   * check phase after the poll phase the request was read in (server/cache/content-generation.ts), so the requests of
   * one turn wait together and are answered in one callback there, without a promise each; one whose check needs the
   * files looked at takes the waiting way.
   */
  listener(next: (req: IncomingMessage, res: ServerResponse) => unknown, cookieName: string) {
    /** Requests waiting for this turn's check phase: request, answer, where it is kept, in turn. */
    let waiting: (IncomingMessage | ServerResponse | KeptAnswers)[] = []
    const answerWaiting = () => {
      const turn = waiting
      waiting = []
      for (let i = 0; i < turn.length; i += 3) {
        const req = turn[i] as IncomingMessage
        const res = turn[i + 1] as ServerResponse
        const source = turn[i + 2] as KeptAnswers
        let answer: KeptAnswer | null | undefined
        try {
          answer = source.answerInCheckPhase(req.url!)
        } catch {
          answer = null // the chain looks again, and answers what it finds
        }
        if (answer !== undefined) this.send(req, res, answer, next)
        else
          void source.answer(req.url!).then(
            (later) => this.send(req, res, later, next),
            () => next(req, res),
          )
      }
    }
    return (req: IncomingMessage, res: ServerResponse) => {
      if (!this.eligible(req, cookieName)) return next(req, res)
      const source = this.templated.get(req.url!)
      if (!source) return next(req, res)
      if (waiting.length === 0) setImmediate(answerWaiting)
      waiting.push(req, res, source)
    }
  }

  /** Sends a kept answer with its URL's template, as the chain would answer; anything else goes to `next`. */
  private send(
    req: IncomingMessage,
    res: ServerResponse,
    answer: KeptAnswer | null,
    next: (req: IncomingMessage, res: ServerResponse) => unknown,
  ) {
    // Near a schedule boundary the CDN headers are shortened per answer (ops/cdn-cache.ts): the chain writes them.
    if (answer?.status !== 200 || this.sources.nearBoundary()) return next(req, res)
    const url = req.url!
    const gzip = answer.body.length >= 1024 && acceptsGzip(req.headers['accept-encoding'])
    const etag = gzip ? `W/${answer.etag}` : answer.etag
    const ifNoneMatch = req.headers['if-none-match']
    const status = ifNoneMatch !== undefined && etagMatches(etag, ifNoneMatch) ? 304 : 200
    const template = this.templates.get(templateKey(url, gzip, status))
    if (!template) return next(req, res)
    let flat = template.flat.get(answer)
    if (!flat) {
      const body = gzip ? answer.gzip : answer.body
      const own =
        status === 304
          ? ['etag', etag]
          : ['etag', etag, ...(gzip ? ['content-encoding', 'gzip'] : []), 'content-length', String(body.length)]
      flat = [...template.headers, ...own]
      template.flat.set(answer, flat)
    }
    res.writeHead(status, flat)
    if (status === 304) res.end()
    else res.end(gzip ? answer.gzip : answer.body)
  }
}
