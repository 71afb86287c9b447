// A service on the home grid: image carousel, description, collapsible About and Pricing, Learn More.
import { lazy, Suspense, type ReactNode } from 'react'
import type { ServiceSummary } from '../lib/public-api'
import { ImageCarousel } from './image-carousel'
import { Collapsible } from './collapsible'
import { loadServiceTexts, useServiceTexts, type ServiceTexts } from './service-texts'
import './service-card.css'

// Pricing parsing loads when a visitor opens Pricing.
const PricingList = lazy(() => import('./pricing-list').then((m) => ({ default: m.PricingList })))

export function ServiceCard({ service, servicesEnabled }: { service: ServiceSummary; servicesEnabled: boolean }) {
  const preload = () => void loadServiceTexts(service.id).catch(() => undefined)
  return (
    <article className="service-card" id={`service-${service.id}`} aria-labelledby={`service-${service.id}-title`}>
      <ImageCarousel images={service.images} label={service.title} />
      <div className="service-card__body">
        <h3 className="service-card__title" id={`service-${service.id}-title`}>
          {service.title}
        </h3>
        <p className="service-card__description">{service.description}</p>
        <div className="service-card__sections">
          {service.hasAbout && (
            <Collapsible title="About" onIntent={preload}>
              <ServiceText serviceId={service.id}>{(t) => <p className="service-card__about">{t.aboutText}</p>}</ServiceText>
            </Collapsible>
          )}
          {service.hasPricing && (
            <Collapsible title="Pricing" onIntent={preload}>
              <ServiceText serviceId={service.id}>
                {(t) => (
                  <Suspense fallback={<Loading />}>
                    <PricingList pricingInfo={t.pricingInfo} />
                  </Suspense>
                )}
              </ServiceText>
            </Collapsible>
          )}
        </div>
        {servicesEnabled && (
          <a
            href={`/services/${service.id}`}
            className="button button--outline button--small service-card__more"
            aria-label={`Learn More about ${service.title}`}
          >
            Learn More
          </a>
        )}
      </div>
    </article>
  )
}

const Loading = () => <p className="pricing__empty">Loading...</p>

/** An opened panel's text: 'Loading...' until it arrives, the spec's message if it cannot be loaded. */
function ServiceText({ serviceId, children }: { serviceId: string; children: (texts: ServiceTexts) => ReactNode }) {
  const state = useServiceTexts(serviceId)
  if (state.status === 'loading') return <Loading />
  if (state.status === 'error') {
    return (
      <p className="service-card__error" role="alert">
        There was a problem loading the service content. Please try again.
      </p>
    )
  }
  return children(state.texts)
}
