// Splits hydration into parts, so a large page does not hold a phone's main thread in one long task.
import { Suspense, type ReactNode } from 'react'

/**
 * A part of the page that React hydrates as a task of its own (a Suspense boundary), yielding to the browser
 * between parts instead of holding the main thread for the whole page; a part a visitor touches goes first.
 * Server rendering waits for every boundary, so the fallback is never shown.
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>
}
