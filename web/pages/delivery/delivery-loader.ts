// The delivery page's data: the owner's markdown, rendered to HTML where the page is rendered (the server), so the
// browser shows and hydrates it without the markdown renderer's ~35 KB of JavaScript.
import { getDeliveryContent } from '../../lib/public-api'

export interface DeliveryData {
  /** The content as HTML (raw HTML in the markdown is text in it), or null when it could not be loaded. */
  html: string | null
}

export async function deliveryLoader({ request }: { request: Request }): Promise<DeliveryData> {
  try {
    const [{ markdownContent }, { markdownToHtml }] = await Promise.all([
      getDeliveryContent(request.signal),
      import('../../components/markdown-html'),
    ])
    return { html: markdownToHtml(markdownContent) }
  } catch (error) {
    console.error(error)
    return { html: null }
  }
}
