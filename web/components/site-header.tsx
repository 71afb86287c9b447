// The sticky site header: brand, main links, the Services dropdown, FAQ and Contact, Inquire, and a mobile menu drawer.
import { lazy } from 'react'
import { CorporateLink } from './corporate-link'
import { NavLink } from './nav-link'
import type { SiteSettings } from '../lib/public-api'
import { BalloonMark, ChevronDownIcon, MenuIcon } from './icons'
import { LoadOnUse } from './load-on-use'
import './site-header.css'

export function SiteHeader({ settings }: { settings: SiteSettings }) {
  const { servicesEnabled, aboutEnabled } = settings.features
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <a href="/" className="brand" aria-label={`${settings.brand.name}, home`}>
          <BalloonMark />
          <span className="brand__name">{settings.brand.name}</span>
        </a>

        <nav className="site-nav" aria-label="Main">
          <NavLink href="/" end className="site-nav__link">
            Home
          </NavLink>
          {aboutEnabled && (
            <NavLink href="/about" className="site-nav__link">
              About
            </NavLink>
          )}
          <NavLink href="/delivery-installation" className="site-nav__link">
            Delivery &amp; Installation
          </NavLink>
          <CorporateLink servicesEnabled={servicesEnabled} />
          {servicesEnabled && <ServicesDropdown />}
          <NavLink href="/faq" className="site-nav__link">
            FAQ
          </NavLink>
          <NavLink href="/contact" className="site-nav__link">
            Contact
          </NavLink>
        </nav>

        <div className="site-header__actions">
          <a href="/contact" className="button button--primary button--small site-header__inquire">
            Inquire
          </a>
          <MobileMenuButton settings={settings} />
        </div>
      </div>
    </header>
  )
}

const loadServicesMenu = () => import('./services-menu')
const ServicesMenu = lazy(loadServicesMenu)
const loadMobileMenu = () => import('./mobile-menu')
const MobileMenu = lazy(loadMobileMenu)

/** The Radix menu, with its positioning library, loads when a visitor reaches for it: ~15 KB gzip off first load. */
function ServicesDropdown() {
  const button = {
    className: 'site-nav__link site-nav__trigger',
    'aria-haspopup': 'menu' as const,
    'aria-expanded': false,
    children: (
      <>
        Services <ChevronDownIcon />
      </>
    ),
  }
  return (
    <LoadOnUse load={loadServicesMenu} button={button}>
      {(byKeyboard) => <ServicesMenu defaultOpen focusFirst={byKeyboard} />}
    </LoadOnUse>
  )
}

function MobileMenuButton({ settings }: { settings: SiteSettings }) {
  const button = {
    className: 'menu-button',
    'aria-label': 'Open menu',
    'aria-haspopup': 'dialog' as const,
    children: <MenuIcon width={24} height={24} />,
  }
  return (
    <LoadOnUse load={loadMobileMenu} button={button}>
      {() => <MobileMenu settings={settings} defaultOpen />}
    </LoadOnUse>
  )
}
