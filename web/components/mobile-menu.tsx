// The mobile menu drawer (Radix dialog), loaded on the first tap of the menu button.
import { useState } from 'react'
import { Link, NavLink } from 'react-router-dom'
import * as Dialog from '@radix-ui/react-dialog'
import type { SiteSettings } from '../lib/public-api'
import { AwaitServices } from './await-services'
import { CloseIcon, MenuIcon } from './icons'
import { CorporateLink, navClass } from './site-header'

export default function MobileMenu({ settings, defaultOpen = false }: { settings: SiteSettings; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen)
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
