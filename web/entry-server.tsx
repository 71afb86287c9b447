// Server renderer (built to dist/server): loads a public page's data and renders its HTML, head and hydration data.
// The web-streams build: the Node build keeps an AsyncLocalStorage (for React.cache, unused here) switched on for good
// after the first render, and Node then runs a hook on every promise of every request, kept pages included.
import { prerender } from 'react-dom/static.browser'
import { configureApi } from './lib/api-client'
import { loadPage } from './app/public-routes'
import { PAGE_SOURCE_MODULES } from './app/route-modules'
import { publicApp } from './app/public-app'
import { renderHead, scriptJson } from './app/seo-head'
import { heroPreload } from './components/responsive-image'
import type { ServiceData } from './pages/service/service-loader'
import type { FaqData } from './pages/faq/faq-loader'

export interface RenderOptions {
  /** Answers the loaders' API calls in-process (the Hono app's `request`). */
  fetch: typeof fetch
  /** PUBLIC_ORIGIN: canonical and Open Graph URLs. */
  origin: string
}

export interface RenderResult {
  status: number
  appHtml: string
  head: string
  /** JSON for `<script type="application/json" id="page-data">` (CSP allows no inline script). */
  hydrationJson: string
  /** Source modules of the page's own chunk, for <link rel=modulepreload> and its stylesheets. */
  modules: string[]
}

// One in-process fetch for the whole server: loaders call the API without going over the network.
let configured: RenderOptions['fetch'] | undefined

export async function render(request: Request, options: RenderOptions): Promise<RenderResult> {
  if (configured !== options.fetch) {
    configureApi({ base: options.origin, fetch: options.fetch })
    configured = options.fetch
  }
  const { status, data, title } = await loadPage(request)
  let renderError: unknown
  // prerender waits for every Suspense boundary, so the HTML is complete and needs no inline script.
  const { prelude } = await prerender(await publicApp(data), {
    signal: request.signal,
    // Large boundaries would otherwise be sent apart and swapped in by inline script, which CSP forbids.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      renderError = error
    },
  })
  const appHtml = await new Response(prelude).text()
  if (renderError) throw renderError

  const head = data
    ? renderHead({
        routeId: data.route,
        title,
        path: data.path,
        origin: options.origin,
        settings: data.root.settings,
        services: data.root.services ?? [],
        images: data.root.images,
        service: data.route === 'service' ? (data.page as ServiceData).service : undefined,
        faq: data.route === 'faq' ? ((data.page as FaqData).items ?? undefined) : undefined,
        preloadImage: data.route === 'home' ? heroPreload(data.root.settings.hero.image, data.root.images) : undefined,
      })
    : `<title>${title}</title>\n<meta name="robots" content="noindex">`
  return {
    status,
    appHtml,
    head,
    hydrationJson: scriptJson(data),
    modules: data ? [PAGE_SOURCE_MODULES[data.route]] : [],
  }
}
