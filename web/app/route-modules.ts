// Which source module holds each lazily loaded public page, so the server can link its chunk and styles up front.
export const LAZY_ROUTE_MODULES: Record<string, string> = {
  service: 'pages/service/service-page.tsx',
  about: 'pages/about/about-page.tsx',
  contact: 'pages/contact/contact-page.tsx',
  delivery: 'pages/delivery/delivery-page.tsx',
  'thank-you': 'pages/thank-you/thank-you-page.tsx',
}

/** The public pages with a fixed path (for the bundle benchmark and the sitemap); the service page is per service. */
export const PUBLIC_PAGE_PATHS: Record<string, string> = {
  home: '/',
  service: '/services/:serviceId',
  about: '/about',
  contact: '/contact',
  delivery: '/delivery-installation',
  'thank-you': '/thank-you',
}
