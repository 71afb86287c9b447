// The <head> tags of a server-rendered page: title, description, canonical, Open Graph, Twitter card and JSON-LD.
import type { Service, ServiceSummary, SiteSettings } from '../lib/public-api'
import { OG_IMAGE, ogImageUrl, type ImageVersions } from '../lib/image-urls'
import { openingHours } from './opening-hours'

const DEFAULT_OG_IMAGE = '/images/og-default.jpg'

interface HeadInput {
  /** The deepest matched route's id ('home', 'service', ...); 'not-found' for an error page. */
  routeId: string
  title: string
  path: string
  origin: string
  settings: SiteSettings
  services: ServiceSummary[]
  /** Content hashes of the uploads, for the link-preview card's immutable URL. */
  images: ImageVersions
  service?: Service
  /** The FAQ page's questions, for its FAQPage JSON-LD. */
  faq?: { question: string; answer: string }[]
  /** `<link rel=preload>` of the page's largest image (the home hero). */
  preloadImage?: { srcSet: string; sizes: string; type: string }
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
/** JSON inside <script>: `<` escaped so no string in the content can close the element. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

const PAGE_DESCRIPTIONS: Record<string, (s: SiteSettings) => string> = {
  home: (s) =>
    s.seo.description ||
    `${s.brand.name}: ${s.brand.tagline || 'statement balloon décor'}. Garlands, sculptures, mosaics, bouquets and event installations, delivered and installed across ${s.contact.area}.`,
  about: (s) => `The story, values and artist behind ${s.brand.name}, a balloon décor studio in ${s.contact.area}.`,
  contact: (s) => `Contact ${s.brand.name}: e-mail ${s.contact.email}, call ${s.contact.phone}, or follow us on Instagram and Facebook.`,
  delivery: (s) => `How ${s.brand.name} delivers and installs balloon décor across ${s.contact.area}: timing, setup, venues and pick-up.`,
  'thank-you': (s) => `Thank you for your inquiry to ${s.brand.name}.`,
  faq: (s) => `Answers to the questions people ask ${s.brand.name} most: booking, delivery, outdoor décor and payment.`,
  privacy: (s) => `What ${s.brand.name}'s website counts and never keeps: no cookies, no IP addresses, no trackers.`,
  'not-found': (s) => `This page has floated away. Find balloon décor by ${s.brand.name} on the home page.`,
}

/** Pages worth a search result; the rest answer `noindex`. */
const INDEXED = new Set(['home', 'service', 'about', 'contact', 'delivery', 'faq'])

function clip(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}…`
}

function pageDescription(input: Pick<HeadInput, 'routeId' | 'settings' | 'service'>): string {
  if (input.routeId === 'service' && input.service) return clip(input.service.description || input.service.aboutText)
  return clip((PAGE_DESCRIPTIONS[input.routeId] ?? PAGE_DESCRIPTIONS.home)(input.settings))
}

/** The owner's share picture as a 1200x630 card, or the built-in one. */
function defaultImage(origin: string, s: SiteSettings, images: ImageVersions): string {
  return `${origin}${s.seo.shareImage ? ogImageUrl(s.seo.shareImage, images) : DEFAULT_OG_IMAGE}`
}

function localBusiness(origin: string, s: SiteSettings, images: ImageVersions) {
  const hours = openingHours(s.contact.hours)
  return {
    '@type': 'LocalBusiness',
    '@id': `${origin}/#business`,
    name: s.brand.name,
    description: s.seo.description || s.brand.tagline || undefined,
    slogan: s.brand.tagline || undefined,
    url: `${origin}/`,
    telephone: s.contact.phone,
    email: s.contact.email,
    image: defaultImage(origin, s, images),
    logo: `${origin}${DEFAULT_OG_IMAGE}`,
    areaServed: s.contact.area,
    address: { '@type': 'PostalAddress', addressLocality: 'Portland', addressRegion: 'OR', addressCountry: 'US' },
    openingHours: hours.length ? hours : undefined,
    // The hours in the owner's words as well: the structured form cannot say "by appointment" or "closed Dec 24".
    hoursAvailable: s.contact.hours ? { '@type': 'OpeningHoursSpecification', description: s.contact.hours } : undefined,
    sameAs: [s.social.instagram, s.social.facebook, s.social.tiktok, s.social.pinterest].filter(Boolean),
  }
}

function serviceLd(origin: string, s: SiteSettings, service: ServiceSummary | Service, images: ImageVersions) {
  const image = service.images[0]?.cropped
  return {
    '@type': 'Service',
    '@id': `${origin}/services/${service.id}#service`,
    name: service.title,
    serviceType: service.title,
    description: service.description,
    url: `${origin}/services/${service.id}`,
    image: image ? `${origin}${ogImageUrl(image, images)}` : undefined,
    areaServed: s.contact.area,
    provider: { '@id': `${origin}/#business` },
  }
}

export function jsonLd(input: HeadInput): object {
  const { origin, settings, services, service, routeId } = input
  const graph: object[] = [localBusiness(origin, settings, input.images)]
  if (routeId === 'faq' && input.faq?.length) {
    graph.push({
      '@type': 'FAQPage',
      '@id': `${origin}/faq#faq`,
      mainEntity: input.faq.map((q) => ({ '@type': 'Question', name: q.question, acceptedAnswer: { '@type': 'Answer', text: q.answer } })),
    })
  }
  if (routeId === 'service' && service) graph.push(serviceLd(origin, settings, service, input.images))
  if (routeId === 'home' && services.length) {
    graph.push({
      '@type': 'ItemList',
      name: 'Our Services',
      itemListElement: services.map((s, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        item: settings.features.servicesEnabled
          ? serviceLd(origin, settings, s, input.images)
          : { '@type': 'Service', name: s.title, description: s.description },
      })),
    })
  }
  return { '@context': 'https://schema.org', '@graph': graph }
}

/** The tags, as HTML, that go into the page's <head>. */
export function renderHead(input: HeadInput): string {
  const { origin, settings, service, routeId, title } = input
  const description = pageDescription(input)
  const canonical = `${origin}${input.path === '/' ? '/' : input.path.replace(/\/+$/, '')}`
  const cover = service?.images[0]
  const image = cover ? `${origin}${ogImageUrl(cover.cropped, input.images)}` : defaultImage(origin, settings, input.images)
  const imageAlt = cover
    ? cover.alt || `${service.title} by ${settings.brand.name}`
    : (settings.seo.shareImage && settings.seo.shareImageAlt) || `${settings.brand.name}, balloon décor in ${settings.contact.area}`
  const meta = (attr: 'name' | 'property', key: string, content: string) => `<meta ${attr}="${key}" content="${escapeAttr(content)}">`
  const tags = [
    `<title>${escapeText(title)}</title>`,
    meta('name', 'description', description),
    INDEXED.has(routeId) ? `<link rel="canonical" href="${escapeAttr(canonical)}">` : meta('name', 'robots', 'noindex'),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', settings.brand.name),
    meta('property', 'og:locale', 'en_US'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', image),
    meta('property', 'og:image:width', String(OG_IMAGE.width)),
    meta('property', 'og:image:height', String(OG_IMAGE.height)),
    meta('property', 'og:image:alt', imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', imageAlt),
  ]
  if (input.preloadImage) {
    const p = input.preloadImage
    tags.push(
      `<link rel="preload" as="image" type="${p.type}" imagesrcset="${escapeAttr(p.srcSet)}" imagesizes="${escapeAttr(p.sizes)}" fetchpriority="high">`,
    )
  }
  if (INDEXED.has(routeId)) tags.push(`<script type="application/ld+json">${scriptJson(jsonLd(input))}</script>`)
  return tags.join('\n    ')
}
