// Keeps document.title in step with the matched route's handle.title (the server renderer reads the same handles).
import { useEffect } from 'react'
import { Outlet, useMatches } from 'react-router-dom'
import { documentTitle } from './titles'
import { useRootData } from './root-loader'

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title
  }, [title])
}

/** Wraps the pages; when a page fails, the not-found element replaces this and sets its own title. */
export function TitledOutlet() {
  const matches = useMatches()
  const { settings } = useRootData()
  useDocumentTitle(documentTitle(matches, settings.brand.name))
  return <Outlet />
}
