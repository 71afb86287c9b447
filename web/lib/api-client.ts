// The one place that calls fetch: knows the API base, sends cookies and JSON, turns failures into ApiError, and tells
// the dashboard when a call finds its session gone (401).
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown = null,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** Where API calls go. In the browser it is same-origin; the server renderer may point it elsewhere. */
let apiBase = ''
let fetchImpl: typeof fetch = (...args) => fetch(...args)

export function configureApi(options: { base?: string; fetch?: typeof fetch }): void {
  if (options.base !== undefined) apiBase = options.base
  if (options.fetch) fetchImpl = options.fetch
}

let onUnauthorized: (() => void) | null = null

/** The dashboard registers this so an expired session on any call shows the login form again. */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler
}

/** A call made outside apiRequest (an upload with progress) found the session gone: the dashboard shows the login. */
export function reportUnauthorized(): void {
  onUnauthorized?.()
}

/** The address of an API path, for plain links the browser follows itself (CSV downloads). */
export const apiUrl = (path: string): string => `${apiBase}/api${path}`

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD'

interface RequestOptions {
  body?: unknown
  signal?: AbortSignal
  headers?: Record<string, string>
  /** A 401 is this call's answer (checking or starting a session), not a session that lapsed. */
  unauthorizedIsAnswer?: boolean
  /** Sees the successful answer's headers (a page's X-Total-Count, say). */
  onHeaders?: (headers: Headers) => void
}

/** Sends a request to `/api{path}` and returns its JSON; a non-2xx answer throws ApiError with the server's `error`. */
export async function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
  let body: BodyInit | undefined
  if (options.body !== undefined) {
    if (isForm) body = options.body as FormData
    else {
      headers['Content-Type'] = 'application/json'
      body = JSON.stringify(options.body)
    }
  }
  let res: Response
  try {
    res = await fetchImpl(apiUrl(path), {
      method,
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    })
  } catch (cause) {
    if ((cause as Error)?.name === 'AbortError') throw cause
    throw new ApiError('Network error', 0)
  }
  const text = method === 'HEAD' ? '' : await res.text()
  let data: unknown = null
  if (text) {
    try {
      data = JSON.parse(text)
    } catch {
      data = text
    }
  }
  if (!res.ok) {
    const message =
      data && typeof data === 'object' && 'error' in data && typeof (data as { error: unknown }).error === 'string'
        ? (data as { error: string }).error
        : `Request failed (${res.status})`
    if (res.status === 401 && !options.unauthorizedIsAnswer) onUnauthorized?.()
    throw new ApiError(message, res.status, data)
  }
  options.onHeaders?.(res.headers)
  return data as T
}

/** HEAD of any same-origin URL (used to wait until an upload is served); returns the response. */
export async function headUrl(url: string, signal?: AbortSignal): Promise<Response> {
  return fetchImpl(url.startsWith('/') ? `${apiBase}${url}` : url, { method: 'HEAD', signal, cache: 'no-store' })
}
