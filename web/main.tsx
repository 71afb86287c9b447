// Browser entry. A public page arrives rendered by the server with its data: only that page's code is loaded to
// hydrate it, and links between pages are ordinary page loads. The dashboard at /admin and a client's quote at
// /quote/<token> are client-only apps.
import { hydrateRoot } from 'react-dom/client'
import { publicApp } from './app/public-app'
import type { PageData } from './lib/page-context'

// The web fonts' stylesheet is a build entry of its own that the server links (server/render/page-renderer.ts).
if (import.meta.env.DEV) void import('./styles/fonts.css')

async function start() {
  const container = document.getElementById('root')!
  if (/^\/admin(\/|$)/.test(window.location.pathname)) {
    const { mountAdmin } = await import('./admin/mount')
    mountAdmin(container)
    return
  }
  const quote = /^\/quote\/([A-Za-z0-9_-]{22})\/?$/.exec(window.location.pathname)
  if (quote) {
    const { mountQuote } = await import('./quote/mount')
    mountQuote(container, quote[1]!)
    return
  }
  const json = document.getElementById('page-data')?.textContent
  if (!json) {
    // No server rendering (the Vite dev server): load the page's data here.
    const { renderInBrowser } = await import('./app/render-in-browser')
    await renderInBrowser(container)
    return
  }
  // The server's data (JSON, as CSP allows no inline script): the page hydrates from it and fetches nothing.
  hydrateRoot(container, await publicApp(JSON.parse(json) as PageData | null))
}

void start()
