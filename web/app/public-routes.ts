// The public pages: path, data loader and title. The server renders from them; the browser only without the server.
import { matchPath } from 'react-router-dom'
import { homeLoader, type HomeData } from '../pages/home/home-loader'
import { serviceLoader, type ServiceData } from '../pages/service/service-loader'
import { aboutLoader } from '../pages/about/about-loader'
import { deliveryLoader } from '../pages/delivery/delivery-loader'
import { faqLoader } from '../pages/faq/faq-loader'
import { isNotFound } from '../lib/not-found-response'
import { rootLoader } from './root-loader'
import { pageTitles } from './titles'
import type { PageData, PublicRouteId } from '../lib/page-context'

interface LoaderArgs {
  params: Record<string, string | undefined>
  request: Request
}

interface PublicRoute<D = unknown> {
  id: PublicRouteId
  path: string
  /** The page's data; throws notFound() for a missing, hidden or switched-off page. */
  load?: (args: LoaderArgs) => Promise<D>
  title: (brand: string, data: D) => string
}

const route = <D>(r: PublicRoute<D>) => r as PublicRoute

const PUBLIC_ROUTES: PublicRoute[] = [
  route<HomeData>({ id: 'home', path: '/', load: homeLoader, title: (brand) => pageTitles.home(brand) }),
  route<ServiceData>({
    id: 'service',
    path: '/services/:serviceId',
    load: serviceLoader,
    title: (brand, d) => pageTitles.service(d.service.title, brand),
  }),
  route({ id: 'about', path: '/about', load: aboutLoader, title: (brand) => pageTitles.about(brand) }),
  route({ id: 'contact', path: '/contact', title: (brand) => pageTitles.contact(brand) }),
  route({ id: 'delivery', path: '/delivery-installation', load: deliveryLoader, title: (brand) => pageTitles.delivery(brand) }),
  route({ id: 'thank-you', path: '/thank-you', title: (brand) => pageTitles.thankYou(brand) }),
  route({ id: 'privacy', path: '/privacy', title: (brand) => pageTitles.privacy(brand) }),
  route({ id: 'faq', path: '/faq', load: faqLoader, title: (brand) => pageTitles.faq(brand) }),
]

/** The public pages with a fixed path (for the bundle benchmark); the service page is one per service. */
export const PUBLIC_PAGE_PATHS = Object.fromEntries(PUBLIC_ROUTES.map((r) => [r.id, r.path])) as Record<
  Exclude<PublicRouteId, 'not-found'>,
  string
>

type LoadedPage =
  | { status: 200 | 404; data: PageData; title: string }
  /** The site settings could not be loaded: not even the header can be drawn. */
  | { status: 500; data: null; title: string }

/** Matches the address and runs the shared loader and the page's loader side by side. */
export async function loadPage(request: Request): Promise<LoadedPage> {
  const { pathname } = new URL(request.url)
  let matched: { route: PublicRoute; params: LoaderArgs['params'] } | undefined
  for (const r of PUBLIC_ROUTES) {
    const match = matchPath({ path: r.path, end: true }, pathname)
    if (match) {
      matched = { route: r, params: match.params }
      break
    }
  }
  const [root, page] = await Promise.allSettled([
    rootLoader({ request }),
    matched?.route.load ? matched.route.load({ params: matched.params, request }) : Promise.resolve(null),
  ])
  if (root.status === 'rejected') {
    console.error(root.reason)
    return { status: 500, data: null, title: "We couldn't load the site" }
  }
  const brand = root.value.settings.brand.name
  if (!matched || page.status === 'rejected') {
    if (page.status === 'rejected' && !isNotFound(page.reason)) console.error(page.reason)
    return { status: 404, title: pageTitles.notFound(brand), data: { route: 'not-found', path: pathname, root: root.value, page: null } }
  }
  return {
    status: 200,
    title: matched.route.title(brand, page.value),
    data: { route: matched.route.id, path: pathname, root: root.value, page: page.value },
  }
}
