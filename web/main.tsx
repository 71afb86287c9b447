// Browser entry: the data router over the route objects, hydrating server-rendered HTML when there is some.
import { StrictMode, useEffect, type ReactNode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom'
import { routes } from './app/routes'

// The web fonts' stylesheet is a build entry of its own that the server links (server/render/page-renderer.ts).
if (import.meta.env.DEV) void import('./styles/fonts.css')

/** Server-rendered HTML can only hydrate once the matched pages' lazy components are in memory. */
async function loadMatchedLazyRoutes(all: RouteObject[]): Promise<void> {
  const matches = matchRoutes(all, window.location) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      const lazy = route.lazy
      if (!lazy) return
      if (typeof lazy === 'function') Object.assign(route, await lazy(), { lazy: undefined })
      else {
        const parts = await Promise.all(Object.entries(lazy).map(async ([key, load]) => [key, await (load as () => Promise<unknown>)()]))
        Object.assign(route, Object.fromEntries(parts), { lazy: undefined })
      }
    }),
  )
}

/** Announces that the app has rendered or hydrated: web/public/start-after-paint.js then repeats an early tap. */
function Running({ children }: { children: ReactNode }) {
  useEffect(() => {
    // Also visible to browser tests that need the page to be interactive, not just painted.
    document.documentElement.dataset.app = 'running'
    window.dispatchEvent(new Event('app-running'))
  }, [])
  return children
}

async function start() {
  const container = document.getElementById('root')!
  const hydrating = container.firstElementChild !== null
  if (hydrating) await loadMatchedLazyRoutes(routes)
  // The server's loader data (JSON, as CSP allows no inline script): the router starts with it and fetches nothing.
  const data = document.getElementById('router-data')
  if (hydrating && data?.textContent) {
    ;(window as { __staticRouterHydrationData?: unknown }).__staticRouterHydrationData = JSON.parse(data.textContent)
  }
  const router = createBrowserRouter(routes)
  const app = (
    <StrictMode>
      <Running>
        <RouterProvider router={router} />
      </Running>
    </StrictMode>
  )
  if (hydrating) hydrateRoot(container, app)
  else createRoot(container).render(app)
}

void start()
