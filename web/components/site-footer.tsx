// The site footer: brand, quick links, visible services, contact details, social links and the mailing-list sign-up.
import type { ServiceSummary, SiteSettings } from '../lib/public-api'
import { serviceHref } from '../lib/paths'
import { BalloonMark, MailIcon, PhoneIcon, PinIcon } from './icons'
import { socialLinks } from './social-links'
import { MailingListDialog } from './mailing-list-dialog'
import './site-footer.css'

export function SiteFooter({ settings, services }: { settings: SiteSettings; services: ServiceSummary[] | null }) {
  const { brand, contact, social, features } = settings
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <a href="/" className="brand brand--light">
            <BalloonMark />
            <span className="brand__name">{brand.name}</span>
          </a>
          {brand.tagline && <p className="site-footer__tagline">{brand.tagline}</p>}
          <div className="site-footer__social">
            {socialLinks(social).map(({ name, href, Icon }) => (
              <a key={name} href={href} className="social-link" target="_blank" rel="noopener noreferrer" aria-label={name}>
                <Icon />
              </a>
            ))}
          </div>
          <MailingListDialog triggerClassName="button button--outline-light site-footer__join" label="Sign up for our newsletter" />
        </div>

        <nav className="site-footer__col" aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="site-footer__heading">
            Quick Links
          </h2>
          <ul>
            <li>
              <a href="/">Home</a>
            </li>
            {features.aboutEnabled && (
              <li>
                <a href="/about">About</a>
              </li>
            )}
            <li>
              <a href="/delivery-installation">Delivery &amp; Installation</a>
            </li>
            <li>
              <a href="/faq">FAQ</a>
            </li>
            <li>
              <a href="/contact">Contact</a>
            </li>
          </ul>
        </nav>

        {services?.length ? (
          <nav className="site-footer__col" aria-labelledby="footer-services">
            <h2 id="footer-services" className="site-footer__heading">
              Services
            </h2>
            <ul>
              {services.map((s) => (
                <li key={s.id}>
                  <a href={serviceHref(s.id, features.servicesEnabled)}>{s.title}</a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}

        <div className="site-footer__col">
          <h2 className="site-footer__heading">Contact</h2>
          <ul className="site-footer__contact">
            <li>
              <MailIcon />
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </li>
            <li>
              <PhoneIcon />
              <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>
            </li>
            {contact.area && (
              <li>
                <PinIcon />
                <span>{contact.area}</span>
              </li>
            )}
          </ul>
          {contact.hours && <p className="site-footer__hours">{contact.hours}</p>}
        </div>
      </div>
      <div className="container site-footer__bottom">
        <p>
          © {new Date().getFullYear()} {brand.name} · {contact.area}
        </p>
        <a href="/privacy">Privacy: no cookies, no tracking</a>
      </div>
    </footer>
  )
}
