import { describe, expect, it } from 'vitest'
import { campaignLabel, DIRECT, referrerHost, trafficSource } from './traffic-source'

const SITE = ['balloons.example']

describe('traffic sources', () => {
  it('reduces a referrer to its host, without www. and with app and mobile hosts grouped', () => {
    expect(referrerHost('https://www.weddingwire.com/vendors/portland?q=balloons#top', SITE)).toBe('weddingwire.com')
    expect(referrerHost('https://l.instagram.com/?u=https%3A%2F%2Fballoons.example', SITE)).toBe('instagram.com')
    expect(referrerHost('https://m.facebook.com/', SITE)).toBe('facebook.com')
    expect(referrerHost('https://www.google.co.uk/', SITE)).toBe('google')
    expect(referrerHost('https://pdxfair.example.org/exhibitors/42', SITE)).toBe('pdxfair.example.org')
  })

  it.each([
    ['https://instagram.com/p/1', 'instagram.com'],
    ['https://notinstagram.com/', 'notinstagram.com'],
    ['https://fb.me/abc', 'facebook.com'],
    ['https://notfb.me/', 'notfb.me'],
    ['https://fb.me.example.org/', 'fb.me.example.org'],
    ['https://www.google.com/', 'google'],
    ['https://notgoogle.com/', 'notgoogle.com'],
    ['https://cn.bing.com/search', 'bing.com'],
    ['https://bing.com.example.org/', 'bing.com.example.org'],
    ['https://pin.it/xyz', 'pinterest'],
    ['https://www.pinterest.ca/pin/1', 'pinterest'],
    ['https://spin.it/', 'spin.it'],
    ['https://pin.it.example.org/', 'pin.it.example.org'],
    ['https://t.co/abc', 'x.com'],
    ['https://mobile.twitter.com/', 'x.com'],
    ['https://x.com/studio', 'x.com'],
    ['https://box.com/', 'box.com'],
    ['https://zt.co/', 'zt.co'],
    ['https://t.co.example.org/', 't.co.example.org'],
    ['https://twitter.com.example.org/', 'twitter.com.example.org'],
    ['https://awww.example/', 'awww.example'],
    ['http://weddingwire.com/vendors', 'weddingwire.com'],
  ])('names %s as %s', (referrer, host) => {
    expect(referrerHost(referrer, SITE)).toBe(host)
  })

  it('knows the site by any of its names, in any case', () => {
    const names = ['www.balloons.example', 'Balloons.Example']
    expect(referrerHost('https://BALLOONS.example/faq', names)).toBeNull()
    expect(referrerHost('https://www.balloons.example/faq', names)).toBeNull()
    expect(referrerHost('https://shop.balloons.example/', names)).toBe('shop.balloons.example')
  })

  it('ignores the site itself, other schemes, and text that is not an address', () => {
    expect(referrerHost('https://balloons.example/services/arches', SITE)).toBeNull()
    expect(referrerHost('android-app://com.google.android.gm/', SITE)).toBeNull()
    expect(referrerHost('not a url', SITE)).toBeNull()
    expect(referrerHost('', SITE)).toBeNull()
    expect(referrerHost(undefined, SITE)).toBeNull()
  })

  it('keeps utm_source, utm_medium and utm_campaign and drops every other parameter', () => {
    const search = new URLSearchParams(
      'utm_source=Instagram&utm_medium=Social&utm_campaign=Spring%20Weddings&email=jo@example.com&fbclid=abc',
    )
    expect(trafficSource(search, 'https://l.instagram.com/', SITE)).toEqual({
      source: 'instagram',
      medium: 'social',
      campaign: 'spring weddings',
    })
  })

  it('falls back to the referrer host, then to direct', () => {
    expect(trafficSource(new URLSearchParams(''), 'https://www.bing.com/search?q=balloon+arch', SITE)).toEqual({
      source: 'bing.com',
      medium: null,
      campaign: null,
    })
    expect(trafficSource(new URLSearchParams('utm_source='), undefined, SITE).source).toBe(DIRECT)
  })

  it('cleans campaign labels: control characters out, at most 60 characters', () => {
    expect(campaignLabel(' Fair\u0000 2026 ')).toBe('fair 2026')
    expect(campaignLabel('x'.repeat(200))).toHaveLength(60)
    expect(campaignLabel('  ')).toBeNull()
  })
})
