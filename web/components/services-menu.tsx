// The header's Services dropdown (Radix menu); its own chunk, loaded when a visitor reaches for it.
import { useEffect, useRef } from 'react'
import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { ChevronDownIcon } from './icons'
import { useRootData } from '../lib/page-context'

/** `focusFirst`: opened from the keyboard before the menu was loaded, so it focuses its first service as Radix would. */
export default function ServicesMenu({ defaultOpen = false, focusFirst = false }: { defaultOpen?: boolean; focusFirst?: boolean }) {
  const { services } = useRootData()
  const content = useRef<HTMLDivElement>(null)
  useEffect(() => {
    // After Radix has put focus on the menu itself.
    if (focusFirst) requestAnimationFrame(() => content.current?.querySelector<HTMLElement>('[role=menuitem]')?.focus())
  }, [focusFirst])
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className="site-nav__link site-nav__trigger">
        Services <ChevronDownIcon />
      </DropdownMenu.Trigger>
      {/* Kept in the header's navigation (no portal to the end of <body>), so the open menu stays inside a landmark. */}
      <DropdownMenu.Content ref={content} className="services-menu" align="start" sideOffset={10} collisionPadding={12} loop>
        {services?.length ? (
          services.map((s) => (
            <DropdownMenu.Item key={s.id} asChild className="services-menu__item">
              <a href={`/services/${s.id}`}>{s.title}</a>
            </DropdownMenu.Item>
          ))
        ) : (
          <p className="services-menu__note">No services to show right now.</p>
        )}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  )
}
