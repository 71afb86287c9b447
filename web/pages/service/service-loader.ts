// The service page's data: the visible service, or the not-found page.
import { findPublicService, getDeliveryZones, getSiteSettings, type Service } from '../../lib/public-api'
import type { DeliveryZone } from '../../../server/pricing/pricing.schema'
import { notFound } from '../../lib/not-found-response'

export interface ServiceData {
  service: Service
  /** The price list's delivery zones for the form's estimate; empty when there are none or they could not be read. */
  deliveryZones: DeliveryZone[]
}

/** Unknown, hidden, unloadable, or service pages switched off: all answer the not-found page. */
export async function serviceLoader({ params, request }: { params: { serviceId?: string }; request: Request }): Promise<ServiceData> {
  const id = params.serviceId ?? ''
  const [settings, service, deliveryZones] = await Promise.all([
    getSiteSettings(request.signal).catch(() => null),
    findPublicService(id, request.signal).catch((error: unknown) => {
      console.error(error)
      return null
    }),
    getDeliveryZones(request.signal).catch(() => []),
  ])
  if (!settings?.features.servicesEnabled || !service) notFound()
  return { service, deliveryZones }
}
