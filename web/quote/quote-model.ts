// The client's quote page rules (quote-page.tsx draws them): money and dates as the client reads them, the add-ons
// ticked, the heading, the signature's checks and what is sent with it, and the payment section's sentences.
import { ApiError } from '../lib/api-client'
import { formatMoney } from '../../server/pricing/money'
import type { QuoteView } from './quote-api'

type Payment = NonNullable<QuoteView['payment']>

/** Dollars (as the view carries them) in the client's money format, rounded to the cent. */
export const dollars = (d: number): string => formatMoney(Math.round(d * 100))

/** A calendar date (YYYY-MM-DD) as "Saturday, June 6, 2026"; empty for none. The day is the date's, in any zone. */
export const longDate = (date: string): string =>
  date
    ? new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
        weekday: 'long',
        month: 'long',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      })
    : ''

/** When the client signed, as the studio's clock read it (Pacific). */
export const signedAt = (at: string): string =>
  new Date(at).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Los_Angeles' })

/** The add-ons ticked after one more is ticked or unticked. */
export const toggleAddOn = (chosen: ReadonlySet<number>, line: number): Set<number> =>
  chosen.has(line) ? new Set([...chosen].filter((x) => x !== line)) : new Set([...chosen, line])

/** "Quote for Ana (version 2)": the client's name (or "your event"), and the version once there is more than one. */
export const quoteHeading = (view: Pick<QuoteView, 'clientName' | 'version'>): string =>
  `Quote for ${view.clientName || 'your event'}${view.version > 1 ? ` (version ${view.version})` : ''}`

export interface AcceptProblems {
  name?: string
  agree?: string
  form?: string
}

/** Why the signature cannot be sent yet: a full name (two letters at least) typed, and the terms agreed. */
export function acceptProblems(name: string, agree: boolean): AcceptProblems {
  return {
    ...(name.trim().length < 2 ? { name: 'Type your full name to sign' } : {}),
    ...(!agree ? { agree: 'Tick "I agree to the terms above" to accept' } : {}),
  }
}

/** Where focus goes after a refused signature: the list of both problems, the one field at fault, or nowhere. */
export function acceptFocus(problems: AcceptProblems): 'summary' | 'name' | 'agree' | null {
  if (problems.name && problems.agree) return 'summary'
  if (problems.name) return 'name'
  if (problems.agree) return 'agree'
  return null
}

/** What the signature sends: the name as typed without spaces around it, and the add-ons chosen in line order. */
export const acceptBody = (name: string, agree: boolean, chosen: ReadonlySet<number>) => ({
  name: name.trim(),
  agree,
  addOns: [...chosen].sort((a, b) => a - b),
})

/** The problems listed above the form, in the order of the fields. */
export const listedProblems = (problems: AcceptProblems): string[] =>
  [problems.name, problems.agree, problems.form].filter((m): m is string => Boolean(m))

/** The server's sentence for a refusal, else the page's own. */
export const failureText = (error: unknown, fallback: string): string => (error instanceof ApiError ? error.message : fallback)

const kindLabel = (kind: 'deposit' | 'balance') => (kind === 'deposit' ? 'Deposit' : 'Balance')

/** One payment made: "Deposit of $200.00 paid ($50.00 refunded). Thank you!" */
export const paidLine = (paid: Payment['paid'][number]): string =>
  `${kindLabel(paid.kind)} of ${dollars(paid.amount)} paid${paid.refunded ? ` (${dollars(paid.refunded)} refunded)` : ''}. Thank you!`

/** Back from the card page before the deposit's confirmation has arrived. */
export const awaitingConfirmation = (returned: boolean, payment: Payment): boolean =>
  returned && payment.due?.kind === 'deposit' && payment.paid.length === 0

/** The card button's words. */
export const payButtonLabel = (busy: boolean, due: NonNullable<Payment['due']>): string =>
  busy ? 'Opening the secure payment page…' : `Pay ${due.kind} of ${dollars(due.amount)} by card`

/** What is due when cards are off: the amount, then the studio's own instructions or a general word. */
export const dueWithoutCard = (due: NonNullable<Payment['due']>, instructions: string | undefined): string =>
  `${kindLabel(due.kind)} due: ${dollars(due.amount)}. ${instructions ?? 'The studio will tell you how to pay.'}`
