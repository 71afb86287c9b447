// Renders a public page in the browser when the server sent none (the Vite dev server): the same loaders and page
// components as server rendering, with a loading state while the data arrives.
import { createRoot } from 'react-dom/client'
import { loadPage } from './public-routes'
import { publicApp } from './public-app'

export async function renderInBrowser(container: HTMLElement): Promise<void> {
  const root = createRoot(container)
  root.render(
    <div className="site site--loading" aria-busy="true">
      <div className="site-loading" role="status">
        <span className="site-loading__dot" />
        <span className="visually-hidden">Loading...</span>
      </div>
    </div>,
  )
  const loaded = await loadPage(new Request(window.location.href))
  document.title = loaded.title
  root.render(await publicApp(loaded.data))
}
