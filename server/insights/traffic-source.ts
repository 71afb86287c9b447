// Where a visit came from: the referrer reduced to its host, or the utm_source/medium/campaign of the page address.
export const DIRECT = '(direct)'

export interface TrafficSource {
  /** A utm_source, else the referring site's host, else '(direct)'. */
  source: string
  medium: string | null
  campaign: string | null
}

/** Hosts that stand for one site under several names (app links, mobile sites, country domains). */
const SITE_ALIASES: [RegExp, string][] = [
  [/(^|\.)instagram\.com$/, 'instagram.com'],
  [/(^|\.)facebook\.com$|^fb\.me$/, 'facebook.com'],
  [/(^|\.)google\.[a-z.]+$/, 'google'],
  [/(^|\.)bing\.com$/, 'bing.com'],
  [/(^|\.)pinterest\.[a-z.]+$|^pin\.it$/, 'pinterest'],
  [/^t\.co$|(^|\.)twitter\.com$|(^|\.)x\.com$/, 'x.com'],
]

/** The referring site's host without `www.`, grouped with its aliases; null when absent, unreadable or this site. */
export function referrerHost(referrer: string | undefined, siteHosts: string[]): string | null {
  if (!referrer) return null
  let host: string
  try {
    const url = new URL(referrer)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    host = url.hostname.toLowerCase()
  } catch {
    return null
  }
  if (siteHosts.some((h) => h.toLowerCase() === host)) return null
  host = host.replace(/^www\./, '')
  return SITE_ALIASES.find(([pattern]) => pattern.test(host))?.[1] ?? host
}

/** A utm_* value as a short label: trimmed, lower case, printable, at most 60 characters; null when empty. */
export function campaignLabel(value: string | null): string | null {
  const label = value
    // oxlint-disable-next-line no-control-regex -- control characters are what this pattern finds and removes
    ?.replace(/[\u0000-\u001F\u007F-\u009F]/g, '')
    .trim()
    .toLowerCase()
    .slice(0, 60)
  return label || null
}

/** The source of a page address (path with its query) reached from `referrer`; every other query parameter is dropped. */
export function trafficSource(search: URLSearchParams, referrer: string | undefined, siteHosts: string[]): TrafficSource {
  const utmSource = campaignLabel(search.get('utm_source'))
  return {
    source: utmSource ?? referrerHost(referrer, siteHosts) ?? DIRECT,
    medium: campaignLabel(search.get('utm_medium')),
    campaign: campaignLabel(search.get('utm_campaign')),
  }
}
