// The root route's data: site settings (brand, contact, flags) and the visible services for header, footer and home.
import { useRouteLoaderData } from 'react-router-dom'
import { getImageVersions, getPublicServices, getSiteSettings, type Service, type SiteSettings } from '../lib/public-api'
import { deferInBrowser, type Deferred } from '../lib/deferred'
import type { ImageVersions } from '../lib/image-urls'

export interface RootData {
  settings: SiteSettings
  /** null when the services could not be loaded: the parts that list them show nothing. */
  services: Deferred<Service[] | null>
  /** Hashes of the page images, for content-hashed image URLs; empty when they could not be loaded (originals show). */
  images: ImageVersions
}

export async function rootLoader({ request }: { request: Request }): Promise<RootData> {
  const [settings, services, images] = await Promise.all([
    getSiteSettings(request.signal),
    deferInBrowser(() => getPublicServices(request.signal)),
    getImageVersions(request.signal).catch((error: unknown) => {
      console.error(error)
      return {}
    }),
  ])
  return { settings, services: services.value, images }
}

const NO_VERSIONS: ImageVersions = {}

/** The image hashes from the root route's data; none outside it (the dashboard), where originals are shown. */
export function useImageVersions(): ImageVersions {
  return (useRouteLoaderData('root') as RootData | undefined)?.images ?? NO_VERSIONS
}

export function useRootData(): RootData {
  const data = useRouteLoaderData('root') as RootData | undefined
  if (!data) throw new Error('useRootData used outside the root route')
  return data
}
