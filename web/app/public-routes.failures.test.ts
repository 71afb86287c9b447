// A page whose loader fails for a reason other than "not found" (a defect, an unexpected answer): the visitor gets the
// not-found page, and the reason goes to the log; a plain "not found" is not logged.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { notFound } from '../lib/not-found-response'
import { fakeApi } from '../lib/testing-api'

const failure = vi.hoisted(() => ({ error: new Error('home loader broke') as unknown }))
vi.mock('../pages/home/home-loader', () => ({
  homeLoader: async () => {
    if (failure.error === 'not-found') notFound()
    throw failure.error
  },
}))
const { loadPage } = await import('./public-routes')

beforeEach(() => {
  fakeApi({ 'GET /site-settings': { brand: { name: 'Pop Studio' } }, 'GET /services': [], 'GET /image-versions': {} })
})
afterEach(() => vi.restoreAllMocks())

describe('a loader that fails', () => {
  it('answers the not-found page and logs why', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    failure.error = new Error('home loader broke')
    const page = await loadPage(new Request('https://studio.example/'))
    expect(page).toMatchObject({ status: 404, title: 'Page Not Found | Pop Studio', data: { route: 'not-found', path: '/', page: null } })
    expect(logged).toHaveBeenCalledTimes(1)
    expect(logged).toHaveBeenCalledWith(failure.error)
  })

  it('logs nothing for a page that is simply not there', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    failure.error = 'not-found'
    expect((await loadPage(new Request('https://studio.example/'))).status).toBe(404)
    expect(logged).not.toHaveBeenCalled()
  })

  it('logs nothing when every loader answers', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect((await loadPage(new Request('https://studio.example/contact'))).status).toBe(200)
    expect(logged).not.toHaveBeenCalled()
  })
})
