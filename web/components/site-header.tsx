// The sticky site header: brand, main links, the Services dropdown, Inquire, and a mobile menu drawer.
import { useState } from 'react'
import { Link, NavLink } from 'react-router-dom'
import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
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

function ServicesDropdown() {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="site-nav__link site-nav__trigger">
        Services <ChevronDownIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="services-menu" align="start" sideOffset={10} loop>
          <AwaitServices fallback={<p className="services-menu__note">Loading services...</p>}>
            {(services) =>
              services?.length ? (
                services.map((s) => (
                  <DropdownMenu.Item key={s.id} asChild className="services-menu__item">
                    <Link to={`/services/${s.id}`}>{s.title}</Link>
                  </DropdownMenu.Item>
                ))
              ) : (
                <p className="services-menu__note">No services to show right now.</p>
              )
            }
          </AwaitServices>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
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
