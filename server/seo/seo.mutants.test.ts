// What a crawler reads of the sitemap, written from the mutation run's survivors (issue 32): a page whose file is not
// committed yet is dated by the file's time as it changes, the sitemap still answers when git cannot be read, and
// the few characters XML reserves are escaped.
import { readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { TEST_ORIGIN, useTestApp, type TestApp } from '../testing/test-app'
import { escapeXml } from './seo.routes'

const ctx = useTestApp()
let t: TestApp
beforeEach(() => ({ t } = ctx))

const sitemap = async () => {
  const res = await t.call('GET', '/sitemap.xml')
  expect(res.status).toBe(200)
  const xml = await res.text()
  return Object.fromEntries(
    [...xml.matchAll(/<loc>([^<]+)<\/loc>\s*<lastmod>([^<]+)<\/lastmod>/g)].map((m) => [m[1].replace(TEST_ORIGIN, ''), m[2]]),
  )
}
const touch = (file: string, iso: string) => utimesSync(join(t.root, file), new Date(iso), new Date(iso))

describe('the sitemap of content not committed yet', () => {
  it('dates the FAQ by its file until it is committed, and follows the file as it changes', async () => {
    // The fixture has no FAQ: one written by hand and not committed yet.
    writeFileSync(join(t.root, 'content/faq.yaml'), '- id: ahead\n  question: How far ahead?\n  answer: Two weeks.\n')
    touch('content/faq.yaml', '2030-02-03T04:05:06.000Z')
    expect((await sitemap())['/faq']).toBe('2030-02-03T04:05:06.000Z')
    touch('content/faq.yaml', '2030-05-06T07:08:09.000Z')
    expect((await sitemap())['/faq']).toBe('2030-05-06T07:08:09.000Z')
  })

  it('still answers when git cannot be read, each page dated by the newest of its files there', async () => {
    touch('content/delivery-installation.md', '2030-02-03T04:05:06.000Z')
    // The home page shows four files; one of them is gone (deleted, not committed): the newest of the other three.
    rmSync(join(t.root, 'content/service-order.yaml'))
    touch('content/site.yaml', '2030-01-01T00:00:00.000Z')
    touch('content/services', '2030-03-01T00:00:00.000Z')
    touch('content/testimonials.yaml', '2030-02-01T00:00:00.000Z')
    renameSync(join(t.root, '.git'), join(t.root, '.git-away'))
    try {
      const dates = await sitemap()
      expect(dates['/delivery-installation']).toBe('2030-02-03T04:05:06.000Z')
      expect(dates['/']).toBe('2030-03-01T00:00:00.000Z')
    } finally {
      renameSync(join(t.root, '.git-away'), join(t.root, '.git'))
    }
  })
})

describe('the sitemap kept between requests', () => {
  it('follows a hand edit that hides one service and shows another, leaving as many pages', async () => {
    expect(Object.keys(await sitemap())).toEqual([
      '/',
      '/services/mosaics',
      '/services/bouquets',
      '/delivery-installation',
      '/contact',
      '/faq',
    ])
    // Written in place (no new file, no commit): neither the services folder's time nor HEAD moves.
    const flip = (id: string, from: string, to: string) =>
      writeFileSync(
        join(t.root, `content/services/${id}.yaml`),
        readFileSync(join(t.root, `content/services/${id}.yaml`), 'utf8').replace(from, to),
      )
    flip('mosaics', 'visible: true', 'visible: false')
    flip('secret', 'visible: false', 'visible: true')
    const pages = Object.keys(await sitemap())
    expect(pages).toContain('/services/secret')
    expect(pages).not.toContain('/services/mosaics')
  })
})

describe('escapeXml', () => {
  it('escapes the characters XML reserves in text and attributes, and nothing else', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe(`a&amp;b&lt;c&gt;d&quot;e'f`)
    expect(escapeXml('&&<<>>""')).toBe('&amp;&amp;&lt;&lt;&gt;&gt;&quot;&quot;')
  })
})
