// createApp(deps): security middleware, the /api feature routers, /uploads and the web app; one onError.
// The parts it is built from are made and wired in app-deps.ts.
import { Hono } from 'hono'
import type { AppDeps } from './app-deps'
import { isAdmin, sessionMiddleware, type AppEnv } from './auth/auth.middleware'
import { createAuthRoutes } from './auth/auth.routes'
import { createBookingMailRoutes } from './booking-mail/booking-mail.routes'
import { createDeliveryRoutes } from './delivery/delivery.routes'
import { createFaqRoutes } from './faq/faq.routes'
import { createPasskeyRoutes } from './auth/passkey.routes'
import { createGitWebhookRoutes } from './history/git-webhook.routes'
import { createHistoryRoutes } from './history/history.routes'
import { createPricingRoutes } from './pricing/pricing.routes'
import { createQuoteRoutes } from './quotes/quotes.routes'
import { quoteMoneyLookup } from './quotes/quote-ledger'
import { createImageRoutes } from './images/images.routes'
import { createInquiryRoutes } from './inquiries/inquiries.routes'
import { createInboxRoutes } from './inquiries/inbox.routes'
import { createInquiryPhotoRoutes, createSignedPhotoRoutes } from './inquiries/inquiry-photos.routes'
import { createCalendarRoutes } from './calendar/calendar.routes'
import { createInsightsRoutes } from './insights/insights.routes'
import { notFound, onError } from './lib/errors'
import { JSON_BODY_LIMIT, limitBody } from './lib/http'
import { originCheck, rejectSuspiciousPaths, securityHeaders } from './lib/security'
import { createStaticRoutes } from './lib/static'
import { pageRoutes } from './app-pages'
import { compression, validators } from './lib/transfer'
import { createMailingListRoutes } from './mailing-list/mailing-list.routes'
import { cdnCache } from './ops/cdn-cache'
import { createBackupRoutes, createHealthRoutes } from './ops/ops.routes'
import { createPageRenderer } from './render/page-renderer'
import { createClockRoutes } from './schedule/schedule'
import { createSeoRoutes } from './seo/seo.routes'
import { createServiceRoutes } from './services/services.routes'
import { createSiteRoutes } from './site/site.routes'
import { createTestimonialRoutes } from './testimonials/testimonials.routes'
import { createUploadFileRoutes, createUploadRoutes } from './uploads/uploads.routes'

export function createApp(deps: AppDeps) {
  const { config } = deps
  const app = new Hono<AppEnv>()
  app.onError(onError)
  app.notFound((c) => c.json({ error: 'Not found' }, 404))

  // First, so every answer carries them: the refusals of odd paths too, which are what a probe gets.
  app.use('*', securityHeaders(config))
  app.use('*', rejectSuspiciousPaths)
  app.use('*', sessionMiddleware(deps.auth))
  app.use(
    '*',
    cdnCache(config.publicCacheSeconds, isAdmin, () => deps.readCache.secondsToNextBoundary()),
  )
  app.use('*', compression)
  app.use('*', validators)
  app.use('/api/*', async (c, next) => {
    await next()
    // A route that says its answer is never stored (the private calendar feed, sign-in) is not overruled.
    if (c.res.headers.get('Cache-Control') === 'no-store') return
    // Answers reflect the content files and the session right now; a revert must show on the next request. Public
    // reads may be kept by the browser but are revalidated each time (ETag, 304); admin answers are never stored.
    const publicRead = c.req.method === 'GET' && c.res.status === 200 && !isAdmin(c)
    c.header('Cache-Control', publicRead ? 'no-cache' : 'no-store')
    if (publicRead) c.header('Vary', 'Cookie', { append: true })
  })
  app.use('/api/*', originCheck(config))
  const jsonLimit = limitBody(JSON_BODY_LIMIT)
  // Image uploads carry their own, larger limits.
  app.use('/api/*', (c, next) => (c.req.path === '/api/upload' || c.req.path === '/api/inquiry-photos' ? next() : jsonLimit(c, next)))
  app.use('/api/*', deps.readCache.middleware(isAdmin))

  const routes = app
    .route('/api', createSiteRoutes(deps))
    .route('/api', createAuthRoutes(deps))
    .route('/api', createPasskeyRoutes(deps))
    .route('/api', createServiceRoutes(deps))
    .route('/api', createTestimonialRoutes(deps))
    .route('/api', createDeliveryRoutes(deps))
    .route('/api', createFaqRoutes(deps))
    .route('/api', createPricingRoutes(deps))
    .route('/api', createQuoteRoutes(deps))
    .route('/api', createBookingMailRoutes(deps))
    .route('/api', createUploadRoutes(deps))
    .route('/api', createInquiryRoutes(deps))
    .route('/api', createInboxRoutes({ ...deps, quoteMoney: () => quoteMoneyLookup(deps.quotes) }))
    .route('/api', createInquiryPhotoRoutes(deps))
    .route('/api', createCalendarRoutes(deps))
    .route('/api', createMailingListRoutes(deps))
    .route('/api', createHistoryRoutes(deps))
    .route('/api', createGitWebhookRoutes({ history: deps.history, secret: config.gitWebhookSecret }))
    .route('/api', createInsightsRoutes(deps))
    .route('/api', createBackupRoutes(deps))
    .route('/api', createClockRoutes(deps))

  app.all('/api/*', () => {
    throw notFound('No such API call')
  })
  app.route('/', createUploadFileRoutes(deps))
  app.route('/', createSignedPhotoRoutes(deps))
  app.route('/', createImageRoutes(deps))
  app.route('/', createSeoRoutes(deps))
  app.route('/', createHealthRoutes(deps))
  // Pages are rendered on the server; their loaders call the API in-process, not over the network. Kept pages are
  // checked against the content generation and served by the read cache's Node-level shortcut too.
  const pages = createPageRenderer({
    clientDir: config.clientDir,
    origin: config.publicOrigin,
    fetch: async (input, init) => app.request(input instanceof Request ? input : String(input), init),
    readCache: deps.readCache,
  })
  app.route('/', createStaticRoutes(config.clientDir, pageRoutes(deps), pages))
  return routes
}
