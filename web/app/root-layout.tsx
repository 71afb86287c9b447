// The frame around every public page: header, main, footer, and scroll handling.
import { Outlet } from 'react-router-dom'
import { SiteHeader } from '../components/site-header'
import { SiteFooter } from '../components/site-footer'
import { ScrollManager } from './scroll-manager'
import { useRootData } from './root-loader'
import '../styles/global.css'

export function RootLayout() {
  const { settings, services } = useRootData()
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ScrollManager />
      <SiteHeader settings={settings} services={services} />
      <main id="main" className="site__main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter settings={settings} services={services} />
    </div>
  )
}

/** Shown only while the very first page's data loads in the browser (no server-rendered HTML). */
export function RootHydrateFallback() {
  return (
    <div className="site site--loading" aria-busy="true">
      <div className="site-loading" role="status">
        <span className="site-loading__dot" />
        <span className="visually-hidden">Loading...</span>
      </div>
    </div>
  )
}

/** The site settings could not be loaded, so not even the header can be drawn. */
export function RootErrorPage() {
  return (
    <div className="site site--error">
      <section className="root-error" role="alert">
        <h1>We couldn't load the site.</h1>
        <p>Please check your connection and refresh the page.</p>
        <a className="button button--primary" href="/">
          Try again
        </a>
      </section>
    </div>
  )
}
