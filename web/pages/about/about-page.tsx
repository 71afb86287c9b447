// About: the studio's story, its values and a second section (the artist), all written by the owner in the
// dashboard's Site tab; only reachable while the about page is switched on.
import { useRootData } from '../../lib/page-context'
import { HeartIcon, PaletteIcon, SparkleIcon } from '../../components/icons'
import { ResponsiveImage } from '../../components/responsive-image'
import { CARD_MAX_WIDTH } from '../../lib/image-urls'
import '../content-page.css'

const VALUE_ICONS = [SparkleIcon, PaletteIcon, HeartIcon]

/** Plain text with blank lines between paragraphs, as the owner types it. */
function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p, i) => (
          <p key={i}>{p}</p>
        ))}
    </>
  )
}

export function AboutPage() {
  const { brand, about, pages } = useRootData().settings
  return (
    <div className="content-page">
      <header className="page-intro">
        <div className="container">
          <p className="eyebrow">{pages.aboutEyebrow}</p>
          <h1 className="page-intro__title">About {brand.name}</h1>
        </div>
      </header>
      <div className="container">
        <section className={`about-story${about.photo ? ' about-story--photo' : ''}`} aria-labelledby="story-title">
          <div>
            <h2 id="story-title">{pages.aboutStoryTitle}</h2>
            <Paragraphs text={about.story} />
          </div>
          {about.photo && (
            <ResponsiveImage
              className="about-story__photo"
              src={about.photo}
              alt={about.photoAlt}
              width={800}
              height={600}
              sizes="(min-width: 900px) 40vw, 100vw"
              maxWidth={CARD_MAX_WIDTH}
              loading="lazy"
              decoding="async"
            />
          )}
        </section>
        {about.values.length > 0 && (
          <section className="section about-values" aria-labelledby="values-title">
            <h2 id="values-title" className="section__title about-values__title">
              {pages.aboutValuesTitle}
            </h2>
            <ul className="value-grid">
              {about.values.map(({ title, text }, i) => {
                const Icon = VALUE_ICONS[i % VALUE_ICONS.length]
                return (
                  <li key={`${i}-${title}`} className="value">
                    <span className="value__icon">
                      <Icon width={24} height={24} />
                    </span>
                    <h3>{title}</h3>
                    <p>{text}</p>
                  </li>
                )
              })}
            </ul>
          </section>
        )}
        {(about.artistTitle || about.artist) && (
          <section className="about-artist" aria-labelledby="artist-title">
            <div>
              <h2 id="artist-title">{about.artistTitle || 'Meet the Artist'}</h2>
              <Paragraphs text={about.artist} />
              <a href="/contact" className="button button--primary">
                {pages.aboutButton}
              </a>
            </div>
          </section>
        )}
      </div>
    </div>
  )
}
