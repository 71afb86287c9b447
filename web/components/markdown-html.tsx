// Markdown as HTML, for a page that shows it without the markdown renderer's code (the delivery page).
import { renderToStaticMarkup } from 'react-dom/server'
import { MarkdownBody } from './markdown-content'

export function markdownToHtml(markdown: string): string {
  return renderToStaticMarkup(<MarkdownBody markdown={markdown} />)
}
