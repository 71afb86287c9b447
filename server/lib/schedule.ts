// "Show from" / "show until": a content item (a service, an FAQ question, the seasonal hero) may wait for its date and
// leave after another. Pure (shared with the dashboard): the window's schema, whether an instant is inside it, and the
// instants at which anything scheduled appears or disappears (the public read cache turns over at each).
import { z } from 'zod'
import { studioInstant, studioIso } from './studio-wall-clock'

/** A content item's window; null or absent: no limit on that side. */
export interface ScheduleWindow {
  showFrom?: string | null
  showUntil?: string | null
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/i

/**
 * The instant an ISO 8601 date-time names, or NaN. With an offset (`-08:00`, `Z`) it is exact; without one it is read
 * as the studio's own time (America/Los_Angeles).
 */
export function scheduleInstant(value: string): number {
  if (!ISO_DATE_TIME.test(value)) return NaN
  if (/(Z|[+-]\d{2}:\d{2})$/i.test(value)) {
    const local = value.replace(/(Z|[+-]\d{2}:\d{2})$/i, '')
    if (Number.isNaN(studioInstant(local))) return NaN // not a calendar date (Feb 30) or time (25:00)
    return Date.parse(value)
  }
  return studioInstant(value)
}

/** One side of the window: an ISO 8601 date-time, stored in the studio's offset ("2026-12-01T09:00:00-08:00"). */
const instantField = (label: string) =>
  z
    .string({ error: `${label} must be a date and time (ISO 8601, e.g. 2026-12-01T09:00:00-08:00) or null` })
    .max(40, `${label} must be a date and time (ISO 8601, e.g. 2026-12-01T09:00:00-08:00)`)
    .refine((v) => !Number.isNaN(scheduleInstant(v)), `${label} must be a date and time (ISO 8601, e.g. 2026-12-01T09:00:00-08:00)`)
    .transform((v) => studioIso(scheduleInstant(v)))
    .nullable()
    .optional()

/** The two fields, for an object schema's shape (`z.object({ ...scheduleShape, ... })`); `prefix` names the item in messages. */
export const scheduleShapeFor = (prefix = '') => ({
  showFrom: instantField(`${prefix}Show from`),
  showUntil: instantField(`${prefix}Show until`),
})
export const scheduleShape = scheduleShapeFor()

/** Why a window cannot be saved (its end is not after its start), or null. */
export function windowProblem(w: ScheduleWindow, prefix = ''): string | null {
  if (!w.showFrom || !w.showUntil) return null
  return scheduleInstant(w.showUntil) > scheduleInstant(w.showFrom) ? null : `${prefix}Show until must be after Show from`
}

/** For an object schema holding the two fields: refuses a window that ends before it starts, at `showUntil`. */
export const refineWindowFor =
  (prefix = '') =>
  (w: ScheduleWindow, ctx: z.RefinementCtx): void => {
    const problem = windowProblem(w, prefix)
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['showUntil'] })
  }
export const refineWindow = refineWindowFor()

/** The item without the sides that are null (no limit): content files leave them out. */
export function withoutOpenSides<T extends ScheduleWindow>(item: T): T {
  const { showFrom, showUntil, ...rest } = item
  return { ...rest, ...(showFrom ? { showFrom } : {}), ...(showUntil ? { showUntil } : {}) } as T
}

/** Whether the item is shown at `now` (ms): from `showFrom` (inclusive) until `showUntil` (exclusive). */
export function isShownAt(w: ScheduleWindow, now: number): boolean {
  if (w.showFrom && now < scheduleInstant(w.showFrom)) return false
  if (w.showUntil && now >= scheduleInstant(w.showUntil)) return false
  return true
}

/** Where `now` falls: no window, waiting for its start, inside it, or past its end. */
export type ScheduleState = 'always' | 'upcoming' | 'showing' | 'ended'

export function scheduleState(w: ScheduleWindow, now: number): ScheduleState {
  if (!w.showFrom && !w.showUntil) return 'always'
  if (w.showFrom && now < scheduleInstant(w.showFrom)) return 'upcoming'
  if (w.showUntil && now >= scheduleInstant(w.showUntil)) return 'ended'
  return 'showing'
}

/** Every instant at which one of the windows opens or closes, sorted, without repeats. */
export function scheduleBoundaries(windows: Iterable<ScheduleWindow>): number[] {
  const all = new Set<number>()
  for (const w of windows) {
    for (const side of [w.showFrom, w.showUntil]) {
      const ms = side ? scheduleInstant(side) : NaN
      if (!Number.isNaN(ms)) all.add(ms)
    }
  }
  return [...all].sort((a, b) => a - b)
}

/** How many of the (sorted) boundaries have passed at `now`: what the public pages show changes only when this does. */
export function boundariesPassed(boundaries: readonly number[], now: number): number {
  let passed = 0
  while (passed < boundaries.length && boundaries[passed] <= now) passed++
  return passed
}
