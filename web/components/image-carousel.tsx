// A swipeable 4:3 image carousel; clicking an image opens the lightbox at that image.
import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import useEmblaCarousel from 'embla-carousel-react'
import type { ServiceImage } from '../../server/services/services.schema'
import { BalloonMark, ZoomIcon } from './icons'
import { ResponsiveImage } from './responsive-image'
import { useRunning } from '../lib/use-running'
import { CARD_MAX_WIDTH } from '../lib/image-urls'
import './image-carousel.css'

const ImageLightbox = lazy(() => import('./image-lightbox'))

/** How wide a card's image is drawn: one, two or three cards a row. */
const CARD_IMAGE_SIZES = '(min-width: 1200px) 380px, (min-width: 720px) 50vw, 100vw'

export function ImageCarousel({
  images,
  label,
  sizes = CARD_IMAGE_SIZES,
  priority = false,
}: {
  images: ServiceImage[]
  label: string
  sizes?: string
  /** The page's main picture (the service page): its first image loads at once, ahead of the rest. */
  priority?: boolean
}) {
  const [emblaRef, embla] = useEmblaCarousel({ loop: images.length > 1 })
  const [selected, setSelected] = useState(0)
  const [lightboxIndex, setLightboxIndex] = useState<number | null>(null)
  // The server's HTML holds the first picture only, and (except for the page's main picture) inside <noscript>:
  // a browser running JavaScript asks for the pictures once the app runs, after the first paint, so the cards
  // below the hero never share a phone's link with it (Chrome fetches lazy images 1000+ px ahead of the screen).
  // Without JavaScript the first picture shows as it is.
  const running = useRunning()

  useEffect(() => {
    if (!embla) return
    const onSelect = () => setSelected(embla.selectedScrollSnap())
    embla.on('select', onSelect).on('reInit', onSelect)
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect)
    }
  }, [embla])

  const prev = useCallback(() => embla?.scrollPrev(), [embla])
  const next = useCallback(() => embla?.scrollNext(), [embla])

  if (images.length === 0) {
    return (
      <div className="carousel carousel--empty" aria-hidden="true">
        <BalloonMark width={64} height={64} />
      </div>
    )
  }

  // The owner's description of each picture; without one, which service and which picture it is.
  const slides = images.map((img, i) => ({
    src: img.original || img.cropped,
    alt: img.alt?.trim() || `${label}, image ${i + 1} of ${images.length}`,
  }))

  return (
    <div className="carousel" role="group" aria-roledescription="carousel" aria-label={`${label} images`}>
      <div className="carousel__viewport" ref={emblaRef}>
        <div className="carousel__track">
          {(running ? images : images.slice(0, 1)).map((img, i) => {
            const picture = (
              <ResponsiveImage
                src={img.cropped}
                alt={slides[i].alt}
                width={800}
                height={600}
                sizes={sizes}
                maxWidth={CARD_MAX_WIDTH}
                loading={priority && i === 0 ? 'eager' : 'lazy'}
                fetchPriority={priority && i === 0 ? 'high' : undefined}
                decoding="async"
                draggable={false}
              />
            )
            return (
              <div
                className="carousel__slide"
                key={`${img.cropped}-${i}`}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${images.length}`}
              >
                <button
                  type="button"
                  className="carousel__image-button"
                  onClick={() => setLightboxIndex(i)}
                  aria-label={`Enlarge ${slides[i].alt}`}
                >
                  {running || priority ? picture : <noscript>{picture}</noscript>}
                  <span className="carousel__zoom" aria-hidden="true">
                    <ZoomIcon width={18} height={18} />
                  </span>
                </button>
              </div>
            )
          })}
        </div>
      </div>
      {images.length > 1 && (
        <>
          <button type="button" className="carousel__arrow carousel__arrow--prev" onClick={prev} aria-label="Previous image">
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M15 5l-7 7 7 7" stroke="currentColor" strokeWidth="2.2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          <button type="button" className="carousel__arrow carousel__arrow--next" onClick={next} aria-label="Next image">
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M9 5l7 7-7 7" stroke="currentColor" strokeWidth="2.2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          <div className="carousel__dots">
            {images.map((_, i) => (
              <button
                key={i}
                type="button"
                className={`carousel__dot${i === selected ? ' is-selected' : ''}`}
                aria-label={`Show image ${i + 1}`}
                aria-current={i === selected ? 'true' : undefined}
                onClick={() => embla?.scrollTo(i)}
              />
            ))}
          </div>
        </>
      )}
      {lightboxIndex !== null && (
        <Suspense fallback={null}>
          <ImageLightbox images={slides} index={lightboxIndex} onClose={() => setLightboxIndex(null)} />
        </Suspense>
      )}
    </div>
  )
}
