// Contact: a path straight to each service's quote form, then e-mail and phone buttons and social links.
import { useRootData } from '../../lib/page-context'
import { MailIcon, PhoneIcon } from '../../components/icons'
import { socialLinks } from '../../components/social-links'
import '../content-page.css'

export function ContactPage() {
  const { settings, services } = useRootData()
  const { contact, social, features } = settings
  return (
    <div className="content-page">
      <header className="page-intro">
        <div className="container">
          <p className="eyebrow">{settings.pages.contactEyebrow}</p>
          <h1 className="page-intro__title">{settings.pages.contactTitle}</h1>
          <p className="page-intro__lead">{settings.pages.contactLead}</p>
        </div>
      </header>
      <div className="container contact-layout">
        {/* The quote comes first (the hero's "Get a Quote" lands here): each service opens straight at its form. */}
        {features.servicesEnabled && services?.length ? (
          <section className="contact-services" aria-labelledby="contact-quote">
            <h2 id="contact-quote">{settings.pages.contactQuoteTitle}</h2>
            <p>{settings.pages.contactQuoteText}</p>
            <ul>
              {services.map((s) => (
                <li key={s.id}>
                  <a href={`/services/${s.id}#inquiry`}>{s.title}</a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section className="contact-card" aria-labelledby="contact-reach">
          <h2 id="contact-reach">{settings.pages.contactReachTitle}</h2>
          <div className="contact-card__buttons">
            <a href={`mailto:${contact.email}`} className="button button--primary">
              <MailIcon /> Email {contact.email}
            </a>
            <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} className="button button--outline contact-card__phone">
              <PhoneIcon /> Call {contact.phone}
            </a>
          </div>
          {contact.hours && <p className="contact-card__hours">{contact.hours}</p>}
          <h2 className="contact-card__social-title">{settings.pages.contactSocialTitle}</h2>
          <div className="contact-card__social">
            {socialLinks(social).map(({ name, href, Icon }) => (
              <a key={name} href={href} className="social-pill" target="_blank" rel="noopener noreferrer">
                <Icon /> {name}
              </a>
            ))}
          </div>
        </section>
      </div>
    </div>
  )
}
