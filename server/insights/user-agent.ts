// What a user agent says about a visit: a crawler or a person, and on a phone, a tablet or a desktop. Read, never kept.
export type DeviceClass = 'phone' | 'tablet' | 'desktop'

/** Words that crawlers, link previewers, monitors, scripts and automated browsers put in their user agents. */
const BOT =
  /bot|crawl|spider|slurp|archiver|scrape|preview|facebookexternalhit|meta-external|embedly|whatsapp|telegram|skype|discord|headless|phantom|lighthouse|pagespeed|gtmetrix|pingdom|uptime|monitor|curl|wget|python|node-fetch|undici|axios|go-http|java\/|okhttp|libwww|httpclient|puppeteer|playwright|selenium|cypress/i

/** Every current browser's user agent starts with Mozilla/5.0; clients that do not are scripts. */
export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || !userAgent.startsWith('Mozilla/') || BOT.test(userAgent)
}

const TABLET = /iPad|Tablet|Kindle|Silk|PlayBook|Nexus (7|9|10)|SM-T\d|Android(?!.*Mobile)/i
const PHONE = /Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini|IEMobile/i

/** iPads that ask for the desktop site (the default since iPadOS 13) say Macintosh and count as desktops. */
export function deviceClass(userAgent: string): DeviceClass {
  if (TABLET.test(userAgent)) return 'tablet'
  if (PHONE.test(userAgent)) return 'phone'
  return 'desktop'
}
