// The delivery page's data: the owner's markdown as HTML (raw HTML in it shown as text), or null when it cannot be read.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { failing, fakeApi, type FakeApi } from '../../lib/testing-api'
import { deliveryLoader } from './delivery-loader'

let api: FakeApi
beforeEach(() => {
  api = fakeApi({ 'GET /delivery-installation-content': { markdownContent: '## Setup\n\nWe *inflate* on site. <script>x()</script>' } })
})
afterEach(() => vi.restoreAllMocks())

describe('deliveryLoader', () => {
  it('renders the markdown to HTML, with no raw HTML from it, asking with the request’s signal', async () => {
    const request = new Request('https://studio.example/delivery-installation')
    const { html } = await deliveryLoader({ request })
    expect(html).toContain('<h2>Setup</h2>')
    expect(html).toContain('<em>inflate</em>')
    expect(html).not.toContain('<script')
    expect(api.sent.map(({ method, path }) => ({ method, path }))).toEqual([{ method: 'GET', path: '/delivery-installation-content' }])
    // toMatchObject would pass any signal (an AbortSignal has no keys of its own): the same one, by identity.
    expect(api.sent[0].signal).toBe(request.signal)
  })

  it('answers null (the page says it could not load) and logs why, when the content cannot be read', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    api.routes['GET /delivery-installation-content'] = failing(503)
    expect(await deliveryLoader({ request: new Request('https://studio.example/delivery-installation') })).toEqual({ html: null })
    expect(String(logged.mock.calls[0]?.[0])).toContain('Failed (503)')
  })
})
