// Delivery & Installation: the owner's markdown beside the delivery truck picture.
import { usePageData } from '../../lib/page-context'
import type { DeliveryData } from './delivery-loader'
import '../../components/markdown-content.css'
import './delivery-page.css'

export function DeliveryPage() {
  const { html } = usePageData<DeliveryData>()
  return (
    <div className="delivery-page">
      <div className="container delivery-layout">
        <div className="delivery-media">
          <img src="/images/delivery-truck.webp" alt="Our balloon delivery van ready for an installation" width={1200} height={900} />
        </div>
        <article className="delivery-body">
          <p className="eyebrow">How it works</p>
          <h1 className="delivery-body__title">Delivery &amp; Installation</h1>
          {html === null ? (
            <p className="delivery-body__error" role="alert">
              Failed to load content.
            </p>
          ) : (
            // Rendered by the shared markdown renderer (web/components/markdown-html.tsx), which emits no raw HTML.
            <div className="markdown-content" dangerouslySetInnerHTML={{ __html: html }} />
          )}
        </article>
      </div>
    </div>
  )
}
