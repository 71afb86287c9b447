// Each public page's component, in a chunk of its own: a page loads only its own code, the server links it up front.
import type { ComponentType } from 'react'
import type { PublicRouteId } from '../lib/page-context'

type PageModule = () => Promise<ComponentType>

export const PAGE_COMPONENTS: Record<PublicRouteId, PageModule> = {
  home: async () => (await import('../pages/home/home-page')).HomePage,
  service: async () => (await import('../pages/service/service-page')).ServicePage,
  about: async () => (await import('../pages/about/about-page')).AboutPage,
  contact: async () => (await import('../pages/contact/contact-page')).ContactPage,
  delivery: async () => (await import('../pages/delivery/delivery-page')).DeliveryPage,
  'thank-you': async () => (await import('../pages/thank-you/thank-you-page')).ThankYouPage,
  privacy: async () => (await import('../pages/privacy/privacy-page')).PrivacyPage,
  faq: async () => (await import('../pages/faq/faq-page')).FaqPage,
  'not-found': async () => (await import('./not-found')).NotFoundPage,
}

/** The source module of each page's chunk (Vite manifest keys), for <link rel=modulepreload> and its stylesheets. */
export const PAGE_SOURCE_MODULES: Record<PublicRouteId, string> = {
  home: 'pages/home/home-page.tsx',
  service: 'pages/service/service-page.tsx',
  about: 'pages/about/about-page.tsx',
  contact: 'pages/contact/contact-page.tsx',
  delivery: 'pages/delivery/delivery-page.tsx',
  'thank-you': 'pages/thank-you/thank-you-page.tsx',
  privacy: 'pages/privacy/privacy-page.tsx',
  faq: 'pages/faq/faq-page.tsx',
  'not-found': 'app/not-found.tsx',
}
