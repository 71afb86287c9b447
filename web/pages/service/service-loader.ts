// The service page's data: the visible service, or the not-found page.
import { findPublicService, getSiteSettings, type Service } from '../../lib/public-api'
import { notFound } from '../../lib/not-found-response'

export interface ServiceData {
  service: Service
}

/** Unknown, hidden, unloadable, or service pages switched off: all answer the not-found page. */
export async function serviceLoader({ params, request }: { params: { serviceId?: string }; request: Request }): Promise<ServiceData> {
  const id = params.serviceId ?? ''
  const [settings, service] = await Promise.all([
    getSiteSettings(request.signal).catch(() => null),
    findPublicService(id, request.signal).catch((error: unknown) => {
      console.error(error)
      return null
    }),
  ])
  if (!settings?.features.servicesEnabled || !service) notFound()
  return { service }
}
