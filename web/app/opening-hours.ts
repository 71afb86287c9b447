// The owner writes hours in words ("Mon–Sat, 9am–6pm"); schema.org's openingHours wants "Mo-Sa 09:00-18:00".
// What can be read as days followed by a time range is turned into that form; anything else is left out.

const DAYS = ['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su']
const DAY = '(mon|tue|wed|thu|fri|sat|sun)[a-z]*\\.?'
const TIME = '(\\d{1,2})(?:[:.](\\d{2}))?\\s*(am|pm|a\\.m\\.|p\\.m\\.)?'
const DASH = '\\s*(?:-|–|—|to|until)\\s*'
const SPEC = new RegExp(`${DAY}(?:${DASH}${DAY})?[\\s,:]+${TIME}${DASH}${TIME}`, 'gi')

function clock(hour: string, minute: string | undefined, half: string | undefined): string | null {
  let h = Number(hour)
  const m = Number(minute ?? 0)
  const meridiem = half?.toLowerCase().replace(/\./g, '')
  if (meridiem === 'pm' && h < 12) h += 12
  if (meridiem === 'am' && h === 12) h = 0
  if (h > 24 || m > 59) return null
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`
}

const day = (name: string) => {
  const code = name.slice(0, 2).toLowerCase()
  return code.charAt(0).toUpperCase() + code.charAt(1)
}

/** `["Mo-Sa 09:00-18:00"]` from "Studio visits by appointment · Mon–Sat, 9am–6pm"; [] when nothing reads as hours. */
export function openingHours(text: string): string[] {
  const out: string[] = []
  for (const m of text.matchAll(SPEC)) {
    const [, from, to, h1, m1, a1, h2, m2, a2] = m
    if (!DAYS.includes(from.slice(0, 2).toLowerCase())) continue
    // "9–5" without am/pm: the closing hour is in the afternoon.
    const opens = clock(h1, m1, a1)
    const closes = clock(h2, m2, a2 ?? (!a1 && Number(h2) < Number(h1) ? 'pm' : a1))
    if (!opens || !closes) continue
    out.push(`${day(from)}${to ? `-${day(to)}` : ''} ${opens}-${closes}`)
  }
  return out
}
