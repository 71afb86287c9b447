// What each of the dashboard's calls asks the server (method, address, body), the server's own words for a refusal,
// the session check, the picture upload and the wait until it is served, and which files a delete may name.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { calls, fakeApi, type FakeApi } from '../lib/testing-api'
import { ApiError, setUnauthorizedHandler } from '../lib/api-client'
import { lastXhr, stubXhr } from '../lib/testing-xhr'
import * as api from './admin-api'

let server: FakeApi
const sent = () => calls(server)

beforeEach(() => {
  server = fakeApi({}, () => Response.json({ ok: true }))
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('serverMessage', () => {
  it("gives the server's sentence for a refusal the owner can act on (400 to 499 but 401)", () => {
    for (const status of [400, 404, 409, 413, 422, 429, 499])
      expect(api.serverMessage(new ApiError('Title is required', status))).toBe('Title is required')
  })

  it('gives nothing for a lapsed session, a server failure, a network error or anything else', () => {
    for (const status of [401, 500, 503, 0, 399, 300]) expect(api.serverMessage(new ApiError('x', status))).toBeNull()
    expect(api.serverMessage(new Error('Title is required'))).toBeNull()
    expect(api.serverMessage('Title is required')).toBeNull()
  })
})

describe('the session', () => {
  it('checkAuth is true when the server answers, false on 401, and throws anything else', async () => {
    expect(await api.checkAuth()).toBe(true)
    expect(sent()).toEqual([{ method: 'GET', url: '/api/check-auth', body: undefined }])
    server.otherwise = () => Response.json({ error: 'Unauthorized' }, { status: 401 })
    expect(await api.checkAuth()).toBe(false)
    server.otherwise = () => Response.json({ error: 'Down' }, { status: 503 })
    await expect(api.checkAuth()).rejects.toMatchObject({ status: 503, message: 'Down' })
  })

  it('takes a 401 from the session check or a wrong password as the answer, not as a session that lapsed', async () => {
    const lapsed = vi.fn()
    setUnauthorizedHandler(lapsed)
    server.otherwise = () => Response.json({ error: 'Wrong username or password' }, { status: 401 })
    expect(await api.checkAuth()).toBe(false)
    await expect(api.login('owner', 'wrong')).rejects.toMatchObject({ status: 401, message: 'Wrong username or password' })
    expect(lapsed).not.toHaveBeenCalled()
    await expect(api.getServices()).rejects.toMatchObject({ status: 401 })
    expect(lapsed).toHaveBeenCalledTimes(1)
    setUnauthorizedHandler(null)
  })

  it('login posts the name and password; logout posts nothing', async () => {
    await api.login('owner', 'hunter2')
    await api.logout()
    expect(sent()).toEqual([
      { method: 'POST', url: '/api/login', body: { username: 'owner', password: 'hunter2' } },
      { method: 'POST', url: '/api/logout', body: undefined },
    ])
  })
})

describe('the calls', () => {
  const service = { id: 'a b' } as never
  it.each([
    ['getSiteSettings', () => api.getSiteSettings(), 'GET', '/api/site-settings', undefined],
    ['saveSiteSettings', () => api.saveSiteSettings({ baseVersion: 'v1' } as never), 'PUT', '/api/site-settings', { baseVersion: 'v1' }],
    ['getServerClock', () => api.getServerClock(), 'GET', '/api/admin/clock', undefined],
    ['getServices', () => api.getServices(), 'GET', '/api/services', undefined],
    ['createService', () => api.createService({ id: 'new' } as never), 'POST', '/api/services', { id: 'new' }],
    ['updateService', () => api.updateService('a b', { title: 'T' } as never), 'PUT', '/api/services/a%20b', { title: 'T' }],
    ['deleteService', () => api.deleteService('a/b'), 'DELETE', '/api/services/a%2Fb', undefined],
    ['saveServiceImages', () => api.saveServiceImages('a b', []), 'PUT', '/api/services/a%20b/images', { images: [] }],
    ['saveServiceOrder', () => api.saveServiceOrder(['b', 'a']), 'PUT', '/api/service-order', ['b', 'a']],
    ['getTestimonials', () => api.getTestimonials(), 'GET', '/api/testimonials', undefined],
    ['addTestimonial', () => api.addTestimonial({ quote: 'Q' } as never), 'POST', '/api/testimonials', { quote: 'Q' }],
    [
      'updateTestimonial',
      () => api.updateTestimonial({ id: 't 1', version: 'v2', quote: 'Q' } as never),
      'PUT',
      '/api/testimonials/t%201',
      { quote: 'Q', baseVersion: 'v2' },
    ],
    ['deleteTestimonial', () => api.deleteTestimonial('t 1'), 'DELETE', '/api/testimonials/t%201', undefined],
    ['getFaq', () => api.getFaq(), 'GET', '/api/admin/faq', undefined],
    [
      'saveFaq',
      () => api.saveFaq([{ question: 'Q' }] as never, 'v3'),
      'PUT',
      '/api/faq',
      { items: [{ question: 'Q' }], baseVersion: 'v3' },
    ],
    ['getDeliveryContent', () => api.getDeliveryContent(), 'GET', '/api/delivery-installation-content', undefined],
    [
      'saveDeliveryContent',
      () => api.saveDeliveryContent({ markdownContent: 'x', baseVersion: 'v4' } as never),
      'PUT',
      '/api/delivery-installation-content',
      { markdownContent: 'x', baseVersion: 'v4' },
    ],
  ] as const)('%s', async (_, call, method, url, body) => {
    server.otherwise = () => Response.json(service)
    expect(await call()).toEqual(service)
    expect(sent()).toEqual([{ method, url, body }])
  })

  it('a refused save throws the server’s sentence and status', async () => {
    server.otherwise = () => Response.json({ error: 'Changed elsewhere' }, { status: 409 })
    await expect(api.saveFaq([], 'v1')).rejects.toMatchObject({ status: 409, message: 'Changed elsewhere' })
  })
})

describe('uploadCroppedImage', () => {
  beforeEach(stubXhr)
  const file = new File(['x'], 'pic.jpg', { type: 'image/jpeg' })
  const crop = { x: 1, y: 2, width: 30, height: 40 }

  it('sends the crop, then the picture under the name given, to /api/upload, and answers its URL', async () => {
    const seen: number[] = []
    const call = api.uploadCroppedImage(file, 'bouquet.jpg', crop, { onProgress: (f) => seen.push(f) })
    const xhr = lastXhr()
    expect(xhr.url).toBe('/api/upload')
    const form = xhr.body as FormData
    expect([...form.keys()]).toEqual(['crop', 'image'])
    expect(JSON.parse(String(form.get('crop')))).toEqual(crop)
    expect((form.get('image') as File).name).toBe('bouquet.jpg')
    xhr.progress(1, 2)
    xhr.answer(200, '{"url":"/uploads/b.webp"}')
    expect(await call).toEqual({ url: '/uploads/b.webp' })
    expect(seen).toEqual([0.5])
  })

  it('asks to keep the original only when told', () => {
    void api.uploadCroppedImage(file, 'a.jpg', crop, { keepOriginal: true })
    expect((lastXhr().body as FormData).get('keepOriginal')).toBe('true')
    void api.uploadCroppedImage(file, 'a.jpg', crop, { keepOriginal: false })
    expect((lastXhr().body as FormData).has('keepOriginal')).toBe(false)
    void api.uploadCroppedImage(file, 'a.jpg', crop)
    expect((lastXhr().body as FormData).has('keepOriginal')).toBe(false)
  })
})

describe('waitUntilServed', () => {
  const image = () => new Response(null, { headers: { 'content-type': 'image/webp' } })

  it('asks HEAD of the URL and resolves once it answers an image', async () => {
    server.otherwise = image
    await api.waitUntilServed('/uploads/a.webp')
    expect(sent()).toEqual([{ method: 'HEAD', url: '/uploads/a.webp', body: undefined }])
  })

  it('keeps asking, 300 ms apart, while the answer is a failure, not an image, or no answer', async () => {
    vi.useFakeTimers()
    const answers = [
      () => new Response(null, { status: 404, headers: { 'content-type': 'image/webp' } }),
      () => new Response('<html>', { headers: { 'content-type': 'text/html' } }),
      () => new Response(null),
      () => {
        throw new TypeError('offline')
      },
      image,
    ]
    server.otherwise = () => answers.shift()!()
    let done = false
    const wait = api.waitUntilServed('/uploads/a.webp').then(() => (done = true))
    for (let i = 1; i <= 4; i++) {
      await vi.advanceTimersByTimeAsync(299)
      expect(sent()).toHaveLength(i)
      await vi.advanceTimersByTimeAsync(1)
    }
    await wait
    expect(done).toBe(true)
    expect(sent()).toHaveLength(5)
  })

  it('gives up with the URL once the next try would pass the time allowed', async () => {
    vi.useFakeTimers()
    server.otherwise = () => new Response(null, { status: 404 })
    const wait = api.waitUntilServed('/uploads/late.webp', 1000).then(
      () => 'served',
      (error: Error) => error.message,
    )
    await vi.advanceTimersByTimeAsync(2000)
    expect(await wait).toBe('Timed out waiting for /uploads/late.webp')
    // Tries at 0, 300, 600 and 900 ms; the next (1200) would be past the second allowed.
    expect(sent()).toHaveLength(4)
  })

  it('waits 15 seconds unless told otherwise', async () => {
    vi.useFakeTimers()
    server.otherwise = () => new Response(null, { status: 404 })
    const wait = api.waitUntilServed('/uploads/late.webp').catch((error: Error) => error.message)
    await vi.advanceTimersByTimeAsync(14_000)
    expect(sent().length).toBeGreaterThan(40)
    await vi.advanceTimersByTimeAsync(2_000)
    expect(await wait).toBe('Timed out waiting for /uploads/late.webp')
    // Every 300 ms from 0 to 15 000 (the last try falls on the deadline itself).
    expect(sent()).toHaveLength(51)
  })
})

describe('deleteUpload', () => {
  beforeEach(() => vi.stubGlobal('window', { location: { origin: 'https://studio.example' } }))

  it('deletes a file under /uploads/, a full URL first reduced to its path', async () => {
    await api.deleteUpload('/uploads/a.webp')
    await api.deleteUpload('https://cdn.example/uploads/b.webp?v=2')
    expect(sent()).toEqual([
      { method: 'DELETE', url: '/api/upload', body: { url: '/uploads/a.webp' } },
      { method: 'DELETE', url: '/api/upload', body: { url: '/uploads/b.webp' } },
    ])
  })

  it('sends nothing for a path outside /uploads/, a look-alike, or what is not a URL', async () => {
    for (const url of [
      '/content/site.yaml',
      '/uploadsx/a.webp',
      '/uploads',
      'uploads/a.webp/../../x',
      '/api/uploads/a.webp',
      'http://[bad',
    ])
      await api.deleteUpload(url)
    expect(sent()).toEqual([])
  })

  it('reads a relative path against the page, so ../ cannot climb out of /uploads/', async () => {
    await api.deleteUpload('/uploads/../content/site.yaml')
    expect(sent()).toEqual([])
  })
})
