// Starts the client's quote page in the browser: a client-only page at /quote/<token>, never rendered or kept by the server.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Running } from '../lib/running'
import { QuotePage } from './quote-page'

export function mountQuote(container: HTMLElement, token: string): void {
  createRoot(container).render(
    <StrictMode>
      <Running>
        <QuotePage token={token} />
      </Running>
    </StrictMode>,
  )
}
