// The delivery page's data: its markdown, streamed in behind 'Loading...' in the browser.
import { getDeliveryContent } from '../../lib/public-api'
import { deferInBrowser, type Deferred } from '../../lib/deferred'

export interface DeliveryData {
  /** The markdown, or null when it could not be loaded. */
  markdown: Deferred<string | null>
}

export async function deliveryLoader({ request }: { request: Request }): Promise<DeliveryData> {
  const { value } = await deferInBrowser(async () => (await getDeliveryContent(request.signal)).markdownContent)
  return { markdown: value }
}
