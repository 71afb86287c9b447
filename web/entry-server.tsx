// Server renderer (built to dist/server): runs the public routes' loaders and renders their HTML, head and hydration data.
import { StrictMode } from 'react'
import { prerender } from 'react-dom/static'
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, StaticRouterProvider } from 'react-router-dom'
import { configureApi } from './lib/api-client'
import { routes } from './app/routes'
import { documentTitle } from './app/titles'
import type { RootData } from './app/root-loader'
import type { ServiceData } from './pages/service/service-loader'
import { LAZY_ROUTE_MODULES } from './app/route-modules'
import { renderHead, scriptJson } from './app/seo-head'
import { heroPreload } from './components/responsive-image'
import type { Service } from './lib/public-api'

export interface RenderOptions {
  /** Answers the loaders' API calls in-process (the Hono app's `request`). */
  fetch: typeof fetch
  /** PUBLIC_ORIGIN: canonical and Open Graph URLs. */
  origin: string
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page'
      status: number
      appHtml: string
      head: string
      /** JSON for `<script type="application/json" id="router-data">` (CSP allows no inline script). */
      hydrationJson: string
      /** Source modules of the matched lazy pages, for <link rel=modulepreload> and their stylesheets. */
      modules: string[]
    }

// One in-process fetch for the whole server: loaders call the API without going over the network.
let configured: RenderOptions['fetch'] | undefined
const handler = createStaticHandler(routes)

/** Loader errors, as react-router's browser router expects to find them (it turns them back into ErrorResponses). */
function serializeErrors(errors: Record<string, unknown> | null) {
  if (!errors) return null
  return Object.fromEntries(
    Object.entries(errors).map(([id, error]) => [
      id,
      isRouteErrorResponse(error)
        ? { __type: 'RouteErrorResponse', status: error.status, statusText: error.statusText, data: error.data, internal: false }
        : { __type: 'Error', message: error instanceof Error ? error.message : String(error) },
    ]),
  )
}

export async function render(request: Request, options: RenderOptions): Promise<RenderResult> {
  if (configured !== options.fetch) {
    configureApi({ base: options.origin, fetch: options.fetch })
    configured = options.fetch
  }
  const context = await handler.query(request)
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' }
  }
  const router = createStaticRouter(handler.dataRoutes, context)
  let renderError: unknown
  // prerender waits for every lazy page and Suspense boundary, so the HTML is complete and needs no inline script.
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
    {
      signal: request.signal,
      // Large boundaries would otherwise be sent apart and swapped in by inline script, which CSP forbids.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        renderError = error
      },
    },
  )
  const appHtml = await new Response(prelude).text()
  if (renderError) throw renderError

  const root = context.loaderData.root as RootData | undefined
  const leaf = context.matches[context.matches.length - 1]
  const isError = Boolean(context.errors)
  const routeId = isError ? 'not-found' : (leaf?.route.id ?? 'not-found')
  const url = new URL(request.url)
  let head = ''
  if (root) {
    const brand = root.settings.brand.name
    const title = documentTitle(
      context.matches.map((m) => ({ handle: m.route.handle, loaderData: context.loaderData[m.route.id] })),
      brand,
      isError,
    )
    const services = (Array.isArray(root.services) ? root.services : []) as Service[]
    const service = routeId === 'service' ? (context.loaderData.service as ServiceData | undefined)?.service : undefined
    head = renderHead({
      routeId,
      title,
      path: url.pathname,
      origin: options.origin,
      settings: root.settings,
      services,
      service,
      preloadImage: routeId === 'home' ? heroPreload(root.settings.hero.image, root.images) : undefined,
    })
  }
  const hydration = { loaderData: context.loaderData, actionData: context.actionData, errors: serializeErrors(context.errors) }
  return {
    kind: 'page',
    status: context.statusCode,
    appHtml,
    head,
    hydrationJson: scriptJson(hydration),
    modules: context.matches.map((m) => LAZY_ROUTE_MODULES[m.route.id ?? '']).filter((m): m is string => Boolean(m)),
  }
}
