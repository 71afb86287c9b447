// FAQ: the owner's questions, each answer opening under its question (native <details>: no script needed).
import { usePageData, useRootData } from '../../lib/page-context'
import type { FaqData } from './faq-loader'
import '../content-page.css'
import '../../components/markdown-content.css'
import './faq-page.css'

export function FaqPage() {
  const { items } = usePageData<FaqData>()
  const { contact } = useRootData().settings
  return (
    <div className="content-page">
      <header className="page-intro">
        <div className="container">
          <p className="eyebrow">Good to know</p>
          <h1 className="page-intro__title">Frequently Asked Questions</h1>
          <p className="page-intro__lead">
            Something not answered here? Write to <a href={`mailto:${contact.email}`}>{contact.email}</a> or call{' '}
            <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>.
          </p>
        </div>
      </header>
      <div className="container faq-list">
        {items === null ? (
          <p role="alert">Failed to load the questions.</p>
        ) : items.length === 0 ? (
          <p>No questions yet.</p>
        ) : (
          items.map((item) => (
            <details key={item.id} id={item.id} className="faq-item">
              <summary className="faq-item__question">
                <h2>{item.question}</h2>
              </summary>
              {/* Rendered by the shared markdown renderer (web/components/markdown-html.tsx), which emits no raw HTML. */}
              <div className="faq-item__answer markdown-content" dangerouslySetInnerHTML={{ __html: item.html }} />
            </details>
          ))
        )}
      </div>
    </div>
  )
}
