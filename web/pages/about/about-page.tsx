// About: the studio's story, its values and the artist; only reachable when ABOUT_ENABLED is on.
import { useRootData } from '../../lib/page-context'
import { PaletteIcon, SparkleIcon } from '../../components/icons'
import '../content-page.css'

const VALUES = [
  { title: 'Quality', text: 'Professional-grade balloons, careful sizing and builds made to last through the final toast.', Icon: SparkleIcon },
  { title: 'Creativity', text: 'Every design starts from your story: colours, textures and shapes composed just for you.', Icon: PaletteIcon },
  { title: 'Service', text: 'Clear quotes, on-time delivery and a calm, friendly crew from first message to teardown.', Icon: HeartIcon },
]

function HeartIcon(props: { width?: number; height?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={props.width} height={props.height} fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" strokeLinejoin="round" />
    </svg>
  )
}

export function AboutPage() {
  const { brand } = useRootData().settings
  return (
    <div className="content-page">
      <header className="page-intro">
        <div className="container">
          <p className="eyebrow">About us</p>
          <h1 className="page-intro__title">About {brand.name}</h1>
        </div>
      </header>
      <div className="container">
        <section className="about-story" aria-labelledby="story-title">
          <h2 id="story-title">Our Story</h2>
          <p>
            {brand.name} began in 2018 at a kitchen table in Portland, Oregon, with a bag of balloons, a hand pump and a
            birthday that deserved more than a bunch of helium strings. Word travelled from friends to neighbours to
            event planners, and the studio grew into a team that builds statement installations, sculptures, costumes
            and mosaics for celebrations across the region.
          </p>
          <p>
            We still approach every project the same way: listen closely, sketch freely, and build with care so the
            moment your guests walk in feels like magic.
          </p>
        </section>
        <section className="section about-values" aria-labelledby="values-title">
          <h2 id="values-title" className="section__title about-values__title">
            Our Values
          </h2>
          <ul className="value-grid">
            {VALUES.map(({ title, text, Icon }) => (
              <li key={title} className="value">
                <span className="value__icon">
                  <Icon width={24} height={24} />
                </span>
                <h3>{title}</h3>
                <p>{text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section className="about-artist" aria-labelledby="artist-title">
          <div>
            <h2 id="artist-title">Meet the Artist</h2>
            <p>
              Our founder is a trained designer who fell in love with balloons as a sculptural medium: light, playful and
              endlessly colourful. From organic garlands to towering custom pieces, she leads every design and still
              shows up to install the big ones herself.
            </p>
            <a href="/contact" className="button button--primary">
              Work with us
            </a>
          </div>
        </section>
      </div>
    </div>
  )
}
