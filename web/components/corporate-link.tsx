// The header's and phone menu's Corporate link: shown only while a visible service titled Corporate exists.
import { findCorporateService, serviceHref } from '../lib/paths'
import { useRootData } from '../lib/page-context'
import { NavLink } from './nav-link'

export function CorporateLink({ servicesEnabled, onClick }: { servicesEnabled: boolean; onClick?: () => void }) {
  const corporate = findCorporateService(useRootData().services)
  return corporate ? (
    <NavLink href={serviceHref(corporate.id, servicesEnabled)} className="site-nav__link" onClick={onClick}>
      Corporate
    </NavLink>
  ) : null
}
