// The FAQ page's data: each answer's markdown rendered to HTML where the page is rendered (the server), so the
// browser shows it without the markdown renderer's code.
import { getFaq } from '../../lib/public-api'

export interface FaqEntry {
  id: string
  question: string
  /** The answer's markdown (for the FAQPage JSON-LD). */
  answer: string
  /** The answer as HTML from the shared renderer, which emits no raw HTML from the markdown. */
  html: string
}

export interface FaqData {
  /** null when the questions could not be loaded. */
  items: FaqEntry[] | null
}

export async function faqLoader({ request }: { request: Request }): Promise<FaqData> {
  try {
    const [items, { markdownToHtml }] = await Promise.all([getFaq(request.signal), import('../../components/markdown-html')])
    return { items: items.map((item) => ({ ...item, html: markdownToHtml(item.answer) })) }
  } catch (error) {
    console.error(error)
    return { items: null }
  }
}
