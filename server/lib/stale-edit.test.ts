// Stale edits refused, per item kind: the same service saved from two tabs, a developer's commit, a restore; testimonials and delivery.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { useTestApp, type TestApp } from '../testing/test-app'
import { assertBaseVersion, contentVersion, STALE_MESSAGE } from './stale-edit'

const ctx = useTestApp({ login: true })
let t: TestApp
let cookie: string
beforeEach(() => ({ t, cookie } = ctx))

const send = (method: string, path: string, json: unknown) => t.call(method, path, { json, cookie })
const count = () => t.git('rev-list', '--count', 'HEAD').trim()
async function bouquetsVersion(): Promise<string> {
  const list = (await (await t.call('GET', '/api/services', { cookie })).json()) as { id: string; version: string }[]
  return list.find((s) => s.id === 'bouquets')!.version
}

describe('stale edits', () => {
  it('gives versions to the dashboard only', async () => {
    expect(await bouquetsVersion()).toMatch(/^[0-9a-f]{16}$/)
    const pub = (await (await t.call('GET', '/api/services')).json()) as object[]
    expect(pub.every((s) => !('version' in s))).toBe(true)
    expect(await (await t.call('GET', '/api/delivery-installation-content')).json()).not.toHaveProperty('version')
  })

  it('the same service saved from two tabs: the second save is 409 and changes nothing', async () => {
    const opened = await bouquetsVersion()
    const first = await send('PUT', '/api/services/bouquets', { pricingInfo: 'Tab one', baseVersion: opened })
    expect(first.status).toBe(200)
    const saved = await first.json()
    expect(saved.version).not.toBe(opened)
    const file = readFileSync(join(t.root, 'content/services/bouquets.yaml'), 'utf8')
    const commits = count()
    const second = await send('PUT', '/api/services/bouquets', { pricingInfo: 'Tab two', baseVersion: opened })
    expect(second.status).toBe(409)
    const body = await second.json()
    expect(body.error).toBe(STALE_MESSAGE)
    expect(body.current).toMatchObject({ id: 'bouquets', pricingInfo: 'Tab one' })
    expect(body.version).toBe(saved.version)
    expect(readFileSync(join(t.root, 'content/services/bouquets.yaml'), 'utf8')).toBe(file)
    expect(count()).toBe(commits)
    // Saving again from the fresh version works.
    expect((await send('PUT', '/api/services/bouquets', { pricingInfo: 'Tab two', baseVersion: body.version })).status).toBe(200)
  })

  it('two saves at the same moment on the same version: exactly one wins', async () => {
    const opened = await bouquetsVersion()
    const results = await Promise.all(
      ['A', 'B', 'C'].map((p) => send('PUT', '/api/services/bouquets', { pricingInfo: p, baseVersion: opened }).then((r) => r.status)),
    )
    expect(results.sort()).toEqual([200, 409, 409])
  })

  it('a developer commit or a restore since opening makes the save stale', async () => {
    const opened = await bouquetsVersion()
    const before = t.git('rev-parse', 'HEAD').trim()
    const path = join(t.root, 'content/services/bouquets.yaml')
    writeFileSync(path, readFileSync(path, 'utf8').replace('Small: $50', 'Small: $52'))
    t.git('commit', '-qm', 'Price tweak by hand', '--', 'content/services/bouquets.yaml')
    expect((await send('PUT', '/api/services/bouquets', { title: 'X', baseVersion: opened })).status).toBe(409)
    const fresh = await bouquetsVersion()
    expect((await send('POST', '/api/admin/history/restore', { hash: before, item: 'services/bouquets' })).status).toBe(200)
    expect((await send('PUT', '/api/services/bouquets', { title: 'X', baseVersion: fresh })).status).toBe(409)
    // Clients that send no version are not checked.
    expect((await send('PUT', '/api/services/bouquets', { visible: false })).status).toBe(200)
  })

  it('testimonials and the delivery page refuse stale saves too', async () => {
    const list = (await (await t.call('GET', '/api/testimonials', { cookie })).json()) as { id: string; version: string }[]
    const [first, second] = list
    expect(
      (await send('PUT', `/api/testimonials/${first.id}`, { quote: 'One', author: 'Jane D.', baseVersion: first.version })).status,
    ).toBe(200)
    // Each testimonial has its own version: editing another one since is not a conflict.
    expect(
      (await send('PUT', `/api/testimonials/${second.id}`, { quote: 'Two', author: 'Sam K.', baseVersion: second.version })).status,
    ).toBe(200)
    const stale = await send('PUT', `/api/testimonials/${first.id}`, { quote: 'Late', author: 'Jane D.', baseVersion: first.version })
    expect(stale.status).toBe(409)
    expect((await stale.json()).current).toMatchObject({ id: first.id, quote: 'One' })
    const now = (await (await t.call('GET', '/api/testimonials', { cookie })).json()) as { quote: string }[]
    expect(now.map((x) => x.quote).slice(0, 2)).toEqual(['One', 'Two'])

    const page = await (await t.call('GET', '/api/delivery-installation-content', { cookie })).json()
    const ok = await send('PUT', '/api/delivery-installation-content', { markdownContent: '# One', baseVersion: page.version })
    expect(ok.status).toBe(200)
    expect((await ok.json()).version).not.toBe(page.version)
    const late = await send('PUT', '/api/delivery-installation-content', { markdownContent: '# Two', baseVersion: page.version })
    expect(late.status).toBe(409)
    expect((await late.json()).current.markdownContent).toMatch(/^# One/)
  })
})

describe('the stale-edit check itself', () => {
  // Fixed expectations: the first 16 hex digits of the SHA-256 of the item's JSON with its keys sorted.
  const NOW = 'f8851f65d9e1c63e' // {"id":"a","title":"Now"}

  it('passes without a base version or with the current one, and refuses another with the item as it is now', () => {
    const item = { id: 'a', title: 'Now' }
    expect(contentVersion(item)).toBe(NOW)
    expect(() => assertBaseVersion(item, undefined)).not.toThrow()
    expect(() => assertBaseVersion(item, '')).not.toThrow()
    expect(() => assertBaseVersion(item, NOW)).not.toThrow()
    try {
      assertBaseVersion(item, '0000000000000000')
      expect.unreachable('a stale version must be refused')
    } catch (err) {
      expect(err).toMatchObject({ status: 409, message: STALE_MESSAGE, details: { current: item, version: NOW } })
    }
  })

  it('the same data read back with its keys in another order has the same version; other data another one', () => {
    const sorted = '2a89debd909d4363' // {"id":"a","nested":{"a":[2,{"x":0,"y":1}],"b":1},"title":"Now"}
    expect(contentVersion({ title: 'Now', id: 'a', nested: { b: 1, a: [2, { y: 1, x: 0 }] } })).toBe(sorted)
    expect(contentVersion({ id: 'a', nested: { a: [2, { x: 0, y: 1 }], b: 1 }, title: 'Now' })).toBe(sorted)
    expect(contentVersion({ id: 'a', title: 'Before' })).not.toBe(NOW)
    // Arrays keep their order: a reordered list is a change.
    expect(contentVersion([1, 2])).not.toBe(contentVersion([2, 1]))
    expect(contentVersion(undefined)).toBe('74234e98afe7498f') // null
  })
})

describe('versions the dashboard gets back from a save', () => {
  it('a testimonial just added or saved can be saved again with the version its answer carried', async () => {
    const added = await (
      await send('POST', '/api/testimonials', { quote: 'Lovely', author: 'Ann Lee', position: 'Bride', imageSrc: '' })
    ).json()
    const saved = await send('PUT', `/api/testimonials/${added.id}`, {
      quote: 'Lovely!',
      author: 'Ann Lee',
      position: 'Bride',
      imageSrc: '',
      baseVersion: added.version,
    })
    expect(saved.status).toBe(200)
    const again = await send('PUT', `/api/testimonials/${added.id}`, {
      quote: 'Lovely!!',
      author: 'Ann Lee',
      position: 'Bride',
      imageSrc: '',
      baseVersion: (await saved.json()).version,
    })
    expect(again.status).toBe(200)
  })

  it('a service and the delivery page saved twice in a row with the versions their answers carried', async () => {
    const first = await (await send('PUT', '/api/services/bouquets', { pricingInfo: 'One', baseVersion: await bouquetsVersion() })).json()
    expect((await send('PUT', '/api/services/bouquets', { pricingInfo: 'Two', baseVersion: first.version })).status).toBe(200)
    const page = await (await t.call('GET', '/api/delivery-installation-content', { cookie })).json()
    const one = await (
      await send('PUT', '/api/delivery-installation-content', { markdownContent: '# One', baseVersion: page.version })
    ).json()
    expect((await send('PUT', '/api/delivery-installation-content', { markdownContent: '# Two', baseVersion: one.version })).status).toBe(
      200,
    )
  })
})
