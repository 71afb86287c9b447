// The web's one API client, against a recorded fetch: what it sends, and what the pages and the dashboard are told
// when a call fails (the server's own message, a network failure, a lapsed session).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiRequest, apiUrl, configureApi, headUrl, setUnauthorizedHandler } from './api-client'

interface Sent {
  url: string
  init: RequestInit
}

let sent: Sent[]
let answer: () => Response | Promise<Response>

beforeEach(() => {
  sent = []
  answer = () => Response.json({ ok: true })
  configureApi({
    base: '',
    fetch: async (input, init) => {
      sent.push({ url: String(input), init: init ?? {} })
      return answer()
    },
  })
})

afterEach(() => setUnauthorizedHandler(null))

const failure = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('the call succeeded')
    },
    (err: unknown) => err as ApiError,
  )

describe('a call', () => {
  it('goes to /api with the session cookie, asks for JSON and sends its body as JSON', async () => {
    expect(await apiRequest('PUT', '/services/bouquets', { body: { title: 'Bouquets' } })).toEqual({ ok: true })
    expect(sent).toHaveLength(1)
    const [{ url, init }] = sent
    expect(url).toBe('/api/services/bouquets')
    expect(init.method).toBe('PUT')
    expect(init.credentials).toBe('include')
    expect(init.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json' })
    expect(init.body).toBe('{"title":"Bouquets"}')
  })

  it('sends no body and no Content-Type when it has none, and keeps headers of its own', async () => {
    await apiRequest('GET', '/inquiries', { headers: { 'If-Match': '"v1"' } })
    expect(sent[0].init.body).toBeUndefined()
    expect(sent[0].init.headers).toEqual({ Accept: 'application/json', 'If-Match': '"v1"' })
  })

  it('sends a form (an upload) as it is, leaving the browser to set its Content-Type', async () => {
    const form = new FormData()
    form.append('file', new Blob(['x']), 'a.jpg')
    await apiRequest('POST', '/upload', { body: form })
    expect(sent[0].init.body).toBe(form)
    expect(sent[0].init.headers).toEqual({ Accept: 'application/json' })
  })

  it('goes to the configured base (the server renderer calls its own address)', async () => {
    configureApi({ base: 'http://127.0.0.1:3000' })
    expect(apiUrl('/export')).toBe('http://127.0.0.1:3000/api/export')
    await apiRequest('GET', '/services')
    expect(sent[0].url).toBe('http://127.0.0.1:3000/api/services')
    await headUrl('/uploads/a.jpg')
    expect(sent[1].url).toBe('http://127.0.0.1:3000/uploads/a.jpg')
    expect(sent[1].init).toMatchObject({ method: 'HEAD', cache: 'no-store' })
    await headUrl('https://cdn.example/a.jpg')
    expect(sent[2].url).toBe('https://cdn.example/a.jpg')
  })

  it('answers null for an empty answer (204) and text for an answer that is not JSON', async () => {
    answer = () => new Response(null, { status: 204 })
    expect(await apiRequest('DELETE', '/testimonials/1')).toBeNull()
    answer = () => new Response('plain words', { status: 200 })
    expect(await apiRequest('GET', '/robots')).toBe('plain words')
  })
})

describe('a failed call', () => {
  it("says the server's own message, with the status and the whole answer", async () => {
    answer = () => Response.json({ error: 'Title is required', field: 'title' }, { status: 400 })
    const err = await failure(apiRequest('PUT', '/services/bouquets', { body: {} }))
    expect(err).toBeInstanceOf(ApiError)
    expect([err.message, err.status, err.body]).toEqual(['Title is required', 400, { error: 'Title is required', field: 'title' }])
  })

  it('says "Request failed (status)" when the answer carries no message', async () => {
    answer = () => new Response('<html>Bad gateway</html>', { status: 502 })
    expect((await failure(apiRequest('GET', '/services'))).message).toBe('Request failed (502)')
    answer = () => Response.json({ error: 42 }, { status: 500 })
    expect((await failure(apiRequest('GET', '/services'))).message).toBe('Request failed (500)')
  })

  it('says "Network error" with status 0 when no answer came', async () => {
    answer = () => Promise.reject(new TypeError('fetch failed'))
    const err = await failure(apiRequest('GET', '/services'))
    expect([err.name, err.message, err.status]).toEqual(['ApiError', 'Network error', 0])
  })

  it('passes a cancelled call on as a cancellation, not as an error to show', async () => {
    answer = () => Promise.reject(new DOMException('The operation was aborted.', 'AbortError'))
    const err = await failure(apiRequest('GET', '/history'))
    expect(err).not.toBeInstanceOf(ApiError)
    expect((err as Error).name).toBe('AbortError')
  })
})

describe('a lapsed session', () => {
  it('shows the login form again on any call answered 401', async () => {
    const lapsed = vi.fn()
    setUnauthorizedHandler(lapsed)
    answer = () => Response.json({ error: 'Unauthorized' }, { status: 401 })
    expect((await failure(apiRequest('GET', '/inquiries'))).status).toBe(401)
    expect(lapsed).toHaveBeenCalledTimes(1)
  })

  it('is not what a wrong password or a session check means: their 401 is the answer', async () => {
    const lapsed = vi.fn()
    setUnauthorizedHandler(lapsed)
    answer = () => Response.json({ error: 'Invalid credentials' }, { status: 401 })
    expect((await failure(apiRequest('POST', '/login', { body: {}, unauthorizedIsAnswer: true }))).message).toBe('Invalid credentials')
    answer = () => Response.json({ error: 'Forbidden' }, { status: 403 })
    await failure(apiRequest('GET', '/inquiries'))
    expect(lapsed).not.toHaveBeenCalled()
  })
})
