// The agreement as a client sees it on a quote: content/agreement.md with the quote's facts filled in, its SHA-256 and
// the content commit it came from, so what was signed can be proven to the letter.
import { createHash } from 'node:crypto'
import type { ContentStore } from '../lib/content-store'
import { parseFrontMatter } from '../lib/front-matter'
import { lastValidVersion } from '../lib/last-valid'
import { AGREEMENT_KIND, AgreementSchema } from './agreement.kind'

export { fillAgreement, type AgreementFacts } from './agreement-text'

/** Used when the site has no content/agreement.md yet. */
export const DEFAULT_AGREEMENT = `By accepting this quote, {clientName} books {studioName} for the event on {eventDate}.

- The deposit of {deposit} reserves the date and is non-refundable.
- The balance of {balance} is due by {balanceDueDate}.
- Balloons are weather-sensitive: outdoor pieces may be adjusted for heat, rain or wind.
- Strike (take-down) is included when it is listed in the quote.`

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

/**
 * The template and the commit it came from: the newest commit whose file reads as this very text, so that
 * `git show <commit>:content/agreement.md` gives what was signed. Null when the site has no file, or the text served
 * is in no commit (an edit not committed yet). A newest version that does not validate is served as its last valid
 * one by the content store, and named by that one's commit.
 */
export async function readAgreement(store: ContentStore): Promise<{ template: string; commit: string | null }> {
  const read = await store.readMarkdown(AGREEMENT_KIND.file, AgreementSchema, 'text', { ifMissing: () => null })
  if (!read) return { template: DEFAULT_AGREEMENT, commit: null }
  const template = read.text.trimEnd()
  const found = await lastValidVersion(store.root, AGREEMENT_KIND.file, (text) => (templateOf(text) === template ? true : undefined))
  return { template, commit: found?.commit ?? null }
}

/** A committed version's template, read as the content store reads the file; undefined when it does not validate. */
function templateOf(text: string): string | undefined {
  try {
    const body = parseFrontMatter(text).content.replace(/^\n+/, '')
    const parsed = AgreementSchema.safeParse({ text: body })
    return parsed.success ? parsed.data.text.trimEnd() : undefined
  } catch {
    return undefined
  }
}
