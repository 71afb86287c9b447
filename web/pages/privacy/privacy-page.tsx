// The visitor's privacy note: what the site counts, what it never keeps, and what the forms store (server/insights).
import { useRootData } from '../../lib/page-context'
import '../content-page.css'

export function PrivacyPage() {
  const { settings } = useRootData()
  const { brand, contact } = settings
  return (
    <div className="content-page">
      <header className="page-intro">
        <div className="container">
          <p className="eyebrow">Your privacy</p>
          <h1 className="page-intro__title">Privacy</h1>
          <p className="page-intro__lead">
            No cookies, no tracking across sites, no advertising. Here is everything {brand.name} learns when you visit.
          </p>
        </div>
      </header>
      <div className="container privacy-note">
        <section aria-labelledby="privacy-counted">
          <h2 id="privacy-counted">What we count</h2>
          <p>
            When a page has loaded, it tells our own server that it was viewed. We count, per day: how many people visited, which pages they
            opened, which website or campaign link brought them (for example &ldquo;instagram.com&rdquo; or a flyer&rsquo;s link), and
            whether they used a phone, a tablet or a computer. When you send an inquiry or join the mailing list, we add one to the count
            for the page and link that brought you. That is how we learn which of our posts and events are worth the effort.
          </p>
        </section>
        <section aria-labelledby="privacy-not-kept">
          <h2 id="privacy-not-kept">What we never keep</h2>
          <ul>
            <li>No cookies and nothing saved in your browser.</li>
            <li>
              No IP address and no browser details are stored. To count you once a day rather than once per page, the server mixes them with
              a random code that changes every day and is never written down. After that day nobody, not even we, can tell that a count was
              you.
            </li>
            <li>Of the address you came from, only the website&rsquo;s name is kept, not the page.</li>
            <li>No third-party analytics, advertising or social-media trackers; nothing is shared or sold.</li>
          </ul>
        </section>
        <section aria-labelledby="privacy-opt-out">
          <h2 id="privacy-opt-out">Not counted at all</h2>
          <p>
            If your browser sends &ldquo;Do Not Track&rdquo; or &ldquo;Global Privacy Control&rdquo;, your visits are not counted.
            Search-engine robots are not counted either.
          </p>
        </section>
        <section aria-labelledby="privacy-forms">
          <h2 id="privacy-forms">What you send us</h2>
          <p>
            An inquiry keeps what you type into the form so we can reply and plan your event; a mailing-list sign-up keeps your name, e-mail
            and interests. They stay on our server and are not shared. To see or delete what we hold about you, e-mail{' '}
            <a href={`mailto:${contact.email}`}>{contact.email}</a>.
          </p>
        </section>
      </div>
    </div>
  )
}
