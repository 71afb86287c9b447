// The client address's near misses that the rate limits depend on: an IPv6 address that only ends like a mapped IPv4
// one, a mapped peer with a two- or three-digit last part, two TRUST_PROXY lists that read alike when joined, and a
// TRUST_PROXY entry that is no address.
import { describe, expect, it } from 'vitest'
import { isTrustedProxy, LOOPBACK_PROXIES, resolveClientAddress } from './client-address'

describe('mapped IPv4 addresses', () => {
  it('a mapped peer is counted under its plain IPv4 address, whatever the length of its last part', () => {
    expect(resolveClientAddress('::ffff:203.0.113.45', undefined, [])).toBe('203.0.113.45')
    expect(resolveClientAddress('::ffff:203.0.113.245', '198.51.100.7', LOOPBACK_PROXIES)).toBe('203.0.113.245')
    expect(resolveClientAddress('127.0.0.1', '::ffff:198.51.100.17', LOOPBACK_PROXIES)).toBe('198.51.100.17')
  })

  it('an IPv6 address that only ends like a mapped loopback one is no loopback proxy', () => {
    expect(isTrustedProxy('2001:db8::ffff:127.0.0.1', LOOPBACK_PROXIES)).toBe(false)
    expect(isTrustedProxy('1::ffff:127.0.0.1', LOOPBACK_PROXIES)).toBe(false)
  })

  it('behind the proxy, such a client is the client: the forged entry left of it is never reached', () => {
    // The visitor forged 192.0.2.1; the proxy appended the address it saw, an IPv6 one ending in 127.0.0.1.
    expect(resolveClientAddress('127.0.0.1', '192.0.2.1, 2001:db8::ffff:127.0.0.1', LOOPBACK_PROXIES)).toBe('2001:db8::ffff:127.0.0.1')
    // Nor is it shortened to the IPv4 address it ends in (another client's).
    expect(resolveClientAddress('127.0.0.1', '2001:db8::ffff:198.51.100.7', LOOPBACK_PROXIES)).toBe('2001:db8::ffff:198.51.100.7')
  })
})

describe('TRUST_PROXY lists', () => {
  it('two lists that read the same when run together are still two lists', () => {
    const first = ['10.0.0.1', '10.0.0.2']
    const second = ['10.0.0.11', '0.0.0.2']
    expect(isTrustedProxy('10.0.0.1', first)).toBe(true)
    expect(isTrustedProxy('10.0.0.11', second)).toBe(true)
    expect(isTrustedProxy('10.0.0.1', second)).toBe(false)
    expect(isTrustedProxy('10.0.0.11', first)).toBe(false)
  })

  it('an entry that is no address or range is named in the error', () => {
    expect(() => isTrustedProxy('127.0.0.1', ['127.0.0.1', 'proxy.local'])).toThrow(new Error('Not an address or range: proxy.local'))
    expect(() => resolveClientAddress('127.0.0.1', '198.51.100.7', ['10.0.0.0/33'])).toThrow(
      new Error('Not an address or range: 10.0.0.0/33'),
    )
  })
})
