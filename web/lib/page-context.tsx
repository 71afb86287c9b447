// The data a server-rendered public page was drawn from; the browser hydrates the same page from the same data.
import { createContext, useContext, type ReactNode } from 'react'
import type { ImageVersions } from './image-urls'
import type { ServiceSummary, SiteSettings } from './public-api'

/** The public pages (web/app/public-routes.ts maps each to its path and loader), and the not-found page. */
export type PublicRouteId = 'home' | 'service' | 'about' | 'contact' | 'delivery' | 'thank-you' | 'privacy' | 'faq' | 'not-found'

/** What every public page shares: the site settings and the visible services for header, footer and home. */
export interface RootData {
  settings: SiteSettings
  /** null when the services could not be loaded: the parts that list them show nothing. */
  services: ServiceSummary[] | null
  /** Hashes of the page images, for content-hashed image URLs; empty when they could not be loaded (originals show). */
  images: ImageVersions
}

export interface PageData<P = unknown> {
  /** The page shown: a route's id, or 'not-found'. */
  route: PublicRouteId
  /** The address the page was rendered for (the header marks its link as current). */
  path: string
  root: RootData
  /** The page's own data (its loader's answer). */
  page: P
}

const PageContext = createContext<PageData | null>(null)

export function PageDataProvider({ data, children }: { data: PageData; children: ReactNode }) {
  return <PageContext.Provider value={data}>{children}</PageContext.Provider>
}

function usePage(): PageData {
  const data = useContext(PageContext)
  if (!data) throw new Error('A public page component was used outside PageDataProvider')
  return data
}

export const useRootData = (): RootData => usePage().root
export const usePageData = <P,>(): P => usePage().page as P
export const useCurrentPath = (): string => usePage().path

const NO_VERSIONS: ImageVersions = {}

/** The image hashes of the public page; none outside one (the dashboard), where originals are shown. */
export function useImageVersions(): ImageVersions {
  return useContext(PageContext)?.root.images ?? NO_VERSIONS
}
