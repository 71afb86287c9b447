// The public site's calls to the API, each built on apiRequest (the only place that fetches).
import { apiRequest, ApiError } from './api-client'
import type { Service } from '../../server/services/services.schema'
import type { SiteSettings } from '../../server/site/site.schema'
import type { Testimonial } from '../../server/testimonials/testimonials.schema'
import type { Segment, Subscription } from '../../server/mailing-list/mailing-list.schema'
import type { Inquiry } from '../../server/inquiries/inquiry.schema'
import type { DeliveryContent } from '../../server/delivery/delivery.schema'
import type { FaqItem } from '../../server/faq/faq.schema'
import type { DeliveryZone } from '../../server/pricing/pricing.schema'
import type { ImageVersions } from './image-urls'

export type { Service, SiteSettings, Testimonial, Segment, FaqItem }

/** What the public pages show of every service (header, footer, home cards); its texts load when a card opens them. */
export interface ServiceSummary extends Pick<Service, 'id' | 'title' | 'description' | 'images'> {
  hasAbout: boolean
  hasPricing: boolean
}

export function summarise(service: Service): ServiceSummary {
  const { id, title, description, images } = service
  return { id, title, description, images, hasAbout: Boolean(service.aboutText.trim()), hasPricing: Boolean(service.pricingInfo.trim()) }
}

export function getSiteSettings(signal?: AbortSignal): Promise<SiteSettings> {
  return apiRequest<SiteSettings>('GET', '/site-settings', { signal })
}

/** The price list's delivery zones, for the quote form's estimate (the price list is public). */
export async function getDeliveryZones(signal?: AbortSignal): Promise<DeliveryZone[]> {
  return (await apiRequest<{ deliveryZones?: DeliveryZone[] }>('GET', '/pricing', { signal })).deliveryZones ?? []
}

/**
 * Visible services in service order, content merged (the server orders and merges). An admin
 * session also receives hidden ones, so they are filtered here: the public site never shows them.
 */
export async function getPublicServices(signal?: AbortSignal): Promise<Service[]> {
  const services = await apiRequest<Service[]>('GET', '/services', { signal })
  return services.filter((s) => s.visible)
}

/** One visible service, or null when it is unknown or hidden. */
export async function findPublicService(id: string, signal?: AbortSignal): Promise<Service | null> {
  try {
    const service = await apiRequest<Service>('GET', `/services/${encodeURIComponent(id)}`, { signal })
    return service.visible ? service : null
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

/** Content hashes of the uploads the public pages show (hero, service images), by file name. */
export function getImageVersions(signal?: AbortSignal): Promise<ImageVersions> {
  return apiRequest<ImageVersions>('GET', '/image-versions', { signal })
}

export function getTestimonials(signal?: AbortSignal): Promise<Testimonial[]> {
  return apiRequest<Testimonial[]>('GET', '/testimonials', { signal })
}

export function getFaq(signal?: AbortSignal): Promise<FaqItem[]> {
  return apiRequest<FaqItem[]>('GET', '/faq', { signal })
}

export function getDeliveryContent(signal?: AbortSignal): Promise<DeliveryContent> {
  return apiRequest<DeliveryContent>('GET', '/delivery-installation-content', { signal })
}

export function getMailingListSegments(signal?: AbortSignal): Promise<Segment[]> {
  return apiRequest<Segment[]>('GET', '/flodesk-segments', { signal })
}

export function subscribe(subscription: Subscription): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>('POST', '/subscribe', { body: subscription })
}

export function sendInquiry(inquiry: Inquiry): Promise<{ ok: true; id?: string }> {
  return apiRequest<{ ok: true; id?: string }>('POST', '/contact', { body: inquiry })
}

/** Dates the studio has marked unavailable between two YYYY-MM-DD dates (dates only, no reason). */
export function getUnavailableDates(from: string, to: string): Promise<{ unavailable: string[] }> {
  return apiRequest<{ unavailable: string[] }>('GET', `/availability?from=${from}&to=${to}`)
}
