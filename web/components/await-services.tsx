// Renders a part of the page from the root loader's services, with a fallback while they load.
import { Suspense, type ReactNode } from 'react'
import { Await } from 'react-router-dom'
import { useRootData } from '../app/root-loader'
import type { Service } from '../lib/public-api'

export function AwaitServices({
  fallback = null,
  children,
}: {
  fallback?: ReactNode
  /** Called with the visible services, or null when they failed to load. */
  children: (services: Service[] | null) => ReactNode
}) {
  const { services } = useRootData()
  return (
    <Suspense fallback={fallback}>
      <Await resolve={services}>{(loaded: Service[] | null) => children(loaded)}</Await>
    </Suspense>
  )
}
