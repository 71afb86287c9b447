// A service on the home grid: image carousel, description, collapsible About and Pricing, Learn More.
import { lazy, Suspense } from 'react'
import type { Service } from '../lib/public-api'
import { ImageCarousel } from './image-carousel'
import { Collapsible } from './collapsible'
import './service-card.css'

// Pricing parsing comes with the shared schema module (and zod); it loads when a visitor opens Pricing.
const PricingList = lazy(() => import('./pricing-list').then((m) => ({ default: m.PricingList })))

export function ServiceCard({ service, servicesEnabled }: { service: Service; servicesEnabled: boolean }) {
  return (
    <article className="service-card" id={`service-${service.id}`} aria-labelledby={`service-${service.id}-title`}>
      <ImageCarousel images={service.images} label={service.title} />
      <div className="service-card__body">
        <h3 className="service-card__title" id={`service-${service.id}-title`}>
          {service.title}
        </h3>
        <p className="service-card__description">{service.description}</p>
        <div className="service-card__sections">
          {service.aboutText.trim() && (
            <Collapsible title="About">
              <p className="service-card__about">{service.aboutText}</p>
            </Collapsible>
          )}
          {service.pricingInfo.trim() && (
            <Collapsible title="Pricing">
              <Suspense fallback={<p className="pricing__empty">Loading...</p>}>
                <PricingList pricingInfo={service.pricingInfo} />
              </Suspense>
            </Collapsible>
          )}
        </div>
        {servicesEnabled && (
          <a href={`/services/${service.id}`} className="button button--outline button--small service-card__more" aria-label={`Learn More about ${service.title}`}>
            Learn More
          </a>
        )}
      </div>
    </article>
  )
}
