// A small picture of what the settings look like on the site: the hero, "Why Choose" and the footer's contact lines.
import type { SiteSettings } from '../../../server/site/site.schema'

export function SitePreview({ settings }: { settings: SiteSettings }) {
  const { hero, why, contact, brand } = settings
  return (
    <section className="admin-card admin-site-preview" aria-labelledby="site-preview-heading">
      <h2 className="admin-card__title" id="site-preview-heading">
        Preview
      </h2>
      <p className="admin-card__hint">How the home page's top and footer will read.</p>
      <div className="admin-site-preview__hero" style={{ backgroundImage: hero.image ? `url("${hero.image}")` : undefined }}>
        <div className="admin-site-preview__veil">
          <h3 className="admin-site-preview__title">{hero.title}</h3>
          {hero.subtitle && <p>{hero.subtitle}</p>}
          <p className="admin-site-preview__buttons">
            <span className="admin-site-preview__button">{hero.primaryLabel}</span>
            {hero.secondaryLabel && (
              <span className="admin-site-preview__button admin-site-preview__button--outline">{hero.secondaryLabel}</span>
            )}
          </p>
        </div>
      </div>
      <h3 className="admin-site__subhead">Why Choose {brand.name}</h3>
      <ul className="admin-site-preview__why">
        {why.map((item, i) => (
          <li key={i}>
            <strong>{item.title}</strong> {item.text}
          </li>
        ))}
      </ul>
      <h3 className="admin-site__subhead">Footer</h3>
      <p className="admin-site-preview__footer">
        {contact.email}
        <br />
        {contact.phone}
        <br />
        {contact.area}
        {contact.hours && (
          <>
            <br />
            {contact.hours}
          </>
        )}
      </p>
    </section>
  )
}
