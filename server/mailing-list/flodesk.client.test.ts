import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FlodeskClient, FlodeskError } from './flodesk.client'
import { startFakeFlodesk, type FakeFlodesk } from './testing-flodesk'

const KEY = 'fd_test_key'
let flodesk: FakeFlodesk

beforeEach(async () => {
  flodesk = await startFakeFlodesk(KEY)
})
afterEach(async () => {
  await flodesk.close()
})

describe('Flodesk client', () => {
  it('lists every segment across pages with Basic auth and a User-Agent', async () => {
    const client = new FlodeskClient({ apiKey: KEY, baseUrl: flodesk.url, userAgent: 'Test/1.0' })
    const segments = await client.listSegments()
    expect(segments).toHaveLength(130)
    expect(segments[0]).toEqual({ id: 'seg000', name: 'Segment 0' })
    expect(flodesk.requests.map((r) => r.path)).toEqual(['/v1/segments?page=1&per_page=100', '/v1/segments?page=2&per_page=100'])
    expect(flodesk.requests[0].headers.authorization).toBe(`Basic ${Buffer.from(`${KEY}:`).toString('base64')}`)
    expect(flodesk.requests[0].headers['user-agent']).toBe('Test/1.0')
  })

  it('creates or updates the subscriber, then adds the chosen segments', async () => {
    const client = new FlodeskClient({ apiKey: KEY, baseUrl: flodesk.url })
    await client.subscribe({ email: 'Ann@Example.com', firstName: 'Ann', lastName: 'Lee', segmentIds: ['seg001', 'seg002'] })
    expect(flodesk.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/v1/subscribers', { email: 'Ann@Example.com', first_name: 'Ann', last_name: 'Lee' }],
      ['POST', '/v1/subscribers/Ann%40Example.com/segments', { segment_ids: ['seg001', 'seg002'] }],
    ])
    expect(flodesk.requests[0].headers['content-type']).toBe('application/json')
    expect(flodesk.subscribers.get('ann@example.com')?.segments).toEqual(['seg001', 'seg002'])
  })

  it("turns Flodesk's error body into a FlodeskError with its status and most specific message", async () => {
    const client = new FlodeskClient({ apiKey: KEY, baseUrl: flodesk.url })
    const err = await client.subscribe({ email: 'bad', firstName: 'A', lastName: 'B', segmentIds: ['seg001'] }).catch((e) => e)
    expect(err).toBeInstanceOf(FlodeskError)
    expect(err).toMatchObject({ status: 422, message: 'Email is invalid' })
  })

  it('reports a wrong key as 401 and an unreachable server as status 0', async () => {
    const wrong = await new FlodeskClient({ apiKey: 'nope', baseUrl: flodesk.url }).listSegments().catch((e) => e)
    expect(wrong).toMatchObject({ status: 401, message: 'Unauthorized' })
    await flodesk.close()
    const down = await new FlodeskClient({ apiKey: KEY, baseUrl: flodesk.url }).listSegments().catch((e) => e)
    expect(down).toMatchObject({ status: 0 })
    flodesk = await startFakeFlodesk(KEY)
  })
})
