// The one markdown renderer: the delivery page (rendered to HTML on the server) and the dashboard's live preview
// show content exactly alike.
import Markdown, { defaultUrlTransform } from 'react-markdown'
import './markdown-content.css'

/**
 * Renders headings, paragraphs, lists and links. Without rehype-raw, react-markdown turns raw HTML
 * into visible text (never markup), and defaultUrlTransform keeps only http, https, irc, ircs,
 * mailto, xmpp and relative URLs; any other link target becomes empty.
 */
export function MarkdownBody({ markdown }: { markdown: string }) {
  return <Markdown urlTransform={defaultUrlTransform}>{markdown}</Markdown>
}

export function MarkdownContent({ markdown }: { markdown: string }) {
  return (
    <div className="markdown-content">
      <MarkdownBody markdown={markdown} />
    </div>
  )
}
