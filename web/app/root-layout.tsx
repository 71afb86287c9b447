// The frame around every public page: header, main, footer, and scrolling to the address's hash.
import type { ReactNode } from 'react'
import { SiteHeader } from '../components/site-header'
import { SiteFooter } from '../components/site-footer'
import { ScrollToHash } from './scroll-to-hash'
import { HydrateApart } from '../components/hydrate-apart'
import { useRootData } from '../lib/page-context'
import '../styles/global.css'

export function RootLayout({ children }: { children: ReactNode }) {
  const { settings, services } = useRootData()
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ScrollToHash />
      <HydrateApart>
        <SiteHeader settings={settings} />
      </HydrateApart>
      <main id="main" className="site__main" tabIndex={-1}>
        <HydrateApart>{children}</HydrateApart>
      </main>
      <HydrateApart>
        <SiteFooter settings={settings} services={services} />
      </HydrateApart>
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
