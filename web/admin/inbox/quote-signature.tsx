// What the owner sees of one quote version besides its total: the client's e-mails about it, the signature record
// (who, when, the text's SHA-256, the agreement's commit) with the signed PDF to download, and card payments.
import type { ReactNode } from 'react'
import { formatStudioTime } from '../../../server/lib/studio-time'
import { apiUrl } from '../../lib/api-client'
import type { QuoteSummary } from './quotes-api'

const MAIL_WORDS: Record<string, string> = { link: 'Link to the quote', signed: 'Signed copy (PDF)' }

function mailWords(key: string, mail: QuoteSummary['mails'][string]): string {
  const what = MAIL_WORDS[key] ?? 'Receipt'
  if (mail.state === 'sent') return `${what} e-mailed to the client${mail.sentAt ? ` ${formatStudioTime(mail.sentAt)}` : ''}`
  if (mail.state === 'not-configured') return `${what}: e-mail is not set up, so send it to the client yourself`
  if (mail.state === 'failed') {
    const next = mail.nextAttemptAt
      ? `trying again ${formatStudioTime(mail.nextAttemptAt)}`
      : 'no more attempts: send it to the client yourself'
    return `${what}: e-mail failed (${mail.lastError ?? 'unknown error'}), ${next}`
  }
  return `${what}: being e-mailed to the client`
}

function Fact({ term, hash, children }: { term: string; hash?: boolean; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd className={hash ? 'admin-quotes__hash' : undefined}>{children}</dd>
    </div>
  )
}

export function QuoteDetails({ quote }: { quote: QuoteSummary }) {
  const s = quote.signature
  const mails = Object.entries(quote.mails)
  return (
    <>
      {mails.length > 0 && (
        <ul className="admin-quotes__facts" aria-label={`E-mails about version ${quote.version}`}>
          {mails.map(([key, mail]) => (
            <li key={key}>{mailWords(key, mail)}</li>
          ))}
        </ul>
      )}
      {s && (
        <dl className="admin-quotes__signature" aria-label={`Signature on version ${quote.version}`}>
          <Fact term="Signed by">{s.name}</Fact>
          <Fact term="Signed at">{formatStudioTime(s.at)}</Fact>
          <Fact term="SHA-256 of the text signed" hash>
            {s.textSha256}
          </Fact>
          <Fact term="Agreement version" hash={Boolean(s.agreementCommit)}>
            {s.agreementCommit ?? 'The standard terms (no agreement file)'}
          </Fact>
          {quote.payments.map((p) => (
            <Fact key={p.at} term={p.kind === 'deposit' ? 'Deposit paid by card' : 'Balance paid by card'}>
              ${p.amount.toFixed(2)}, {formatStudioTime(p.at)}
              {p.refunded ? ` (refunded $${p.refunded.toFixed(2)})` : ''}
            </Fact>
          ))}
        </dl>
      )}
      {s?.pdfUrl && (
        <a
          className="admin-button admin-button--outline admin-quotes__pdf"
          href={apiUrl(`/admin/quotes/${encodeURIComponent(quote.id)}/signed.pdf`)}
          download
        >
          Download the signed PDF (version {quote.version})
        </a>
      )}
    </>
  )
}
