// Who the client is: the socket peer, or, when that peer is a trusted proxy (TRUST_PROXY), the right-most
// X-Forwarded-For address that is not itself a trusted proxy.
import { BlockList, isIP } from 'node:net'

/** TRUST_PROXY=1 (or true): the proxy runs on this machine. */
export const LOOPBACK_PROXIES = ['127.0.0.0/8', '::1']

/** An address or CIDR range as TRUST_PROXY takes it; null when it is neither. */
export function parseProxyEntry(entry: string): { address: string; prefix?: number; family: 'ipv4' | 'ipv6' } | null {
  const [address, prefixText, ...rest] = entry.split('/')
  const version = isIP(address)
  if (!version || rest.length) return null
  const family = version === 4 ? 'ipv4' : 'ipv6'
  if (prefixText === undefined) return { address, family }
  const prefix = Number(prefixText)
  if (!/^\d{1,3}$/.test(prefixText) || prefix > (version === 4 ? 32 : 128)) return null
  return { address, prefix, family }
}

/** `::ffff:127.0.0.1` (an IPv4 peer on a dual-stack socket) is 127.0.0.1. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  return mapped ? mapped[1] : address
}

const lists = new Map<string, BlockList>()

/** The trusted proxies as a matcher, built once per distinct list. */
function trustedList(proxies: readonly string[]): BlockList {
  const key = proxies.join(',')
  let list = lists.get(key)
  if (!list) {
    list = new BlockList()
    for (const entry of proxies) {
      const parsed = parseProxyEntry(entry)
      if (!parsed) throw new Error(`Not an address or range: ${entry}`)
      if (parsed.prefix === undefined) list.addAddress(parsed.address, parsed.family)
      else list.addSubnet(parsed.address, parsed.prefix, parsed.family)
    }
    lists.set(key, list)
  }
  return list
}

export function isTrustedProxy(address: string | undefined, proxies: readonly string[]): boolean {
  if (!address || proxies.length === 0) return false
  const plain = plainAddress(address)
  const version = isIP(plain)
  return version !== 0 && trustedList(proxies).check(plain, version === 4 ? 'ipv4' : 'ipv6')
}

/**
 * The header is believed only from a trusted proxy, and only as far as trusted proxies wrote it: reading from the
 * right, each trusted hop is skipped and the first other address is the client. What a visitor put further left is
 * never reached, so forging it changes nothing.
 */
export function resolveClientAddress(peer: string | undefined, forwardedFor: string | undefined, proxies: readonly string[]): string {
  const direct = peer ? plainAddress(peer) : 'unknown'
  if (!forwardedFor || !isTrustedProxy(peer, proxies)) return direct
  const hops = forwardedFor
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean)
  let client = direct
  for (let i = hops.length - 1; i >= 0; i--) {
    client = plainAddress(hops[i])
    if (!isTrustedProxy(client, proxies)) return client
  }
  return client
}
