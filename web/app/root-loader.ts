// The data every public page shares: site settings (brand, contact, flags), the visible services and image hashes.
import { getImageVersions, getPublicServices, getSiteSettings } from '../lib/public-api'
import type { RootData } from './page-context'

export async function rootLoader({ request }: { request: Request }): Promise<RootData> {
  const [settings, services, images] = await Promise.all([
    getSiteSettings(request.signal),
    getPublicServices(request.signal).catch((error: unknown) => {
      console.error(error)
      return null
    }),
    getImageVersions(request.signal).catch((error: unknown) => {
      console.error(error)
      return {}
    }),
  ])
  return { settings, services, images }
}
