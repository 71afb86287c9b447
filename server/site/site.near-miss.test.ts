// The site settings' guards with the values that almost pass: a picture path that names the uploads folder itself
// or the one above it, a button link with a line break or another control character a hand edit left in, a phone
// number with a parenthesis that is never closed; and the US formats the phone rule takes.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import YAML from 'yaml'
import { useTestApp } from '../testing/test-app'
import { UPLOAD_DOT_SEGMENTS } from '../testing/upload-near-misses'
import { isSafeLink } from './site.schema'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test edits the settings as loose JSON
type Settings = Record<string, any>
const SITE_FILE = 'content/site.yaml'
const PHONE_MESSAGE = 'Phone must be a phone number like (503) 555-0142'

describe('button links that almost pass', () => {
  it.each([
    'tel:5\n',
    'tel:5\n1',
    'tel:5\r',
    'tel:5\t1',
    'tel:5\u000b',
    'tel:+1\u00a0503',
    '/contact\u0000',
    '/contact\u007f',
    '/contact\u0085',
    'https://shop.test/\u0007',
    'https://shop\u0001.test',
    'mailto:a@b.test\u001b',
  ])('%j (a control character) is not a link', (href) => expect(isSafeLink(href)).toBe(false))

  it('a plain space in a tel: number is still one', () => {
    expect(isSafeLink('tel:+1 503 555 0100')).toBe(true)
  })
})

describe('through the dashboard and the file', () => {
  const ctx = useTestApp({ login: true })
  const siteFile = () => readFileSync(join(ctx.t.root, SITE_FILE), 'utf8')
  const siteData = () => YAML.parse(siteFile()) as Settings

  async function save(change: (s: Settings) => void) {
    const { version, ...body } = (await (await ctx.t.call('GET', '/api/site-settings', { cookie: ctx.cookie })).json()) as Settings
    change(body)
    return ctx.t.call('PUT', '/api/site-settings', { json: { ...body, baseVersion: version }, cookie: ctx.cookie })
  }
  const answer = async (change: (s: Settings) => void) => {
    const res = await save(change)
    return [res.status, ((await res.json()) as { error?: string }).error]
  }

  it('a picture path naming the uploads folder itself or the one above it (encoded, with a backslash) is refused naming the field', async () => {
    const pictures: [string, (s: Settings, v: string) => void][] = [
      ['Hero picture', (s, v) => (s.hero.image = v)],
      ['Seasonal hero picture', (s, v) => (s.hero.seasonal = { title: 'Winter', subtitle: 'Book now', image: v, imageAlt: '' })],
      ['About photo', (s, v) => (s.about.photo = v)],
      ['Share picture', (s, v) => (s.seo.shareImage = v)],
    ]
    for (const [label, set] of pictures) {
      for (const path of UPLOAD_DOT_SEGMENTS) {
        expect(await answer((s) => set(s, path)), `${label} ${path}`).toEqual([400, `${label} must be an uploaded picture (/uploads/...)`])
      }
    }
    expect(ctx.t.subjects()).toEqual(['Seed content'])
    expect((await save((s) => (s.hero.image = '/uploads/a..b.jpg'))).status).toBe(200)
    expect(siteData().hero.image).toBe('/uploads/a..b.jpg')
  })

  it('a hand-edited tel: link with a line break is served as the default page', async () => {
    const edited = siteData()
    edited.hero.primaryHref = 'tel:5\n'
    writeFileSync(join(ctx.t.root, SITE_FILE), YAML.stringify(edited))
    ctx.t.git('commit', '-qm', 'Button by hand', '--', SITE_FILE)
    const site = (await (await ctx.t.call('GET', '/api/site-settings')).json()) as Settings
    expect(site.hero.primaryHref).toBe('/contact')
  })

  it('a phone number with a parenthesis never closed, or closed twice, is refused, writing nothing', async () => {
    for (const phone of [
      '(503',
      '503)',
      '(503 555-0100',
      '503) 555-0100',
      ')503( 555-0100',
      '((503)) 555-0100',
      '(503)) 555-0100',
      '(5(03) 555-0100',
    ]) {
      expect(await answer((s) => (s.contact.phone = phone)), phone).toEqual([400, PHONE_MESSAGE])
    }
    expect(ctx.t.subjects()).toEqual(['Seed content'])
  })

  it('every US way of writing a number is saved as written', async () => {
    for (const phone of ['(503) 555-0100', '503-555-0100', '503.555.0100', '+1 503 555 0100', '+1 (503) 555-0100', '5035550100']) {
      expect((await save((s) => (s.contact.phone = phone))).status, phone).toBe(200)
      expect(siteData().contact.phone).toBe(phone)
    }
  })
})
