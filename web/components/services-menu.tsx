// The header's Services dropdown (Radix menu); its own chunk, loaded when a visitor reaches for it.
import { Link } from 'react-router-dom'
import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { AwaitServices } from './await-services'
import { ChevronDownIcon } from './icons'

export default function ServicesMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
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
