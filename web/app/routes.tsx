// The public site's route objects with their loaders; the browser router and the server renderer both use them.
import type { RouteObject } from 'react-router-dom'
import { RootLayout, RootHydrateFallback, RootErrorPage } from './root-layout'
import { NotFoundPage } from './not-found'
import { notFound } from './not-found-response'
import { TitledOutlet } from './document-title'
import { rootLoader } from './root-loader'
import { pageTitles, type RouteHandle } from './titles'
import { HomePage, homeLoader, type HomeData } from '../pages/home/home-page'
import { serviceLoader, type ServiceData } from '../pages/service/service-loader'
import { aboutLoader } from '../pages/about/about-loader'
import { deliveryLoader } from '../pages/delivery/delivery-loader'

/**
 * Home is in the first bundle (most visits start there); the other pages' components are their own
 * chunks, fetched in parallel with their loaders. Loaders stay static so data loading never waits on code.
 */
export const publicRoutes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: rootLoader,
    Component: RootLayout,
    HydrateFallback: RootHydrateFallback,
    errorElement: <RootErrorPage />,
    children: [
      {
        // A page that fails (a 404 thrown by its loader) renders the not-found page inside header and footer.
        Component: TitledOutlet,
        errorElement: <NotFoundPage />,
        children: [
          {
            id: 'home',
            index: true,
            loader: homeLoader,
            Component: HomePage,
            handle: { title: ({ brand }) => pageTitles.home(brand) } satisfies RouteHandle<HomeData>,
          },
          {
            id: 'service',
            path: 'services/:serviceId',
            loader: serviceLoader,
            lazy: { Component: async () => (await import('../pages/service/service-page')).ServicePage },
            handle: {
              title: ({ data, brand }) => pageTitles.service(data.service.title, brand),
            } satisfies RouteHandle<ServiceData>,
          },
          {
            id: 'about',
            path: 'about',
            loader: aboutLoader,
            lazy: { Component: async () => (await import('../pages/about/about-page')).AboutPage },
            handle: { title: ({ brand }) => pageTitles.about(brand) } satisfies RouteHandle,
          },
          {
            id: 'contact',
            path: 'contact',
            lazy: { Component: async () => (await import('../pages/contact/contact-page')).ContactPage },
            handle: { title: ({ brand }) => pageTitles.contact(brand) } satisfies RouteHandle,
          },
          {
            id: 'delivery',
            path: 'delivery-installation',
            loader: deliveryLoader,
            lazy: { Component: async () => (await import('../pages/delivery/delivery-page')).DeliveryPage },
            handle: { title: ({ brand }) => pageTitles.delivery(brand) } satisfies RouteHandle,
          },
          {
            id: 'thank-you',
            path: 'thank-you',
            lazy: { Component: async () => (await import('../pages/thank-you/thank-you-page')).ThankYouPage },
            handle: { title: ({ brand }) => pageTitles.thankYou(brand) } satisfies RouteHandle,
          },
          // element: null only tells the router a page here is intended: the loader's 404 always shows the error page.
          { id: 'not-found', path: '*', loader: () => notFound(), element: null },
        ],
      },
    ],
  },
]

/** The dashboard is its own chunk, fetched only when /admin is visited. */
export const adminRoute: RouteObject = {
  path: '/admin/*',
  lazy: () => import('../admin/index'),
}

export const routes: RouteObject[] = [adminRoute, ...publicRoutes]
