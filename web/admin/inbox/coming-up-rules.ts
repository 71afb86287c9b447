// What the inbox's "Coming up" shows: each state's word, the summary beside its heading, the lines shown before
// "Show all", that button's words, and the note when the server cannot send e-mail.
import type { UpcomingMail } from './booking-mail-api'

type State = UpcomingMail['state']

export const STATE_WORDS: Record<State, string> = { overdue: 'Overdue', failed: 'Failing', due: 'Due', scheduled: 'Scheduled' }
/** Most urgent first, as the server sorts them. */
const STATES: readonly State[] = ['overdue', 'failed', 'due', 'scheduled']
/** Shown before "Show all". */
export const FIRST_SHOWN = 4

/** "1 overdue · 2 scheduled", most urgent first; with nothing listed, says so. */
export function comingUpSummary(items: readonly UpcomingMail[]): string {
  const parts = STATES.map((s) => [s, items.filter((i) => i.state === s).length] as const)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${n} ${STATE_WORDS[s].toLowerCase()}`)
  return parts.length ? parts.join(' · ') : 'no booking e-mails in the next two weeks'
}

/** The lines shown: the first few, or every one once the owner asked. */
export const shownItems = <T>(items: readonly T[], all: boolean): readonly T[] => (all ? items : items.slice(0, FIRST_SHOWN))

/** The button's words, or null when every line is shown without it. */
export function showAllLabel(count: number, all: boolean): string | null {
  if (count <= FIRST_SHOWN) return null
  return all ? 'Show fewer' : `Show all ${count}`
}

/** Said above the lines when the server has no SMTP set up (nothing to say when nothing is listed). */
export function notSentNote(mailConfigured: boolean, count: number): string | null {
  return !mailConfigured && count > 0 ? 'E-mail is not set up on the server, so none of these is sent.' : null
}

/** A line's React key: one lead's e-mail of one kind on one day. */
export const comingUpKey = (i: UpcomingMail) => `${i.inquiryId}-${i.kind}-${i.date}`
