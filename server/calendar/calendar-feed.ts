// Booked events as an iCalendar (RFC 5545) feed, made with ical-generator: one all-day event per booked inquiry.
import ical from 'ical-generator'
import type { InquiryRecord } from '../inquiries/inquiry-record.schema'

/** `nextDay` of a YYYY-MM-DD date: an all-day event ends (exclusively) on the following day. */
function dayAt(date: string, plusDays = 0): Date {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + plusDays)
  return d
}

export function bookedEventsCalendar(brand: string, booked: InquiryRecord[], origin: string): string {
  const calendar = ical({ name: `${brand} bookings`, prodId: { company: brand, product: 'Bookings' }, ttl: 60 * 60 })
  for (const r of booked) {
    const q = r.inquiry
    calendar.createEvent({
      id: `${r.id}@${new URL(origin).host}`,
      start: dayAt(q.eventDate),
      end: dayAt(q.eventDate, 1),
      allDay: true,
      // Floating dates: an all-day event is the same day wherever the phone is.
      floating: true,
      stamp: new Date(r.history.at(-1)?.at ?? r.receivedAt),
      summary: `${q.service}: ${q.firstName} ${q.lastName}`,
      location: [q.address, q.city, q.zipcode].filter(Boolean).join(', '),
      description: [`Phone: ${q.phone}`, `E-mail: ${q.email}`, q.eventDetails].filter(Boolean).join('\n'),
      url: `${origin}/admin/inbox?inquiry=${encodeURIComponent(r.id)}`,
    })
  }
  return calendar.toString()
}
