// Security middleware: response headers, the Origin (CSRF) check, and refusing encoded or dotted paths.
import type { Context, MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import { isHttps, type Config } from './config'
import { badRequest, forbidden, notFound } from './errors'

/**
 * Self only; no inline script. Inline speculation rules (JSON telling Chrome which links it may fetch ahead, added by
 * web/public/start-after-paint.js) are allowed: 'inline-speculation-rules' permits those and no script.
 * Inline styles (React style props) and data:/blob: images (the cropper) are allowed.
 */
export function securityHeaders(config: Config): MiddlewareHandler {
  const siteWide = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'inline-speculation-rules'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    strictTransportSecurity: isHttps(config) ? 'max-age=31536000; includeSubDomains' : false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    // No page uses a device feature: the quote form's photo picker is a file input, which needs no permission.
    permissionsPolicy: PERMISSIONS_OFF,
  })
  // An answer may send less than the site does, never more: the e-mailed photo links say `no-referrer` (secureHeaders
  // sets its headers after the route and would replace it); any other policy of a route gives way to the site's.
  return async (c, next) => {
    const own = { referrer: null as string | null }
    await siteWide(c, async () => {
      await next()
      own.referrer = c.res.headers.get('Referrer-Policy')
    })
    if (own.referrer === 'no-referrer') c.res.headers.set('Referrer-Policy', own.referrer)
  }
}

/** Every powerful feature off, for this site and anything it might embed; passkey sign-in stays possible on the site. */
const PERMISSIONS_OFF: Record<string, string[]> = {
  ...Object.fromEntries(
    [
      // Only features Chromium knows: an unknown one is a console warning on every page.
      'accelerometer',
      'autoplay',
      'camera',
      'displayCapture',
      'geolocation',
      'gyroscope',
      'hid',
      'idleDetection',
      'magnetometer',
      'microphone',
      'midi',
      'payment',
      'screenWakeLock',
      'serial',
      'usb',
      'xrSpatialTracking',
      'browsingTopics',
    ].map((feature) => [feature, []]),
  ),
  publickeyCredentialsGet: ['self'],
}

/**
 * The path as the client sent it. @hono/node-server resolves dot segments before Hono sees the URL, so the raw
 * request target is read from the Node request when there is one.
 */
function rawPath(c: Context): string {
  const incoming = (c.env as { incoming?: { url?: string } } | undefined)?.incoming?.url
  const target = incoming ?? c.req.url.replace(/^[a-z]+:\/\/[^/]+/i, '')
  return target.split('?')[0]
}

const SUSPICIOUS_PATH = /%2e|%2f|%5c|%00|\\|\/\/|(^|\/)\.\.?(\/|$)/i

/** C0 and C1 control characters and DEL: no path of the site has one. */
// oxlint-disable-next-line no-control-regex -- control characters are what this pattern finds and removes
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/

/**
 * The path with its %-escapes decoded, or null when one does not decode (`%ZZ`, a cut-off or invalid UTF-8 sequence
 * such as `%E0%A4%A`) or the result holds a control character. Use it wherever a path or path parameter is decoded:
 * `decodeURIComponent` throws a URIError on such input.
 */
export function decodePath(path: string): string | null {
  let decoded = path
  if (path.includes('%')) {
    try {
      decoded = decodeURIComponent(path)
    } catch {
      return null
    }
  }
  return CONTROL.test(decoded) ? null : decoded
}

/** Paths that name a file or an API call rather than a page: refused with a JSON answer, not the not-found page. */
const NOT_A_PAGE = /^\/(api|uploads|img|assets)(\/|$)/

/**
 * Before any routing: encoded traversal (`%2e%2e`, `%2f`, `%5c`), `//` and dot segments answer 404. A path whose
 * %-escapes do not decode (or decode to control characters) answers 400 `{error}` under /api, /uploads, /img and
 * /assets; a page address like that goes on to the page routes, which answer it with the not-found page (404), as
 * `isClientRoute` and `isAppPage` (server/app-pages.ts) refuse such a path.
 */
export const rejectSuspiciousPaths: MiddlewareHandler = async (c, next) => {
  const path = rawPath(c)
  if (SUSPICIOUS_PATH.test(path)) throw notFound()
  if (decodePath(path) === null && (NOT_A_PAGE.test(path) || !/^(GET|HEAD)$/.test(c.req.method))) {
    throw badRequest('The address is not valid: it has a malformed %-escape or a control character')
  }
  await next()
}

/**
 * CSRF: a state-changing request that carries an Origin must come from the site itself (PUBLIC_ORIGIN, or the origin
 * the request was addressed to), and one with a Sec-Fetch-Site other than same-origin needs such an Origin. Browsers
 * send Origin on every POST, PUT and DELETE, so a request with neither header is a non-browser client (curl, scripts,
 * tests) and passes; the SameSite=Lax cookie keeps sessions off cross-site posts as a second line. (Hono's csrf
 * middleware is not used: what it refuses, form-style bodies from a foreign Origin, is refused here already.)
 */
export function originCheck(config: Config): MiddlewareHandler {
  const allowed = (origin: string, c: Context) => origin === config.publicOrigin || origin === new URL(c.req.url).origin
  return async (c, next) => {
    if (/^(GET|HEAD|OPTIONS)$/.test(c.req.method)) return next()
    const origin = c.req.header('origin')
    const site = c.req.header('sec-fetch-site')
    if (origin !== undefined && !allowed(origin, c)) throw forbidden('Cross-site request refused')
    if (site !== undefined && site !== 'same-origin' && origin === undefined) throw forbidden('Cross-site request refused')
    await next()
  }
}
