// Every text field the API accepts refuses control characters (and one-line fields bidi overrides and line breaks)
// with a 400 naming the field (server/lib/text.ts), and nothing is committed or stored.
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, TEST_ADMIN, type TestApp } from './testing/test-app'

let t: TestApp
let cookie: string
let head: string
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: '1' } })
  cookie = await t.login()
  head = t.git('rev-parse', 'HEAD').trim()
})
afterAll(() => t?.cleanup())

let client = 0
const eventDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)
const inquiry = {
  serviceId: 'bouquets',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.test',
  phone: '503-555-0101',
  address: '1 Main St',
  city: 'Portland',
  zipcode: '97201',
  eventDate,
}
const subscription = { email: 'ann@example.test', firstName: 'Ann', lastName: 'Lee', segment_ids: ['weddings'] }
const newService = { id: 'arches', title: 'Arches', description: 'D', aboutText: 'A', pricingInfo: 'P' }

const cases: [method: string, path: string, error: string, json: unknown][] = [
  ['POST', '/api/login', 'Username must not contain control characters', { ...TEST_ADMIN, username: 'owner\u0000' }],
  ['POST', '/api/login', 'Password must not contain control characters', { ...TEST_ADMIN, password: `${TEST_ADMIN.password}\u0000` }],
  ['POST', '/api/services', 'Service id must not contain control characters', { ...newService, id: 'arch\u0000es' }],
  ['POST', '/api/services', 'Short description must not contain control characters', { ...newService, description: 'Big\u0000' }],
  [
    'PUT',
    '/api/delivery-installation-content',
    'The page text must not contain control characters',
    { markdownContent: '# Delivery\u0000' },
  ],
  ['PUT', '/api/delivery-installation-content', 'The page text contains an invalid character', { markdownContent: '# Delivery \uD83D' }],
  ['DELETE', '/api/upload', 'url must not contain control characters', { url: '/uploads/hero-image.jpg\u0000' }],
  [
    'POST',
    '/api/admin/history/restore',
    'Item must not contain control characters',
    { hash: 'HEAD_HASH', item: 'services/bouquets\u0000' },
  ],
  ['POST', '/api/contact', 'First name must not contain control characters', { ...inquiry, firstName: 'Ann\u0000' }],
  ['POST', '/api/contact', 'City must not contain text-direction control characters', { ...inquiry, city: 'Port\u202Eland' }],
  ['POST', '/api/contact', 'Event details must not contain control characters', { ...inquiry, eventDetails: 'A party\u001B[2J' }],
  ['POST', '/api/contact', 'Unknown form field', { ...inquiry, customFields: { 'not-a-field': { header: 'H', value: 'V' } } }],
  ['POST', '/api/subscribe', 'Last name must not contain control characters', { ...subscription, lastName: 'Lee\u0000' }],
  ['POST', '/api/subscribe', 'First name must not contain text-direction control characters', { ...subscription, firstName: '\u2067Ann' }],
]

describe('control characters in the API text fields', () => {
  it.each(cases)('%s %s answers 400: %s', async (method, path, error, json) => {
    const body = JSON.parse(JSON.stringify(json).replace('HEAD_HASH', head))
    const res = await t.call(method, path, {
      json: body,
      cookie: path === '/api/login' ? undefined : cookie,
      headers: { 'X-Forwarded-For': `10.9.0.${++client}` },
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error })
  })

  it('a control character in a query parameter is refused too', async () => {
    const res = await t.call('GET', '/api/admin/history?item=services%2Fbouquets%00', { cookie })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'item must not contain control characters' })
  })

  it('nothing was committed or stored', () => {
    expect(t.git('rev-parse', 'HEAD').trim()).toBe(head)
    expect(t.git('status', '--porcelain')).toBe('')
    expect(existsSync(join(t.dataDir, 'subscribers.json'))).toBe(false)
    expect(existsSync(join(t.dataDir, 'subscribers'))).toBe(false)
    expect(existsSync(join(t.dataDir, 'inquiries')) ? readdirSync(join(t.dataDir, 'inquiries')) : []).toEqual([])
  })
})
