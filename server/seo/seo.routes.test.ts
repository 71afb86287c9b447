import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { TEST_ORIGIN, useTestApp, type TestApp } from '../testing/test-app'

const ctx = useTestApp()
let t: TestApp
beforeEach(() => ({ t } = ctx))

const lastmods = (xml: string) =>
  Object.fromEntries(
    [...xml.matchAll(/<loc>([^<]+)<\/loc>\s*<lastmod>([^<]+)<\/lastmod>/g)].map((m) => [m[1].replace(TEST_ORIGIN, ''), m[2]]),
  )

describe('robots.txt', () => {
  it('points at the sitemap and keeps crawlers out of the dashboard', async () => {
    const res = await t.call('GET', '/robots.txt')
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(text).toContain('Disallow: /admin')
    expect(text).toContain(`Sitemap: ${TEST_ORIGIN}/sitemap.xml`)
  })
})

describe('sitemap.xml', () => {
  it('lists the public pages and the visible services only', async () => {
    const res = await t.call('GET', '/sitemap.xml')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/xml')
    const pages = Object.keys(lastmods(await res.text()))
    expect(pages).toEqual(['/', '/services/mosaics', '/services/bouquets', '/delivery-installation', '/contact', '/faq'])
  })

  it('dates each page by the last commit touching its content file', async () => {
    const file = join(t.root, 'content/services/mosaics.yaml')
    writeFileSync(file, readFileSync(file, 'utf8').replace('Mosaics for every occasion.', 'Pixel-perfect mosaics.'))
    const previous = process.env.GIT_COMMITTER_DATE
    process.env.GIT_COMMITTER_DATE = '2031-04-05T06:07:08+00:00'
    try {
      t.git('commit', '-qm', 'Mosaics copy', '--', 'content/services/mosaics.yaml')
    } finally {
      if (previous === undefined) delete process.env.GIT_COMMITTER_DATE
      else process.env.GIT_COMMITTER_DATE = previous
    }
    const dates = lastmods(await (await t.call('GET', '/sitemap.xml')).text())
    expect(dates['/services/mosaics']).toBe('2031-04-05T06:07:08+00:00')
    expect(dates['/']).toBe('2031-04-05T06:07:08+00:00')
    expect(dates['/services/bouquets']).toBe(t.git('log', '-1', '--format=%cI', '--', 'content/services/bouquets.yaml').trim())
    expect(dates['/services/bouquets']).not.toBe('2031-04-05T06:07:08+00:00')
  })

  it('drops a service hidden with plain git at once', async () => {
    const file = join(t.root, 'content/services/mosaics.yaml')
    writeFileSync(file, readFileSync(file, 'utf8').replace('visible: true', 'visible: false'))
    t.git('commit', '-qm', 'Hide mosaics', '--', 'content/services/mosaics.yaml')
    expect(Object.keys(lastmods(await (await t.call('GET', '/sitemap.xml')).text()))).not.toContain('/services/mosaics')
  })
})
