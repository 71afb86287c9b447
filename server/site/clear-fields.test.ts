// Clearing the site settings' optional parts (an empty text or null removes them from the file and the answer: the
// seasonal hero, the owner's name, a button label, pictures, links, hours), and profile links that almost pass.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../testing/test-app'

const ctx = useTestApp({ login: true })
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test edits the settings as loose JSON
type Settings = Record<string, any>
const siteFile = () => readFileSync(join(ctx.t.root, 'content/site.yaml'), 'utf8')

async function save(change: (s: Settings) => void) {
  const { version, ...body } = (await (await ctx.t.call('GET', '/api/site-settings', { cookie: ctx.cookie })).json()) as Settings
  change(body)
  return ctx.t.call('PUT', '/api/site-settings', { json: { ...body, baseVersion: version }, cookie: ctx.cookie })
}
const seasonal = {
  title: 'Holiday balloons',
  subtitle: 'Book your December party',
  image: '/uploads/bouquet-one.jpg',
  imageAlt: 'A red bouquet',
}

describe('clearing optional settings', () => {
  it('the seasonal hero: null removes it', async () => {
    expect((await save((s) => (s.hero.seasonal = seasonal))).status).toBe(200)
    expect(siteFile()).toContain('Holiday balloons')
    const res = await save((s) => (s.hero.seasonal = null))
    expect(res.status).toBe(200)
    expect((await res.json()).hero).not.toHaveProperty('seasonal')
    expect(siteFile()).not.toMatch(/seasonal|Holiday balloons/)
  })

  it("the owner's name and the second button label: an empty text removes them", async () => {
    expect(
      (await save((s) => Object.assign(s.brand, { ownerName: 'Penelope' }) && Object.assign(s.hero, { secondaryLabel: 'See prices' })))
        .status,
    ).toBe(200)
    expect(siteFile()).toMatch(/ownerName: Penelope/)
    expect(siteFile()).toMatch(/secondaryLabel: See prices/)
    const res = await save((s) => Object.assign(s.brand, { ownerName: '' }) && Object.assign(s.hero, { secondaryLabel: '' }))
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.brand).not.toHaveProperty('ownerName')
    expect(body.hero).not.toHaveProperty('secondaryLabel')
    expect(siteFile()).not.toMatch(/ownerName|secondaryLabel/)
  })
})

describe('clearing optional pictures and links', () => {
  it('the about photo and the share picture: an empty text clears them in the file and the answer', async () => {
    const set = await save(
      (s) =>
        Object.assign(s.about, { photo: '/uploads/bouquet-one.jpg' }) && Object.assign(s.seo, { shareImage: '/uploads/bouquet-one.jpg' }),
    )
    expect(set.status).toBe(200)
    expect(siteFile().match(/\/uploads\/bouquet-one\.jpg/g)).toHaveLength(2)
    const res = await save((s) => Object.assign(s.about, { photo: '' }) && Object.assign(s.seo, { shareImage: '' }))
    expect(res.status).toBe(200)
    const body = await res.json()
    expect([body.about.photo, body.seo.shareImage]).toEqual(['', ''])
    expect(siteFile()).not.toMatch(/bouquet-one/)
  })

  it('a Pinterest link and the opening hours: an empty text clears them', async () => {
    expect(
      (
        await save(
          (s) =>
            Object.assign(s.social, { pinterest: 'https://www.pinterest.com/studio' }) && Object.assign(s.contact, { hours: 'Mon–Fri' }),
        )
      ).status,
    ).toBe(200)
    expect(siteFile()).toMatch(/pinterest: https:\/\/www\.pinterest\.com\/studio/)
    const res = await save((s) => Object.assign(s.social, { pinterest: '' }) && Object.assign(s.contact, { hours: '' }))
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.social).not.toHaveProperty('pinterest')
    expect(body.contact.hours).toBe('')
    expect(siteFile()).not.toMatch(/pinterest|Mon–Fri/)
  })
})

describe('profile links that almost pass', () => {
  it('refuses http, a host without a dot, a space, and a bare scheme, naming the field; takes a plain https address', async () => {
    for (const link of [
      'http://www.tiktok.com/@studio',
      'https://tiktok/@studio',
      'https://www.tiktok.com/@stu dio',
      'https://',
      'www.tiktok.com/@studio',
    ]) {
      const res = await save((s) => (s.social.tiktok = link))
      expect(res.status, link).toBe(400)
      expect((await res.json()).error, link).toMatch(/^TikTok link must be a full address starting with https:\/\/, or empty/)
    }
    expect(siteFile()).not.toMatch(/tiktok/)
    expect((await save((s) => (s.social.tiktok = 'https://www.tiktok.com'))).status).toBe(200)
    expect(siteFile()).toMatch(/tiktok: https:\/\/www\.tiktok\.com/)
  })
})
