// The root route's data: site settings (brand, contact, flags) and the visible services for header, footer and home.
import { useRouteLoaderData } from 'react-router-dom'
import { getPublicServices, getSiteSettings, type Service, type SiteSettings } from '../lib/public-api'
import { deferInBrowser, type Deferred } from '../lib/deferred'

export interface RootData {
  settings: SiteSettings
  /** null when the services could not be loaded: the parts that list them show nothing. */
  services: Deferred<Service[] | null>
}

export async function rootLoader({ request }: { request: Request }): Promise<RootData> {
  const [settings, services] = await Promise.all([
    getSiteSettings(request.signal),
    deferInBrowser(() => getPublicServices(request.signal)),
  ])
  return { settings, services: services.value }
}

export function useRootData(): RootData {
  const data = useRouteLoaderData('root') as RootData | undefined
  if (!data) throw new Error('useRootData used outside the root route')
  return data
}
