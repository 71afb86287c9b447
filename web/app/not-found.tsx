// The not-found page: unknown paths, hidden or unknown services, switched-off features and failed service loads.
import './not-found.css'

export function NotFoundPage() {
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <svg className="not-found__balloon" viewBox="0 0 120 200" aria-hidden="true">
        <defs>
          <radialGradient id="nf-shine" cx="35%" cy="30%" r="70%">
            <stop offset="0%" stopColor="#f3a3b8" />
            <stop offset="100%" stopColor="#c2476b" />
          </radialGradient>
        </defs>
        <ellipse cx="60" cy="62" rx="46" ry="56" fill="url(#nf-shine)" />
        <path d="M54 116 L66 116 L60 126 Z" fill="#a63a5a" />
        <path d="M60 126 C 50 150, 72 165, 58 198" stroke="#c9a03d" strokeWidth="2" fill="none" />
        <ellipse cx="42" cy="40" rx="9" ry="15" fill="#fff" opacity="0.35" transform="rotate(-25 42 40)" />
      </svg>
      <h1 id="not-found-title" className="not-found__title">
        Oops! This page has floated away.
      </h1>
      <p className="not-found__text">The page you are looking for isn't here. Let's get you back to the party.</p>
      <a href="/" className="button button--primary">
        Return to Home
      </a>
    </section>
  )
}
