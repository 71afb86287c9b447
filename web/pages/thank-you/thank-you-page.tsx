// Shown after an inquiry is sent.
import '../content-page.css'

export function ThankYouPage() {
  return (
    <section className="thank-you" aria-labelledby="thank-you-title">
      <div className="thank-you__badge" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="36" height="36" fill="none" stroke="currentColor" strokeWidth="2.2">
          <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
      <h1 id="thank-you-title">Thank you!</h1>
      <p className="thank-you__text">
        We have received your inquiry and will be in touch soon, usually within one business day, with ideas and a quote for your
        celebration.
      </p>
      <a href="/" className="button button--primary">
        Return to Home
      </a>
    </section>
  )
}
