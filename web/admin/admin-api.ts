// Every call the dashboard makes, built on the shared api-client (the only place that calls fetch).
import { apiRequest, ApiError, headUrl } from '../lib/api-client'
import { apiUpload } from '../lib/api-upload'
import type { Service, ServiceImage, ServiceUpdate, NewService } from '../../server/services/services.schema'
import type { Testimonial, TestimonialInput } from '../../server/testimonials/testimonials.schema'
import type { DeliveryContent } from '../../server/delivery/delivery.schema'
import type { SiteSettings } from '../../server/site/site.schema'
import type { FaqItem, FaqItemInput } from '../../server/faq/faq.schema'

export type { Service, ServiceImage, Testimonial, TestimonialInput, DeliveryContent }

type Method = Parameters<typeof apiRequest>[0]

const manage = <T>(method: Method, path: string, body?: unknown): Promise<T> =>
  apiRequest<T>(method, path, body === undefined ? {} : { body })

/** The server's own words for a refused request (400/409), or null for failures a person cannot act on. */
export function serverMessage(error: unknown): string | null {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) {
    return error.message
  }
  return null
}

// Session

export async function checkAuth(): Promise<boolean> {
  try {
    await apiRequest('GET', '/check-auth', { unauthorizedIsAnswer: true })
    return true
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return false
    throw error
  }
}

export const login = (username: string, password: string) =>
  apiRequest<{ ok: true }>('POST', '/login', { body: { username, password }, unauthorizedIsAnswer: true })

export const logout = () => apiRequest<{ ok: true }>('POST', '/logout')

export const getSiteSettings = () => apiRequest<SiteSettings & { version?: string }>('GET', '/site-settings')
/** Sends the version the edit was based on: settings changed elsewhere since answer 409. */
export const saveSiteSettings = (settings: SiteSettings & { baseVersion?: string }) =>
  manage<SiteSettings & { version: string }>('PUT', '/site-settings', settings)

/** The server's clock (schedules are judged by it; FAKE_NOW may move it for a preview). */
export const getServerClock = () => manage<{ now: string; moved: boolean }>('GET', '/admin/clock')

// Services

export const getServices = () => manage<Service[]>('GET', '/services')
export const createService = (draft: NewService) => manage<Service>('POST', '/services', draft)
export const updateService = (id: string, update: ServiceUpdate) => manage<Service>('PUT', `/services/${encodeURIComponent(id)}`, update)
export const deleteService = (id: string) => manage<{ ok: true }>('DELETE', `/services/${encodeURIComponent(id)}`)
export const saveServiceImages = (id: string, images: ServiceImage[]) =>
  manage<Service>('PUT', `/services/${encodeURIComponent(id)}/images`, { images })
export const saveServiceOrder = (ids: string[]) => manage<string[]>('PUT', '/service-order', ids)

// Uploads

export interface CropArea {
  x: number
  y: number
  width: number
  height: number
}

/**
 * Sends the picture once, as picked, with the crop for the server to cut (no slow canvas work on a phone), reporting
 * the bytes sent; the cleaned original is kept beside the crop when asked. Answers the crop's URL (and the original's).
 */
export function uploadCroppedImage(
  file: File,
  fileName: string,
  crop: CropArea,
  options: { keepOriginal?: boolean; onProgress?: (fraction: number) => void } = {},
): Promise<{ url: string; original?: string }> {
  const form = new FormData()
  form.append('crop', JSON.stringify(crop))
  if (options.keepOriginal) form.append('keepOriginal', 'true')
  form.append('image', file, fileName)
  return apiUpload('/upload', form, { onProgress: options.onProgress })
}

const IMAGE_POLL_INTERVAL_MS = 300
const IMAGE_POLL_TIMEOUT_MS = 15_000

/** Resolves once the URL answers a HEAD with an image content type; rejects after the timeout. */
export async function waitUntilServed(url: string, timeoutMs = IMAGE_POLL_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      const res = await headUrl(url)
      if (res.ok && (res.headers.get('content-type') ?? '').startsWith('image/')) return
    } catch {
      // not reachable yet: keep polling until the deadline
    }
    if (Date.now() + IMAGE_POLL_INTERVAL_MS > deadline) throw new Error(`Timed out waiting for ${url}`)
    await new Promise((resolve) => setTimeout(resolve, IMAGE_POLL_INTERVAL_MS))
  }
}

/** Only files under /uploads/ are deleted; a full URL is first reduced to its path. */
function uploadPath(url: string): string | null {
  let path = url
  try {
    path = new URL(url, window.location.origin).pathname
  } catch {
    return null
  }
  return path.startsWith('/uploads/') ? path : null
}

export async function deleteUpload(url: string): Promise<void> {
  const path = uploadPath(url)
  if (path) await manage('DELETE', '/upload', { url: path })
}

// Testimonials

export type VersionedTestimonial = Testimonial & { version?: string }
export const getTestimonials = () => apiRequest<VersionedTestimonial[]>('GET', '/testimonials')
export const addTestimonial = (input: TestimonialInput) => manage<VersionedTestimonial>('POST', '/testimonials', input)
/** Sends the version the edit was based on: a testimonial changed elsewhere since answers 409. */
export const updateTestimonial = ({ id, version, ...fields }: VersionedTestimonial) =>
  manage<VersionedTestimonial>('PUT', `/testimonials/${encodeURIComponent(id)}`, { ...fields, baseVersion: version })
export const deleteTestimonial = (id: string) => manage<{ ok: true }>('DELETE', `/testimonials/${encodeURIComponent(id)}`)

// FAQ

export const getFaq = () => manage<{ items: FaqItem[]; version: string }>('GET', '/admin/faq')
/** The whole list in page order; questions without an id are new. A list changed elsewhere since answers 409. */
export const saveFaq = (items: FaqItemInput[], baseVersion?: string) =>
  manage<{ items: FaqItem[]; version: string }>('PUT', '/faq', { items, baseVersion })

// Delivery & installation page

export const getDeliveryContent = () => apiRequest<DeliveryContent & { version?: string }>('GET', '/delivery-installation-content')
export const saveDeliveryContent = (content: DeliveryContent & { baseVersion?: string }) =>
  manage<DeliveryContent & { version?: string }>('PUT', '/delivery-installation-content', content)
