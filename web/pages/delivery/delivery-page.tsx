// Delivery & Installation: the owner's markdown beside the delivery truck picture.
import { Suspense } from 'react'
import { Await, useLoaderData } from 'react-router-dom'
import { MarkdownContent } from '../../components/markdown-content'
import type { DeliveryData } from './delivery-loader'
import './delivery-page.css'

export function DeliveryPage() {
  const { markdown } = useLoaderData() as DeliveryData
  return (
    <div className="delivery-page">
      <div className="container delivery-layout">
        <div className="delivery-media">
          <img src="/images/delivery-truck.webp" alt="Our balloon delivery van ready for an installation" width={1200} height={900} />
        </div>
        <article className="delivery-body">
          <p className="eyebrow">How it works</p>
          <h1 className="delivery-body__title">Delivery &amp; Installation</h1>
          <Suspense fallback={<p className="delivery-body__status">Loading...</p>}>
            <Await resolve={markdown}>
              {(loaded: string | null) =>
                loaded === null ? (
                  <p className="delivery-body__error" role="alert">
                    Failed to load content.
                  </p>
                ) : (
                  <MarkdownContent markdown={loaded} />
                )
              }
            </Await>
          </Suspense>
        </article>
      </div>
    </div>
  )
}
