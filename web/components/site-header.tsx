// The sticky site header: brand, main links, the Services dropdown, Inquire, and a mobile menu drawer.
import { lazy } from 'react'
import { Link, NavLink } from 'react-router-dom'
import type { Service, SiteSettings } from '../lib/public-api'
import type { Deferred } from '../lib/deferred'
import { findCorporateService, serviceHref } from '../lib/paths'
import { AwaitServices } from './await-services'
import { BalloonMark, ChevronDownIcon, MenuIcon } from './icons'
import { LoadOnUse } from './load-on-use'
import './site-header.css'

interface HeaderProps {
  settings: SiteSettings
  services: Deferred<Service[] | null>
}

export const navClass = ({ isActive }: { isActive: boolean }) => `site-nav__link${isActive ? ' is-active' : ''}`

export function SiteHeader({ settings }: HeaderProps) {
  const { servicesEnabled, aboutEnabled } = settings.features
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="brand" aria-label={`${settings.brand.name}, home`}>
          <BalloonMark />
          <span className="brand__name">{settings.brand.name}</span>
        </Link>

        <nav className="site-nav" aria-label="Main">
          <NavLink to="/" end className={navClass}>
            Home
          </NavLink>
          {aboutEnabled && (
            <NavLink to="/about" className={navClass}>
              About
            </NavLink>
          )}
          <NavLink to="/delivery-installation" className={navClass}>
            Delivery &amp; Installation
          </NavLink>
          <CorporateLink servicesEnabled={servicesEnabled} />
          {servicesEnabled && <ServicesDropdown />}
        </nav>

        <div className="site-header__actions">
          <Link to="/contact" className="button button--primary button--small site-header__inquire">
            Inquire
          </Link>
          <MobileMenuButton settings={settings} />
        </div>
      </div>
    </header>
  )
}

/** Shown only while a visible service titled Corporate exists. */
export function CorporateLink({ servicesEnabled, onClick }: { servicesEnabled: boolean; onClick?: () => void }) {
  return (
    <AwaitServices>
      {(services) => {
        const corporate = findCorporateService(services)
        return corporate ? (
          <NavLink to={serviceHref(corporate.id, servicesEnabled)} className={navClass} onClick={onClick}>
            Corporate
          </NavLink>
        ) : null
      }}
    </AwaitServices>
  )
}

const loadServicesMenu = () => import('./services-menu')
const ServicesMenu = lazy(loadServicesMenu)
const loadMobileMenu = () => import('./mobile-menu')
const MobileMenu = lazy(loadMobileMenu)

/** The Radix menu, with its positioning library, loads when a visitor reaches for it: ~15 KB gzip off first load. */
function ServicesDropdown() {
  const button = { className: 'site-nav__link site-nav__trigger', 'aria-haspopup': 'menu' as const, 'aria-expanded': false, children: <>Services <ChevronDownIcon /></> }
  return (
    <LoadOnUse load={loadServicesMenu} button={button}>
      {() => <ServicesMenu defaultOpen />}
    </LoadOnUse>
  )
}

function MobileMenuButton({ settings }: { settings: SiteSettings }) {
  const button = { className: 'menu-button', 'aria-label': 'Open menu', 'aria-haspopup': 'dialog' as const, children: <MenuIcon width={24} height={24} /> }
  return (
    <LoadOnUse load={loadMobileMenu} button={button}>
      {() => <MobileMenu settings={settings} defaultOpen />}
    </LoadOnUse>
  )
}
