// The sticky site header: brand, main links, the Services dropdown, Inquire, and a mobile menu drawer.
import { lazy, Suspense, useState } from 'react'
import { Link, NavLink } from 'react-router-dom'
import * as Dialog from '@radix-ui/react-dialog'
import type { Service, SiteSettings } from '../lib/public-api'
import type { Deferred } from '../lib/deferred'
import { findCorporateService, serviceHref } from '../lib/paths'
import { AwaitServices } from './await-services'
import { BalloonMark, ChevronDownIcon, CloseIcon, MenuIcon } from './icons'
import './site-header.css'

interface HeaderProps {
  settings: SiteSettings
  services: Deferred<Service[] | null>
}

const navClass = ({ isActive }: { isActive: boolean }) => `site-nav__link${isActive ? ' is-active' : ''}`

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
          <MobileMenu settings={settings} />
        </div>
      </div>
    </header>
  )
}

/** Shown only while a visible service titled Corporate exists. */
function CorporateLink({ servicesEnabled, onClick }: { servicesEnabled: boolean; onClick?: () => void }) {
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

/**
 * A plain button until a visitor reaches for it (hover, focus or tap); then the Radix menu, with its positioning
 * library, loads and takes its place, open if it was clicked. Keeps ~15 KB gzip off every page's first load.
 */
function ServicesDropdown() {
  const [active, setActive] = useState<{ open: boolean } | null>(null)
  const trigger = (
    <button
      type="button"
      className="site-nav__link site-nav__trigger"
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadServicesMenu()}
      onFocus={() => void loadServicesMenu()}
      onClick={() => setActive({ open: true })}
    >
      Services <ChevronDownIcon />
    </button>
  )
  if (!active) return trigger
  return (
    <Suspense fallback={trigger}>
      <ServicesMenu defaultOpen={active.open} />
    </Suspense>
  )
}

function MobileMenu({ settings }: { settings: SiteSettings }) {
  const [open, setOpen] = useState(false)
  const { servicesEnabled, aboutEnabled } = settings.features
  const close = () => setOpen(false)
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="menu-button" aria-label="Open menu">
        <MenuIcon width={24} height={24} />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer-overlay" />
        <Dialog.Content className="drawer" aria-describedby={undefined}>
          <div className="drawer__head">
            <Dialog.Title className="drawer__title">Menu</Dialog.Title>
            <Dialog.Close className="menu-button" aria-label="Close menu">
              <CloseIcon width={24} height={24} />
            </Dialog.Close>
          </div>
          <nav aria-label="Mobile" className="drawer__nav">
            <NavLink to="/" end className={navClass} onClick={close}>
              Home
            </NavLink>
            {aboutEnabled && (
              <NavLink to="/about" className={navClass} onClick={close}>
                About
              </NavLink>
            )}
            <NavLink to="/delivery-installation" className={navClass} onClick={close}>
              Delivery &amp; Installation
            </NavLink>
            <CorporateLink servicesEnabled={servicesEnabled} onClick={close} />
            {servicesEnabled && (
              <div className="drawer__group">
                <p className="drawer__group-title">Services</p>
                <AwaitServices fallback={<p className="drawer__note">Loading services...</p>}>
                  {(services) =>
                    services?.map((s) => (
                      <NavLink key={s.id} to={`/services/${s.id}`} className={navClass} onClick={close}>
                        {s.title}
                      </NavLink>
                    ))
                  }
                </AwaitServices>
              </div>
            )}
          </nav>
          <Link to="/contact" className="button button--primary button--block" onClick={close}>
            Inquire
          </Link>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
