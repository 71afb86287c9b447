// Which page addresses exist right now (a real 404 for search engines otherwise) and which are client-only apps.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { AppDeps } from './app-deps'
import { isClientRoute, pageRoutes } from './app-pages'
import { GARLANDS_SERVICE } from './inquiries/testing-inquiry'
import { ContentStore } from './lib/content-store'
import { makeTempContentRoot, REPO_ROOT, type TempContentRoot } from './testing/temp-content'

/** The seed's site settings, without their features. */
const SETTINGS = readFileSync(join(REPO_ROOT, 'content/site.yaml'), 'utf8').split('features:')[0]

let content: TempContentRoot | undefined
afterEach(() => content?.cleanup())

function routes(features: string | null) {
  content = makeTempContentRoot({
    seed: false,
    files: {
      'content/site.yaml': features === null ? 'brand: [not, a, record]\n' : `${SETTINGS}features:\n${features}`,
      'content/services/balloon-garlands.yaml': GARLANDS_SERVICE,
      'content/services/hidden-one.yaml': GARLANDS_SERVICE.replace('visible: true', 'visible: false'),
      'content/services/ended-one.yaml': `${GARLANDS_SERVICE}showUntil: 2020-01-01\n`,
    },
  })
  return pageRoutes({ store: new ContentStore(content.root) } as unknown as AppDeps)
}

describe('page addresses', () => {
  it('knows the public pages, the dashboard and a quote link, and nothing that only looks like them', () => {
    for (const path of [
      '/',
      '/about',
      '/about/',
      '/contact',
      '/delivery-installation',
      '/thank-you',
      '/privacy',
      '/faq/',
      '/services/balloon-garlands',
      '/services/balloon-garlands/',
      '/admin',
      '/admin/',
      '/admin/inbox/abc',
      `/quote/${'a'.repeat(22)}`,
      `/quote/${'A0_-'.repeat(5)}xy/`,
    ])
      expect(isClientRoute(path), path).toBe(true)
    for (const path of [
      '',
      '/about/x',
      '/aboutx',
      'x/about',
      '/services',
      '/services/',
      '/services/a/b',
      '/administrator',
      `/quote/${'a'.repeat(21)}`,
      `/quote/${'a'.repeat(23)}`,
      `/quote/${'a'.repeat(21)}.`,
      `/quote/${'a'.repeat(22)}/x`,
      '/services/%ZZ',
      '/contact/x',
      'x/',
    ])
      expect(isClientRoute(path), path).toBe(false)
  })

  it('a quote is never kept, the dashboard always revalidated, other pages neither', () => {
    const r = routes('  servicesEnabled: true\n')
    expect(r.shellOnly(`/quote/${'a'.repeat(22)}`)).toBe('no-store')
    expect(r.shellOnly('/admin')).toBe('no-cache')
    expect(r.shellOnly('/admin/inbox')).toBe('no-cache')
    expect(r.shellOnly('/administrator')).toBeNull()
    expect(r.shellOnly('/x/admin/')).toBeNull()
    expect(r.shellOnly('/x/quote/')).toBeNull()
    expect(r.shellOnly('/')).toBeNull()
  })

  it('a service page exists while the service is public and service pages are on; the about page when turned on', async () => {
    const on = routes('  servicesEnabled: true\n  aboutEnabled: true\n')
    expect(await on.isPage('/services/balloon-garlands')).toBe(true)
    expect(await on.isPage('/services/balloon-garlands/')).toBe(true)
    expect(await on.isPage('/services/hidden-one')).toBe(false)
    expect(await on.isPage('/services/ended-one')).toBe(false)
    expect(await on.isPage('/services/no-such-one')).toBe(false)
    expect(await on.isPage('/services/..%2Fsite')).toBe(false)
    expect(await on.isPage('/about')).toBe(true)
    expect(await on.isPage('/contact')).toBe(true)
    expect(await on.isPage('/admin/x')).toBe(true)
    expect(await on.isPage('/nowhere')).toBe(false)
    content!.cleanup()
    const off = routes('  servicesEnabled: false\n  aboutEnabled: false\n')
    expect(await off.isPage('/services/balloon-garlands')).toBe(false)
    expect(await off.isPage('/about/')).toBe(false)
    expect(await off.isPage('/')).toBe(true)
    content!.cleanup()
    // Unreadable settings: service pages on, the about page off (the defaults).
    const broken = routes(null)
    expect(await broken.isPage('/services/balloon-garlands')).toBe(true)
    expect(await broken.isPage('/about')).toBe(false)
    // A service file broken by a hand edit: visitors get its last committed valid version, so the page stays.
    writeFileSync(join(content!.root, 'content/services/balloon-garlands.yaml'), 'title: [\n')
    expect(await broken.isPage('/services/balloon-garlands')).toBe(true)
  })
})
