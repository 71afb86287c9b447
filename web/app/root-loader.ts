// The data every public page shares: site settings (brand, contact, flags), the visible services and image hashes.
import { getImageVersions, getPublicServices, getSiteSettings, summarise } from '../lib/public-api'
import type { RootData } from '../lib/page-context'

export async function rootLoader({ request }: { request: Request }): Promise<RootData> {
  const [settings, services, images] = await Promise.all([
    getSiteSettings(request.signal),
    // Only what every page shows of them: the whole of each service would more than double the page's data.
    getPublicServices(request.signal).then(
      (services) => services.map(summarise),
      (error: unknown) => {
        console.error(error)
        return null
      },
    ),
    getImageVersions(request.signal).catch((error: unknown) => {
      console.error(error)
      return {}
    }),
  ])
  return { settings, services, images }
}
