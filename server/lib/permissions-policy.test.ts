// Public pages and API answers switch off every device feature: a script injected somewhere, or a page embedding
// ours, cannot ask for the camera, microphone or location.
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../testing/test-app'

const ctx = useTestApp()

describe('Permissions-Policy', () => {
  it('is sent with pages and API answers: camera, microphone, geolocation, payment and the rest off', async () => {
    for (const path of ['/', '/contact', '/api/site-settings', '/no-such-page']) {
      const policy = (await ctx.t.call('GET', path)).headers.get('permissions-policy') ?? ''
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()', 'display-capture=()']) {
        expect(policy, `${path} ${feature}`).toContain(feature)
      }
    }
  })

  it('names exactly the features Chromium knows, each off, with passkey sign-in left to the site itself', async () => {
    const policy = (await ctx.t.call('GET', '/')).headers.get('permissions-policy')
    expect(policy?.split(', ')).toEqual([
      ...[
        'accelerometer',
        'autoplay',
        'camera',
        'display-capture',
        'geolocation',
        'gyroscope',
        'hid',
        'idle-detection',
        'magnetometer',
        'microphone',
        'midi',
        'payment',
        'screen-wake-lock',
        'serial',
        'usb',
        'xr-spatial-tracking',
        'browsing-topics',
      ].map((feature) => `${feature}=()`),
      'publickey-credentials-get=(self)',
    ])
  })
})
