import { describe, expect, it } from 'vitest'
import { AGENTS } from './testing-agents'
import { deviceClass, isBot } from './user-agent'

describe('user agents', () => {
  it('tells phones, tablets and desktops apart', () => {
    expect(deviceClass(AGENTS.iphone)).toBe('phone')
    expect(deviceClass(AGENTS.android)).toBe('phone')
    expect(deviceClass(AGENTS.ipad)).toBe('tablet')
    expect(deviceClass(AGENTS.androidTablet)).toBe('tablet')
    expect(deviceClass(AGENTS.mac)).toBe('desktop')
    expect(deviceClass(AGENTS.windows)).toBe('desktop')
  })

  it('takes crawlers, link previews, scripts, automated browsers and a missing agent for bots', () => {
    for (const ua of [
      AGENTS.googlebot,
      AGENTS.headless,
      AGENTS.facebookPreview,
      AGENTS.curl,
      '',
      undefined,
      'Mozilla/5.0 (compatible; bingbot/2.0)',
    ]) {
      expect(isBot(ua), String(ua)).toBe(true)
    }
    for (const ua of [AGENTS.iphone, AGENTS.android, AGENTS.ipad, AGENTS.mac, AGENTS.windows]) expect(isBot(ua), ua).toBe(false)
  })
})
