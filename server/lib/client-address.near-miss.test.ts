// TRUST_PROXY with the addresses that almost qualify: one past a range's edge, a look-alike of the loopback proxy,
// a prefix one over the address's bits; and forged hops that look like trusted proxies.
import { describe, expect, it } from 'vitest'
import { isTrustedProxy, LOOPBACK_PROXIES, parseProxyEntry, resolveClientAddress } from './client-address'

describe('trusted proxies at the edges of their ranges', () => {
  it('a /24 takes its first and last address and neither neighbour', () => {
    const proxies = ['192.0.2.0/24']
    expect(isTrustedProxy('192.0.2.0', proxies)).toBe(true)
    expect(isTrustedProxy('192.0.2.255', proxies)).toBe(true)
    expect(isTrustedProxy('192.0.1.255', proxies)).toBe(false)
    expect(isTrustedProxy('192.0.3.0', proxies)).toBe(false)
  })

  it('a single address is that address only', () => {
    expect(isTrustedProxy('10.0.0.1', ['10.0.0.1'])).toBe(true)
    expect(isTrustedProxy('10.0.0.2', ['10.0.0.1'])).toBe(false)
    expect(isTrustedProxy('10.0.0.10', ['10.0.0.1'])).toBe(false)
  })

  it('loopback look-alikes are no proxy', () => {
    for (const address of [
      '126.255.255.255',
      '128.0.0.0',
      '::2',
      '::ffff:128.0.0.1',
      '::ffff:127.0.0.1.evil',
      'localhost',
      '127.0.0.1 ',
      '',
      undefined,
    ]) {
      expect(isTrustedProxy(address, LOOPBACK_PROXIES), String(address)).toBe(false)
    }
    expect(isTrustedProxy('::FFFF:127.0.0.1', LOOPBACK_PROXIES)).toBe(true)
  })

  it('with no proxies configured nothing is trusted', () => {
    expect(isTrustedProxy('127.0.0.1', [])).toBe(false)
  })
})

describe('TRUST_PROXY entries', () => {
  it('takes addresses and ranges up to the address family bits, and refuses one over', () => {
    expect(parseProxyEntry('10.0.0.0/32')).toEqual({ address: '10.0.0.0', prefix: 32, family: 'ipv4' })
    expect(parseProxyEntry('10.0.0.0/0')).toEqual({ address: '10.0.0.0', prefix: 0, family: 'ipv4' })
    expect(parseProxyEntry('fd00::/128')).toEqual({ address: 'fd00::', prefix: 128, family: 'ipv6' })
    expect(parseProxyEntry('::1')).toEqual({ address: '::1', family: 'ipv6' })
    for (const entry of [
      '10.0.0.0/33',
      'fd00::/129',
      '10.0.0.0/',
      '10.0.0.0/1/2',
      '10.0.0.0/-1',
      '10.0.0.0/1.5',
      '10.0.0.0/0008',
      '10.0.0',
      'proxy.local',
      '10.0.0.0/ 8',
    ]) {
      expect(parseProxyEntry(entry), entry).toBeNull()
    }
  })
})

describe('forged hops', () => {
  const proxies = ['127.0.0.1', '10.0.0.0/8']

  it('a hop just outside the trusted range is the client, however many trusted-looking hops the visitor put before it', () => {
    expect(resolveClientAddress('127.0.0.1', '10.0.0.9, 11.0.0.1, 10.200.0.1', proxies)).toBe('11.0.0.1')
    expect(resolveClientAddress('127.0.0.1', '10.0.0.9,9.255.255.255', proxies)).toBe('9.255.255.255')
  })

  it('a peer just outside the trusted range makes the header count for nothing', () => {
    expect(resolveClientAddress('11.0.0.0', '198.51.100.7', proxies)).toBe('11.0.0.0')
    expect(resolveClientAddress('127.0.0.2', '198.51.100.7', proxies)).toBe('127.0.0.2')
    expect(resolveClientAddress('::ffff:11.0.0.0', '198.51.100.7', proxies)).toBe('11.0.0.0')
  })

  it('empty entries between commas are skipped, not taken as a client', () => {
    expect(resolveClientAddress('127.0.0.1', '198.51.100.7, , ', proxies)).toBe('198.51.100.7')
    expect(resolveClientAddress('127.0.0.1', ',', proxies)).toBe('127.0.0.1')
  })

  it('a forged hop written as a mapped IPv4 address is the plain address', () => {
    expect(resolveClientAddress('127.0.0.1', '::ffff:198.51.100.7', proxies)).toBe('198.51.100.7')
    expect(resolveClientAddress('127.0.0.1', '198.51.100.7, ::ffff:10.0.0.1', proxies)).toBe('198.51.100.7')
  })

  it('no peer known: unknown', () => {
    expect(resolveClientAddress(undefined, '198.51.100.7', proxies)).toBe('unknown')
  })
})
