// Flodesk's REST API (developers.flodesk.com): list segments, create or update a subscriber, add them to segments.
import type { Segment } from './mailing-list.schema'

const DEFAULT_FLODESK_API_URL = 'https://api.flodesk.com/v1'
const PER_PAGE = 100
const MAX_PAGES = 50
const TIMEOUT_MS = 10_000

/** A failed Flodesk call: status 0 for a network failure or timeout, else the HTTP status with Flodesk's message. */
export class FlodeskError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly operation: string,
  ) {
    super(message)
    this.name = 'FlodeskError'
  }
}

interface FlodeskClientOptions {
  apiKey: string
  baseUrl?: string
  userAgent?: string
  fetch?: typeof fetch
}

export class FlodeskClient {
  private readonly baseUrl: string
  private readonly headers: Record<string, string>
  private readonly fetchImpl: typeof fetch

  constructor(options: FlodeskClientOptions) {
    this.baseUrl = (options.baseUrl ?? DEFAULT_FLODESK_API_URL).replace(/\/+$/, '')
    this.fetchImpl = options.fetch ?? ((...args) => fetch(...args))
    this.headers = {
      // Flodesk authenticates with HTTP Basic: the API key as user name, an empty password.
      Authorization: `Basic ${Buffer.from(`${options.apiKey}:`).toString('base64')}`,
      // Flodesk rejects requests without a User-Agent naming the integration.
      'User-Agent': options.userAgent ?? 'BalloonStudioSite/1.0',
      Accept: 'application/json',
    }
  }

  /** Every segment, following Flodesk's pagination. */
  async listSegments(): Promise<Segment[]> {
    const segments: Segment[] = []
    for (let page = 1; page <= MAX_PAGES; page++) {
      const body = (await this.call('list segments', 'GET', `/segments?page=${page}&per_page=${PER_PAGE}`)) as {
        data?: ({ id?: unknown; name?: unknown } | null)[]
        meta?: { total_pages?: number; pagination?: { total_pages?: number } }
      }
      const data = Array.isArray(body?.data) ? body.data : []
      for (const s of data) {
        if (typeof s?.id === 'string' && typeof s.name === 'string') segments.push({ id: s.id, name: s.name })
      }
      const totalPages = body?.meta?.total_pages ?? body?.meta?.pagination?.total_pages
      if (data.length === 0 || (totalPages !== undefined ? page >= totalPages : data.length < PER_PAGE)) break
    }
    return segments
  }

  /** Creates the subscriber or updates the one with this e-mail, then adds them to the chosen segments. */
  async subscribe(input: { email: string; firstName: string; lastName: string; segmentIds: string[] }): Promise<void> {
    await this.call('create or update subscriber', 'POST', '/subscribers', {
      email: input.email,
      first_name: input.firstName,
      last_name: input.lastName,
    })
    if (input.segmentIds.length) {
      await this.call('add subscriber to segments', 'POST', `/subscribers/${encodeURIComponent(input.email)}/segments`, {
        segment_ids: input.segmentIds,
      })
    }
  }

  private async call(operation: string, method: string, path: string, body?: unknown): Promise<unknown> {
    let res: Response
    try {
      res = await this.fetchImpl(`${this.baseUrl}${path}`, {
        method,
        headers: body === undefined ? this.headers : { ...this.headers, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
    } catch (err) {
      throw new FlodeskError(0, `Flodesk could not be reached (${(err as Error).message})`, operation)
    }
    const text = await res.text().catch(() => '')
    let data: unknown = null
    try {
      data = text ? JSON.parse(text) : null
    } catch {
      data = null
    }
    if (!res.ok) throw new FlodeskError(res.status, flodeskMessage(data) ?? `HTTP ${res.status}`, operation)
    return data
  }
}

/** Flodesk errors look like `{ message, code, errors: [{ field, message }] }`; take the most specific text. */
function flodeskMessage(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined
  const d = data as { message?: unknown; error?: unknown; errors?: { message?: unknown }[] }
  const detail = Array.isArray(d.errors) ? d.errors.find((e) => typeof e?.message === 'string')?.message : undefined
  const message = [detail, d.message, d.error].find((m) => typeof m === 'string' && m.trim())
  return typeof message === 'string' ? message.trim().slice(0, 300) : undefined
}
