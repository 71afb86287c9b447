// The whole app against requests that almost match: management addresses spelled a little differently (a trailing
// slash, another case, a longer segment, an encoded or doubled slash), the upload calls' own body limits asked for at
// a look-alike address, a JSON body one byte over its limit, and saves from look-alike origins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { JSON_BODY_LIMIT } from './lib/http'
import { createTestApp, type TestApp } from './testing/test-app'

let t: TestApp
let cookie: string
beforeAll(async () => {
  t = await createTestApp()
  cookie = await t.login()
})
afterAll(() => t.cleanup())

const answer = async (res: Response): Promise<[number, unknown]> => [
  res.status,
  res.headers.get('content-type')?.startsWith('application/json') ? await res.json() : (await res.text()).slice(0, 40),
]

describe('management addresses that almost match', () => {
  const NOT_AN_API_CALL = [404, { error: 'No such API call' }]
  const REFUSED_PATH = [404, { error: 'Not found' }]
  const NEAR_MISSES: [string, unknown[]][] = [
    ['/api/admin/inquiries/', NOT_AN_API_CALL],
    ['/api/Admin/inquiries', NOT_AN_API_CALL],
    ['/api/adminx/inquiries', NOT_AN_API_CALL],
    ['/api/admin/inquiriesx', NOT_AN_API_CALL],
    ['/api/admin/inquiries;x', NOT_AN_API_CALL],
    ['/api/admin%2Finquiries', REFUSED_PATH],
    ['/api/admin%2finquiries', REFUSED_PATH],
    ['/api//admin/inquiries', REFUSED_PATH],
    ['/api/admin//inquiries', REFUSED_PATH],
    ['/api/admin/inquiries%2F', REFUSED_PATH],
    ['/api/admin/inquiries%00', REFUSED_PATH],
  ]

  it('answer 404 and no inbox, to a visitor and to the owner alike', async () => {
    for (const who of [{}, { cookie }]) {
      const answers: [string, unknown][] = []
      for (const [path] of NEAR_MISSES) answers.push([path, await answer(await t.call('GET', path, who))])
      expect(answers).toEqual(NEAR_MISSES)
    }
  })

  it('the same address spelled with an escaped letter, a query or a dot segment is the call itself, session-checked', async () => {
    for (const path of ['/api/%61dmin/inquiries', '/api/admin/inquiries?x=1', '/api/admin/./inquiries', '/api/x/../admin/inquiries']) {
      expect(await answer(await t.call('GET', path)), path).toEqual([401, { error: 'Not authenticated' }])
      expect(await answer(await t.call('GET', path, { cookie })), path).toEqual([200, []])
    }
  })

  it('a management save at such an address changes nothing', async () => {
    const head = t.git('rev-parse', 'HEAD').trim()
    for (const path of ['/api/services/bouquets/', '/api/Services/bouquets', '/api/servicesx/bouquets', '/api/services%2fbouquets']) {
      const res = await t.call('PUT', path, { json: { visible: false }, cookie })
      expect(res.status, path).toBe(404)
    }
    expect(t.git('rev-parse', 'HEAD').trim()).toBe(head)
  })
})

describe('the body limits', () => {
  /** A JSON body of exactly `bytes` bytes. */
  const bodyOf = (bytes: number) => {
    const frame = JSON.stringify({ big: '' }).length
    return JSON.stringify({ big: 'x'.repeat(bytes - frame) })
  }

  it('a JSON body of exactly the limit is read; one byte more is refused with 413', async () => {
    const put = (body: string) => t.call('PUT', '/api/site-settings', { body, cookie, headers: { 'Content-Type': 'application/json' } })
    const atLimit = await put(bodyOf(JSON_BODY_LIMIT))
    expect(atLimit.status).toBe(400)
    expect(await answer(await put(bodyOf(JSON_BODY_LIMIT + 1)))).toEqual([413, { error: 'The request is too large' }])
  })

  it("the upload calls' larger limits are theirs alone: a look-alike address gets the JSON limit", async () => {
    const big = bodyOf(JSON_BODY_LIMIT + 1)
    for (const path of ['/api/upload/', '/api/uploadx', '/api/UPLOAD', '/api/uploads', '/api/inquiry-photos/', '/api/inquiry-photosx']) {
      const res = await t.call('POST', path, { body: big, cookie, headers: { 'Content-Type': 'application/json' } })
      expect(await answer(res), path).toEqual([413, { error: 'The request is too large' }])
    }
  })
})

describe('a save from a look-alike origin', () => {
  it('is refused with 403 and nothing is committed; the exact origin is let through', async () => {
    const head = t.git('rev-parse', 'HEAD').trim()
    const save = (origin: string) =>
      t.call('PUT', '/api/service-order', { json: ['bouquets', 'mosaics'], cookie, headers: { Origin: origin } })
    for (const origin of [
      'http://site.test.evil.example',
      'http://evil-site.test',
      'http://xsite.test',
      'http://site.tes',
      'http://site.test:8080',
      'https://site.test',
      'http://site.test/',
      'http://site.test@evil.test',
      'null',
    ]) {
      expect(await answer(await save(origin)), origin).toEqual([403, { error: 'Cross-site request refused' }])
    }
    expect(t.git('rev-parse', 'HEAD').trim()).toBe(head)
    expect((await save('http://site.test')).status).toBe(200)
    expect(t.subjects()[0]).toMatch(/^Reorder services/)
  })
})
