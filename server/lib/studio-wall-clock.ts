// Studio wall-clock times and the instants they name (schedules: show from / show until). Apart from studio-time.ts
// so the public quote form, which needs only today's date, does not carry these formatters.
import { STUDIO_TIME_ZONE } from './studio-time'

const wallClock = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', {
  timeZone: STUDIO_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
})

/** The studio's wall-clock fields at an instant. */
function wallFields(ms: number) {
  const parts = Object.fromEntries(wallClock.formatToParts(new Date(ms)).map((p) => [p.type, p.value]))
  return { y: +parts.year, mo: +parts.month, d: +parts.day, h: +parts.hour, mi: +parts.minute, s: +parts.second }
}

/** The studio's offset from UTC at an instant, in minutes (-480 in winter, -420 in summer). */
function studioOffsetMinutes(ms: number): number {
  const f = wallFields(ms)
  return Math.round((Date.UTC(f.y, f.mo - 1, f.d, f.h, f.mi, f.s) - Math.floor(ms / 1000) * 1000) / 60_000)
}

const pad = (n: number) => String(n).padStart(2, '0')

/** An instant written in the studio's own offset, e.g. "2026-12-01T09:00:00-08:00" (what the content files hold). */
export function studioIso(ms: number): string {
  const f = wallFields(ms)
  const offset = studioOffsetMinutes(ms)
  const sign = offset < 0 ? '-' : '+'
  const abs = Math.abs(offset)
  return `${f.y}-${pad(f.mo)}-${pad(f.d)}T${pad(f.h)}:${pad(f.mi)}:${pad(f.s)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
}

/**
 * The instant a studio wall-clock time names ("2026-12-01T09:00", as a datetime-local input gives it), or NaN when it
 * is not one. A time skipped by the spring change (2:30 AM on the second Sunday of March) is read with the offset
 * before the change (so 3:30 AM daylight time); a time the autumn change repeats is the first of the two.
 */
export function studioInstant(local: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(local)
  if (!m) return NaN
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0))
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s)
  const back = new Date(asUtc)
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return NaN
  // The earlier of the two offsets around the instant (a day before and after covers any change).
  const candidates = [studioOffsetMinutes(asUtc - 86_400_000), studioOffsetMinutes(asUtc + 86_400_000)]
    .map((offset) => asUtc - offset * 60_000)
    .filter((ms) => studioOffsetMinutes(ms) * 60_000 === asUtc - ms)
    .sort((a, b) => a - b)
  return candidates[0] ?? asUtc - studioOffsetMinutes(asUtc - 86_400_000) * 60_000
}

/** An instant as a datetime-local input shows it, in studio time: "2026-12-01T09:00"; '' for none. */
export function studioInputValue(iso: string | null | undefined): string {
  if (!iso) return ''
  const ms = Date.parse(iso)
  return Number.isNaN(ms) ? '' : studioIso(ms).slice(0, 16)
}
