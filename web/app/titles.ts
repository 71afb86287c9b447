// Every public page title in one place, so the browser and the server renderer name pages alike.
export const pageTitles = {
  home: (brand: string) => `${brand} | Balloon Decor in Portland, Oregon`,
  service: (serviceTitle: string, brand: string) => `${serviceTitle} | ${brand}`,
  about: (brand: string) => `About | ${brand}`,
  contact: (brand: string) => `Contact | ${brand}`,
  delivery: (brand: string) => `Delivery & Installation | ${brand}`,
  thankYou: (brand: string) => `Thank You | ${brand}`,
  notFound: (brand: string) => `Page Not Found | ${brand}`,
}

/** What a route's `handle.title` receives: its own loader data and the site's brand name. */
export interface TitleArgs<D = unknown> {
  data: D
  brand: string
}

export interface RouteHandle<D = unknown> {
  title?: (args: TitleArgs<D>) => string
}

/** The title of the deepest matched route that names one; the not-found title when an error is shown. */
export function documentTitle(
  matches: readonly { handle?: unknown; data?: unknown; loaderData?: unknown }[],
  brand: string,
  isError = false,
): string {
  if (isError) return pageTitles.notFound(brand)
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as RouteHandle | undefined
    if (handle?.title) return handle.title({ data: matches[i].loaderData ?? matches[i].data, brand })
  }
  return pageTitles.home(brand)
}
