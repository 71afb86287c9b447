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

  it('ignores the site itself, other schemes, and text that is not an address', () => {
    expect(referrerHost('https://balloons.example/services/arches', SITE)).toBeNull()
    expect(referrerHost('android-app://com.google.android.gm/', SITE)).toBeNull()
    expect(referrerHost('not a url', SITE)).toBeNull()
    expect(referrerHost('', SITE)).toBeNull()
    expect(referrerHost(undefined, SITE)).toBeNull()
  })

  it('keeps utm_source, utm_medium and utm_campaign and drops every other parameter', () => {
    const search = new URLSearchParams('utm_source=Instagram&utm_medium=Social&utm_campaign=Spring%20Weddings&email=jo@example.com&fbclid=abc')
    expect(trafficSource(search, 'https://l.instagram.com/', SITE)).toEqual({ source: 'instagram', medium: 'social', campaign: 'spring weddings' })
  })

  it('falls back to the referrer host, then to direct', () => {
    expect(trafficSource(new URLSearchParams(''), 'https://www.bing.com/search?q=balloon+arch', SITE)).toEqual({ source: 'bing.com', medium: null, campaign: null })
    expect(trafficSource(new URLSearchParams('utm_source='), undefined, SITE).source).toBe(DIRECT)
  })

  it('cleans campaign labels: control characters out, at most 60 characters', () => {
    expect(campaignLabel(' Fair\u0000 2026 ')).toBe('fair 2026')
    expect(campaignLabel('x'.repeat(200))).toHaveLength(60)
    expect(campaignLabel('  ')).toBeNull()
  })
})
