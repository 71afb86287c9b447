// The mobile menu drawer (Radix dialog), loaded on the first tap of the menu button.
import { useState } from 'react'
import { NavLink } from './nav-link'
import * as Dialog from '@radix-ui/react-dialog'
import type { SiteSettings } from '../lib/public-api'
import { CloseIcon, MenuIcon } from './icons'
import { CorporateLink } from './corporate-link'
import { useRootData } from '../lib/page-context'

export default function MobileMenu({ settings, defaultOpen = false }: { settings: SiteSettings; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen)
  const { services } = useRootData()
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
            <NavLink href="/" end className="site-nav__link" onClick={close}>
              Home
            </NavLink>
            {aboutEnabled && (
              <NavLink href="/about" className="site-nav__link" onClick={close}>
                About
              </NavLink>
            )}
            <NavLink href="/delivery-installation" className="site-nav__link" onClick={close}>
              Delivery &amp; Installation
            </NavLink>
            {/* With services on, Corporate is listed under Services below: one entry, not two. */}
            {!servicesEnabled && <CorporateLink servicesEnabled={servicesEnabled} onClick={close} />}
            {servicesEnabled && (
              <div className="drawer__group">
                <p className="drawer__group-title">Services</p>
                {services?.map((s) => (
                  <NavLink key={s.id} href={`/services/${s.id}`} className="site-nav__link" onClick={close}>
                    {s.title}
                  </NavLink>
                ))}
              </div>
            )}
            <NavLink href="/faq" className="site-nav__link" onClick={close}>
              FAQ
            </NavLink>
          </nav>
          {/* The contact page, once: the menu lists each destination once, and Inquire is it. */}
          <a href="/contact" className="button button--primary button--block" onClick={close}>
            Inquire
          </a>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
