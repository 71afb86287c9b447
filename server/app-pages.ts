// The app's page addresses, for the static routes (server/lib/static.ts): the public pages, the dashboard and a
// client's quote; which of them exist right now; which are client-only.
import type { AppDeps } from './app-deps'
import { clockNow } from './lib/clock'
import { decodePath } from './lib/security'
import type { PageRoutes } from './lib/static'
import { isPublicService } from './services/services.schema'
import { findService } from './services/services.store'
import { readSiteSettings } from './site/site.store'

const PAGE_ADDRESSES =
  /^\/(about|contact|delivery-installation|thank-you|privacy|faq)?\/?$|^\/services\/[^/]+\/?$|^\/admin(\/.*)?$|^\/quote\/[A-Za-z0-9_-]{22}\/?$/

/** A page address: one of the routes above, and decodable (`/services/%ZZ` is no page: 404, never a URIError). */
export const isClientRoute = (path: string): boolean => PAGE_ADDRESSES.test(path) && decodePath(path) !== null

export function pageRoutes(deps: AppDeps): PageRoutes {
  return {
    isPage: (path) => isAppPage(deps, path),
    // The dashboard and a client's quote (personal: never kept anywhere, never indexed) are client-only apps.
    shellOnly: (path) => (/^\/quote\//.test(path) ? 'no-store' : /^\/admin(\/|$)/.test(path) ? 'no-cache' : null),
  }
}

/** Pages that exist right now: feature flags, hidden and scheduled-out services decide, so search engines see a real 404. */
async function isAppPage({ store }: AppDeps, path: string): Promise<boolean> {
  if (!isClientRoute(path)) return false
  const service = /^\/services\/([^/]+)\/?$/.exec(path)
  const about = /^\/about\/?$/.test(path)
  if (!service && !about) return true
  const features = await readSiteSettings(store).then(
    (s) => s.features,
    () => ({ servicesEnabled: true, aboutEnabled: false }),
  )
  if (about) return features.aboutEnabled
  if (!features.servicesEnabled) return false
  const id = decodePath(service![1])
  const found = id === null ? null : await findService(store, id).catch(() => null)
  return Boolean(found && isPublicService(found, clockNow()))
}
