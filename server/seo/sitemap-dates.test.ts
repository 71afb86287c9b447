// What a crawler reads: robots.txt word for word, each page of the sitemap dated by the files it shows (and by the
// file's own time before it is committed), and the pages the site settings turn on or off.
import { readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { TEST_ORIGIN, useTestApp, type TestApp } from '../testing/test-app'

const ctx = useTestApp()
let t: TestApp
beforeEach(() => {
  ;({ t } = ctx)
  // The fixture has no FAQ and no feature switches: both committed, so every page has a commit to be dated by.
  writeFileSync(join(t.root, 'content/faq.yaml'), '- id: how-far-ahead\n  question: How far ahead should I book?\n  answer: Four weeks.\n')
  edit('content/site.yaml', (text) => `${text}features:\n  servicesEnabled: true\n  aboutEnabled: false\n`)
  t.git('add', 'content')
  t.git('commit', '-q', '-m', 'FAQ and features')
})

const sitemap = async () => {
  const xml = await (await t.call('GET', '/sitemap.xml')).text()
  return Object.fromEntries(
    [...xml.matchAll(/<loc>([^<]+)<\/loc>\s*<lastmod>([^<]+)<\/lastmod>/g)].map((m) => [m[1].replace(TEST_ORIGIN, ''), m[2]]),
  )
}
function commitAt(date: string, message: string, path: string) {
  const previous = process.env.GIT_COMMITTER_DATE
  process.env.GIT_COMMITTER_DATE = date
  try {
    t.git('commit', '-qm', message, '--', path)
  } finally {
    if (previous === undefined) delete process.env.GIT_COMMITTER_DATE
    else process.env.GIT_COMMITTER_DATE = previous
  }
}
const edit = (file: string, change: (text: string) => string) =>
  writeFileSync(join(t.root, file), change(readFileSync(join(t.root, file), 'utf8')))

describe('robots.txt', () => {
  it('says exactly what crawlers may read, and may be kept an hour', async () => {
    const res = await t.call('GET', '/robots.txt')
    expect(await res.text()).toBe(`User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${TEST_ORIGIN}/sitemap.xml\n`)
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600')
  })
})

describe('sitemap dates', () => {
  it.each([
    ['content/faq.yaml', ['/faq']],
    ['content/delivery-installation.md', ['/delivery-installation']],
    ['content/testimonials.yaml', ['/']],
    ['content/service-order.yaml', ['/']],
    ['content/site.yaml', ['/', '/contact']],
  ])('a commit to %s dates only the pages showing it', async (file, pages) => {
    const before = await sitemap()
    edit(file, (text) => `${text}\n`)
    commitAt('2031-04-05T06:07:08+00:00', `Touch ${file}`, file)
    const after = await sitemap()
    const moved = Object.keys(after).filter((page) => after[page] !== before[page])
    expect(moved).toEqual(pages)
    for (const page of pages) expect(after[page]).toBe('2031-04-05T06:07:08+00:00')
  })

  it('a service not committed yet is dated by its file', async () => {
    const mosaics = readFileSync(join(t.root, 'content/services/mosaics.yaml'), 'utf8')
    writeFileSync(join(t.root, 'content/services/arches.yaml'), mosaics.replace(/^id: mosaics$/m, 'id: arches'))
    const when = new Date('2030-02-03T04:05:06.000Z')
    utimesSync(join(t.root, 'content/services/arches.yaml'), when, when)
    expect((await sitemap())['/services/arches']).toBe('2030-02-03T04:05:06.000Z')
  })
})

describe('pages the settings turn on and off', () => {
  it('lists the about page when it is on, and no service page when services are off', async () => {
    edit('content/site.yaml', (text) => text.replace('aboutEnabled: false', 'aboutEnabled: true'))
    t.git('commit', '-qm', 'About on', '--', 'content/site.yaml')
    expect(Object.keys(await sitemap())).toEqual([
      '/',
      '/services/mosaics',
      '/services/bouquets',
      '/delivery-installation',
      '/contact',
      '/faq',
      '/about',
    ])
    edit('content/site.yaml', (text) => text.replace('servicesEnabled: true', 'servicesEnabled: false'))
    t.git('commit', '-qm', 'Services off', '--', 'content/site.yaml')
    expect(Object.keys(await sitemap())).toEqual(['/', '/delivery-installation', '/contact', '/faq', '/about'])
  })

  it('the about page is dated by the settings, not by a later commit elsewhere', async () => {
    edit('content/site.yaml', (text) => text.replace('aboutEnabled: false', 'aboutEnabled: true'))
    commitAt('2031-01-01T00:00:00+00:00', 'About on', 'content/site.yaml')
    edit('content/faq.yaml', (text) => `${text}\n`)
    commitAt('2032-01-01T00:00:00+00:00', 'FAQ touched', 'content/faq.yaml')
    const dates = await sitemap()
    expect([dates['/about'], dates['/faq']]).toEqual(['2031-01-01T00:00:00+00:00', '2032-01-01T00:00:00+00:00'])
  })

  it('is XML with one url per line block, revalidated by whoever keeps it', async () => {
    const res = await t.call('GET', '/sitemap.xml')
    expect(res.headers.get('cache-control')).toBe('no-cache')
    const xml = await res.text()
    expect(
      xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url>\n'),
    ).toBe(true)
    expect(xml.endsWith('  </url>\n</urlset>\n')).toBe(true)
    expect(xml).toContain('  </url>\n  <url>\n')
  })

  it('an uncommitted settings change shows at once (the sitemap kept is not served after it)', async () => {
    expect(Object.keys(await sitemap())).not.toContain('/about')
    edit('content/site.yaml', (text) => text.replace('aboutEnabled: false', 'aboutEnabled: true'))
    expect(Object.keys(await sitemap())).toContain('/about')
  })
})
