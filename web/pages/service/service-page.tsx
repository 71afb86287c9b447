// The service page: the service's pictures, about and pricing beside its inquiry form.
import { usePageData } from '../../lib/page-context'
import { lazy, Suspense } from 'react'
import { PricingList } from '../../components/pricing-list'
import { InquiryForm } from './inquiry-form'
import type { ServiceData } from './service-loader'
import '../content-page.css'
import './service-page.css'

// The carousel's code (Embla) hydrates as a part of its own: the server's HTML already shows the first picture, and the
// quote form becomes interactive without waiting for it. Server rendering waits for it, so the page is whole.
const ImageCarousel = lazy(async () => ({ default: (await import('../../components/image-carousel')).ImageCarousel }))

export function ServicePage() {
  const { service, deliveryZones } = usePageData<ServiceData>()
  return (
    <div className="service-page">
      <header className="page-intro">
        <div className="container">
          <p className="eyebrow">Our Services</p>
          <h1 className="page-intro__title">{service.title}</h1>
          <p className="page-intro__lead">{service.description}</p>
        </div>
      </header>
      <div className="container service-layout">
        <div className="service-info">
          <div className="service-info__media">
            <Suspense fallback={null}>
              <ImageCarousel images={service.images} label={service.title} sizes="(min-width: 1024px) 560px, 100vw" priority />
            </Suspense>
          </div>
          {service.aboutText.trim() && (
            <section className="service-info__section" aria-labelledby="service-about">
              <h2 id="service-about">About</h2>
              <p className="service-info__about">{service.aboutText}</p>
            </section>
          )}
          {service.pricingInfo.trim() && (
            <section className="service-info__section" aria-labelledby="service-pricing">
              <h2 id="service-pricing">Pricing</h2>
              <PricingList pricingInfo={service.pricingInfo} />
            </section>
          )}
        </div>
        <section className="inquiry-card" aria-labelledby="inquiry-title" id="inquiry">
          <h2 className="inquiry-card__title" id="inquiry-title">
            {service.inquiryFormTitle}
          </h2>
          <p className="inquiry-card__lead">Share a few details and we'll reply with ideas and a tailored quote.</p>
          {/* A new service means a fresh form: no values or errors carry over. */}
          <InquiryForm key={service.id} service={service} deliveryZones={deliveryZones ?? []} />
        </section>
      </div>
    </div>
  )
}
