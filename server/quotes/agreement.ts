// The agreement as a client sees it on a quote: content/agreement.md with the quote's facts filled in, its SHA-256 and
// the content commit it came from, so what was signed can be proven to the letter.
import { createHash } from 'node:crypto'
import type { ContentStore } from '../lib/content-store'
import { git } from '../history/git-read'
import { AGREEMENT_KIND, AgreementSchema } from './agreement.kind'

export { fillAgreement, type AgreementFacts } from './agreement-text'

/** Used when the site has no content/agreement.md yet. */
export const DEFAULT_AGREEMENT = `By accepting this quote, {clientName} books {studioName} for the event on {eventDate}.

- The deposit of {deposit} reserves the date and is non-refundable.
- The balance of {balance} is due by {balanceDueDate}.
- Balloons are weather-sensitive: outdoor pieces may be adjusted for heat, rain or wind.
- Strike (take-down) is included when it is listed in the quote.`

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

/** The template and the commit of its file (null when the site has none, or it is not committed). */
export async function readAgreement(store: ContentStore): Promise<{ template: string; commit: string | null }> {
  const read = await store.readMarkdown(AGREEMENT_KIND.file, AgreementSchema, 'text', { ifMissing: () => null })
  if (!read) return { template: DEFAULT_AGREEMENT, commit: null }
  const commit = (await git(store.root, ['log', '-1', '--format=%H', 'HEAD', '--', AGREEMENT_KIND.file]).catch(() => '')).trim()
  return { template: read.text.trimEnd(), commit: commit || null }
}
