// Uploads with progress, against a recorded XMLHttpRequest: where the form goes and with what, the progress reported,
// and what the caller is told when the server refuses, the connection drops, the session lapsed or the visitor cancels.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, configureApi, setUnauthorizedHandler } from './api-client'
import { apiUpload, uploadInquiryPhoto } from './api-upload'
import { lastXhr, stubXhr } from './testing-xhr'

beforeEach(() => {
  configureApi({ base: '' })
  stubXhr()
})
afterEach(() => {
  vi.unstubAllGlobals()
  setUnauthorizedHandler(null)
  configureApi({ base: '' })
})

const failure = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('the upload succeeded')
    },
    (error: unknown) => error as ApiError,
  )

describe('an upload', () => {
  it('POSTs the form to /api with the session cookie, asking for JSON, and answers the JSON', async () => {
    configureApi({ base: 'https://studio.example' })
    const form = new FormData()
    const call = apiUpload('/upload', form)
    const xhr = lastXhr()
    expect(xhr.method).toBe('POST')
    expect(xhr.url).toBe('https://studio.example/api/upload')
    expect(xhr.withCredentials).toBe(true)
    expect(xhr.headers).toEqual({ Accept: 'application/json' })
    expect(xhr.body).toBe(form)
    xhr.answer(201, '{"url":"/uploads/a.webp"}')
    expect(await call).toEqual({ url: '/uploads/a.webp' })
  })

  it('answers null for an empty body and the text for one that is not JSON', async () => {
    const empty = apiUpload('/upload', new FormData())
    lastXhr().answer(200, '')
    expect(await empty).toBeNull()
    const text = apiUpload('/upload', new FormData())
    lastXhr().answer(299, 'stored')
    expect(await text).toBe('stored')
  })

  it('reports the share sent, and nothing when the browser cannot tell the total', async () => {
    const seen: number[] = []
    const call = apiUpload('/upload', new FormData(), { onProgress: (f) => seen.push(f) })
    const xhr = lastXhr()
    xhr.progress(25, 100)
    xhr.progress(10, 0)
    xhr.progress(50, 100, false)
    xhr.progress(100, 100)
    xhr.answer(200, '{}')
    await call
    expect(seen).toEqual([0.25, 1])
  })

  it('goes on without a progress callback', async () => {
    const call = apiUpload('/upload', new FormData())
    lastXhr().progress(1, 2)
    lastXhr().answer(200, '{}')
    expect(await call).toEqual({})
  })
})

describe('a refused upload', () => {
  it("throws the server's own sentence with the status and body", async () => {
    const call = failure(apiUpload('/upload', new FormData()))
    lastXhr().answer(400, '{"error":"Photo is too large (max 15 MB)."}')
    const error = await call
    expect(error).toBeInstanceOf(ApiError)
    expect(error.message).toBe('Photo is too large (max 15 MB).')
    expect(error.status).toBe(400)
    expect(error.body).toEqual({ error: 'Photo is too large (max 15 MB).' })
  })

  it('says the status when the answer has no sentence (no body, text, an error that is not text)', async () => {
    for (const [status, text] of [
      [500, ''],
      [502, 'Bad gateway'],
      [400, '{"error":42}'],
      [413, '{"message":"too big"}'],
      [199, '{}'],
      [300, '{}'],
    ] as const) {
      const call = failure(apiUpload('/upload', new FormData()))
      lastXhr().answer(status, text)
      const error = await call
      expect(error.message).toBe(`Request failed (${status})`)
      expect(error.status).toBe(status)
    }
  })

  it('tells the dashboard of a lapsed session (401), and only then', async () => {
    const lapsed = vi.fn()
    setUnauthorizedHandler(lapsed)
    const forbidden = failure(apiUpload('/upload', new FormData()))
    lastXhr().answer(403, '{"error":"Forbidden"}')
    await forbidden
    expect(lapsed).not.toHaveBeenCalled()
    const call = failure(apiUpload('/upload', new FormData()))
    lastXhr().answer(401, '{"error":"Unauthorized"}')
    expect((await call).status).toBe(401)
    expect(lapsed).toHaveBeenCalledTimes(1)
  })

  it('throws a network error (status 0) when the connection drops', async () => {
    const call = failure(apiUpload('/upload', new FormData()))
    lastXhr().fail()
    const error = await call
    expect(error).toBeInstanceOf(ApiError)
    expect([error.message, error.status]).toEqual(['Network error', 0])
  })

  it('stops the request when the signal aborts, and throws an AbortError', async () => {
    const controller = new AbortController()
    const call = failure(apiUpload('/upload', new FormData(), { signal: controller.signal }))
    const xhr = lastXhr()
    expect(xhr.aborted).toBe(false)
    controller.abort()
    expect(xhr.aborted).toBe(true)
    const error = (await call) as unknown as DOMException
    expect([error.name, error.message]).toEqual(['AbortError', 'Aborted'])
  })
})

describe('a quote-form photo', () => {
  const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'cake.jpg', { type: 'image/jpeg' })

  it('goes to /api/inquiry-photos with the service, the question and the file under its name; answers the token', async () => {
    const file = photo()
    const call = uploadInquiryPhoto(file, { serviceId: 'bouquets', fieldId: 'photos' })
    const xhr = lastXhr()
    expect(xhr.url).toBe('/api/inquiry-photos')
    const form = xhr.body as FormData
    expect([...form.keys()]).toEqual(['serviceId', 'fieldId', 'photo'])
    expect(form.get('serviceId')).toBe('bouquets')
    expect(form.get('fieldId')).toBe('photos')
    expect((form.get('photo') as File).name).toBe('cake.jpg')
    expect((form.get('photo') as File).size).toBe(3)
    xhr.answer(200, '{"token":"t1","name":"cake.jpg"}')
    expect(await call).toEqual({ token: 't1', name: 'cake.jpg' })
  })

  it('sends the honeypot only when a bot filled it', async () => {
    void uploadInquiryPhoto(photo(), { serviceId: 's', fieldId: 'f', website: 'http://spam.example' })
    expect((lastXhr().body as FormData).get('website')).toBe('http://spam.example')
    void uploadInquiryPhoto(photo(), { serviceId: 's', fieldId: 'f', website: '' })
    expect((lastXhr().body as FormData).has('website')).toBe(false)
  })

  it('passes progress and the abort signal on', async () => {
    const seen: number[] = []
    const controller = new AbortController()
    const call = failure(
      uploadInquiryPhoto(photo(), { serviceId: 's', fieldId: 'f' }, { onProgress: (f) => seen.push(f), signal: controller.signal }),
    )
    lastXhr().progress(1, 4)
    controller.abort()
    expect(seen).toEqual([0.25])
    expect(((await call) as unknown as DOMException).name).toBe('AbortError')
  })
})
