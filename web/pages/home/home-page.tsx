// Home: hero, the services grid, why choose us, testimonials, mailing list and a contact call to action.
import type { ServiceSummary, SiteSettings, Testimonial } from '../../lib/public-api'
import { usePageData, useRootData } from '../../lib/page-context'
import { HydrateApart } from '../../components/hydrate-apart'
import { MAX_TESTIMONIALS } from '../../lib/testimonial-count'
import type { HomeData } from './home-loader'
import { ServiceCard } from '../../components/service-card'
import { HERO_SIZES, ResponsiveImage } from '../../components/responsive-image'
import { MailingListDialog } from '../../components/mailing-list-dialog'
import { PaletteIcon, SparkleIcon, TruckIcon } from '../../components/icons'
import './home.css'

export function HomePage() {
  const { testimonials } = usePageData<HomeData>()
  const { settings, services } = useRootData()
  return (
    <>
      <Hero />
      <section className="section home-services" id="services" aria-labelledby="services-title">
        <div className="container">
          <header className="section__head">
            <p className="eyebrow">{settings.pages.servicesEyebrow}</p>
            <h2 className="section__title" id="services-title">
              {settings.pages.servicesTitle}
            </h2>
            <p className="section__lead">{settings.pages.servicesLead}</p>
          </header>
          {services?.length ? <ServicesGrid services={services} servicesEnabled={settings.features.servicesEnabled} /> : null}
        </div>
      </section>
      <HydrateApart>
        <WhyChoose brand={settings.brand.name} items={settings.why} eyebrow={settings.pages.whyEyebrow} />
      </HydrateApart>
      {testimonials.length > 0 && (
        <HydrateApart>
          <Testimonials testimonials={testimonials} pages={settings.pages} />
        </HydrateApart>
      )}
      <HydrateApart>
        <ContactCta pages={settings.pages} />
      </HydrateApart>
    </>
  )
}

function Hero() {
  const { hero } = useRootData().settings
  // The spec's outline button goes to /services, which is the services grid on this page.
  const secondaryHref = hero.secondaryHref === '/services' ? '/#services' : hero.secondaryHref
  return (
    <section className="hero" aria-labelledby="hero-title">
      <ResponsiveImage
        className="hero__image"
        src={hero.image}
        alt={hero.imageAlt}
        width={1920}
        height={1000}
        sizes={HERO_SIZES}
        fetchPriority="high"
      />
      <div className="hero__veil" />
      <div className="container hero__content">
        <div className="hero__panel">
          <h1 className="hero__title" id="hero-title">
            {hero.title}
          </h1>
          {hero.subtitle && <p className="hero__subtitle">{hero.subtitle}</p>}
          <div className="hero__actions">
            <a href={hero.primaryHref} className="button button--primary">
              {hero.primaryLabel}
            </a>
            {hero.secondaryLabel && (
              <a href={secondaryHref} className="button button--outline-light">
                {hero.secondaryLabel}
              </a>
            )}
          </div>
        </div>
      </div>
    </section>
  )
}

function ServicesGrid({ services, servicesEnabled }: { services: ServiceSummary[]; servicesEnabled: boolean }) {
  return (
    <div className="services-grid">
      {services.map((s) => (
        <HydrateApart key={s.id}>
          <ServiceCard service={s} servicesEnabled={servicesEnabled} />
        </HydrateApart>
      ))}
    </div>
  )
}

/** The owner writes the items (site settings); the icons take turns. */
const WHY_ICONS = [SparkleIcon, PaletteIcon, TruckIcon]

function WhyChoose({ brand, items, eyebrow }: { brand: string; items: SiteSettings['why']; eyebrow: string }) {
  return (
    <section className="section why" aria-labelledby="why-title">
      <div className="container">
        <header className="section__head">
          <p className="eyebrow">{eyebrow}</p>
          <h2 className="section__title" id="why-title">
            Why Choose {brand}
          </h2>
        </header>
        <ul className="why__grid">
          {items.map(({ title, text }, i) => {
            const Icon = WHY_ICONS[i % WHY_ICONS.length]
            return (
              <li key={`${i}-${title}`} className="why__item">
                <span className="why__icon">
                  <Icon width={26} height={26} />
                </span>
                <h3 className="why__title">{title}</h3>
                <p className="why__text">{text}</p>
              </li>
            )
          })}
        </ul>
      </div>
    </section>
  )
}

function Testimonials({ testimonials, pages }: { testimonials: Testimonial[]; pages: SiteSettings['pages'] }) {
  return (
    <section className="section testimonials" aria-labelledby="testimonials-title">
      <div className="container">
        <header className="section__head">
          <p className="eyebrow">{pages.testimonialsEyebrow}</p>
          <h2 className="section__title" id="testimonials-title">
            {pages.testimonialsTitle}
          </h2>
        </header>
        <ul className={`testimonials__grid${testimonials.length < MAX_TESTIMONIALS ? ' testimonials__grid--centred' : ''}`}>
          {testimonials.map((t) => (
            <li key={t.id} className="testimonial">
              <figure>
                <span className="testimonial__mark" aria-hidden="true">
                  “
                </span>
                <blockquote className="testimonial__quote">{t.quote}</blockquote>
                <figcaption className="testimonial__by">
                  {t.photo && (
                    <img
                      className="testimonial__photo"
                      src={t.photo}
                      alt={t.photoAlt ?? ''}
                      width={56}
                      height={56}
                      loading="lazy"
                      decoding="async"
                    />
                  )}
                  <span className="testimonial__author">{t.author}</span>
                  {t.position && <span className="testimonial__position">{t.position}</span>}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

function ContactCta({ pages }: { pages: SiteSettings['pages'] }) {
  return (
    <section className="section cta" aria-labelledby="cta-title">
      <div className="container">
        <div className="cta__panel">
          <div className="cta__copy">
            <p className="eyebrow eyebrow--light">{pages.ctaEyebrow}</p>
            <h2 className="cta__title" id="cta-title">
              {pages.ctaTitle}
            </h2>
            <p className="cta__text">{pages.ctaText}</p>
          </div>
          <div className="cta__actions">
            <a href="/contact" className="button button--primary">
              {pages.ctaButton}
            </a>
            <MailingListDialog triggerClassName="button button--outline-light" />
          </div>
        </div>
      </div>
    </section>
  )
}
