// Renders a part of the page from the visible services, which every public page's data holds.
import type { ReactNode } from 'react'
import { useRootData } from '../app/page-context'
import type { ServiceSummary } from '../lib/public-api'

export function WithServices({ children }: { /** Called with the visible services, or null when they failed to load. */ children: (services: ServiceSummary[] | null) => ReactNode }) {
  return children(useRootData().services)
}
