// A recorded API for the web's tests: each "METHOD /path" (after /api) answers its value as JSON, or the Response a
// function returns; any other path answers `otherwise` (404 unless given). Every request is kept with its body (as
// JSON) and abort signal.
import { configureApi } from './api-client'

type Answer = unknown | (() => Response | Promise<Response>)

export interface FakeApi {
  sent: { method: string; url: string; path: string; body?: unknown; signal: AbortSignal | null | undefined }[]
  routes: Record<string, Answer>
  otherwise?: Answer
}

/** `sent` as method, address and body, as a test compares them. */
export const calls = (api: FakeApi) => api.sent.map(({ method, url, body }) => ({ method, url, body }))

export function fakeApi(routes: Record<string, Answer>, otherwise?: Answer): FakeApi {
  const api: FakeApi = { sent: [], routes, otherwise }
  configureApi({
    base: '',
    fetch: async (input, init) => {
      const method = init?.method ?? 'GET'
      const url = String(input)
      const path = url.replace(/^\/api/, '')
      const body = init?.body ? JSON.parse(String(init.body)) : undefined
      api.sent.push({ method, url, path, signal: init?.signal, ...(body === undefined ? {} : { body }) })
      const answer = api.routes[`${method} ${path}`] ?? api.otherwise
      if (answer === undefined) return Response.json({ error: 'Not found' }, { status: 404 })
      return typeof answer === 'function' ? (answer as () => Response)() : Response.json(answer)
    },
  })
  return api
}

/** A server failure with its sentence. */
export const failing =
  (status = 500) =>
  () =>
    Response.json({ error: `Failed (${status})` }, { status })
