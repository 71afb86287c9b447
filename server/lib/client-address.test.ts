// Whose address a request is counted under: forged X-Forwarded-For entries count for nothing unless a trusted proxy
// wrote them.
import { describe, expect, it } from 'vitest'
import { isTrustedProxy, LOOPBACK_PROXIES, resolveClientAddress } from './client-address'

describe('the client address', () => {
  it('a header sent straight to the server (the peer is no trusted proxy) is ignored', () => {
    expect(resolveClientAddress('203.0.113.9', '198.51.100.1', LOOPBACK_PROXIES)).toBe('203.0.113.9')
    expect(resolveClientAddress('203.0.113.9', '198.51.100.1', [])).toBe('203.0.113.9')
  })

  it('from a trusted proxy, the right-most address that is not a trusted proxy is the client', () => {
    const proxies = ['127.0.0.1', '10.0.0.0/8']
    // The visitor forged "1.1.1.1"; the CDN (10.1.2.3) and the local proxy appended what they saw.
    expect(resolveClientAddress('127.0.0.1', '1.1.1.1, 198.51.100.7, 10.1.2.3', proxies)).toBe('198.51.100.7')
    expect(resolveClientAddress('127.0.0.1', ' 198.51.100.7 ', proxies)).toBe('198.51.100.7')
    // Every hop a trusted proxy: the left-most one is as far as anyone can tell.
    expect(resolveClientAddress('127.0.0.1', '10.0.0.5, 10.0.0.6', proxies)).toBe('10.0.0.5')
    // An empty header: the peer itself.
    expect(resolveClientAddress('127.0.0.1', '', proxies)).toBe('127.0.0.1')
  })

  it('an IPv4 peer on a dual-stack socket (::ffff:127.0.0.1) is the same loopback proxy, and IPv6 ranges work', () => {
    expect(isTrustedProxy('::ffff:127.0.0.1', LOOPBACK_PROXIES)).toBe(true)
    expect(isTrustedProxy('::1', LOOPBACK_PROXIES)).toBe(true)
    expect(isTrustedProxy('127.8.9.10', LOOPBACK_PROXIES)).toBe(true)
    expect(isTrustedProxy('128.0.0.1', LOOPBACK_PROXIES)).toBe(false)
    expect(isTrustedProxy('fd00::5', ['fd00::/8'])).toBe(true)
    expect(isTrustedProxy('not-an-address', ['fd00::/8'])).toBe(false)
    expect(resolveClientAddress('::ffff:127.0.0.1', '2001:db8::1', LOOPBACK_PROXIES)).toBe('2001:db8::1')
  })
})
