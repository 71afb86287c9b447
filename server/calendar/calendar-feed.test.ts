// The booked-events feed as the owner's phone calendar reads it, from fixed records: each booking a whole day (the
// day after a year's last day included), where it is, how to reach the customer, and a link back to the inquiry.
import ical from 'node-ical'
import { describe, expect, it } from 'vitest'
import { InquiryRecordSchema, type InquiryRecord } from '../inquiries/inquiry-record.schema'
import { bookedEventsCalendar } from './calendar-feed'

const booked = (id: string, eventDate: string, more: { history?: unknown[]; inquiry?: Record<string, unknown> } = {}): InquiryRecord =>
  InquiryRecordSchema.parse({
    id,
    receivedAt: '2026-11-20T18:04:05.123Z',
    status: 'booked',
    mail: { state: 'sent', attempts: 1 },
    history: more.history ?? [],
    inquiry: {
      firstName: 'Maya',
      lastName: 'Okafor',
      email: 'maya@example.com',
      phone: '503-555-0142',
      address: '12 SE Oak St',
      city: 'Portland',
      zipcode: '97214',
      eventDate,
      eventDetails: 'Garden party',
      service: 'Balloon Garlands',
      ...more.inquiry,
    },
  })

const MAYA = '2026-11-20T18-04-05-123Z-a1b2c3'
const LEO = '2026-11-21T09-00-00-000Z-d4e5f6'

function feed(records: InquiryRecord[]) {
  const text = bookedEventsCalendar('Peony & Pine', records, 'https://peonyandpine.com')
  const events = Object.values(ical.sync.parseICS(text)).filter((c): c is ical.VEvent => c?.type === 'VEVENT')
  return { text, events }
}

describe('the booked-events feed', () => {
  it('names the studio and asks calendar apps to look again every hour', () => {
    const { text, events } = feed([])
    expect(events).toEqual([])
    expect(text).toContain('\r\nX-WR-CALNAME:Peony & Pine bookings\r\n')
    expect(text).toContain('\r\nREFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n')
    expect(text).toContain('\r\nX-PUBLISHED-TTL:PT1H\r\n')
  })

  it('shows each booking as the whole day of the event, the same day wherever the phone is', () => {
    const { text } = feed([booked(MAYA, '2026-12-31'), booked(LEO, '2027-02-28')])
    expect(text).toContain('\r\nDTSTART;VALUE=DATE:20261231\r\nDTEND;VALUE=DATE:20270101\r\n')
    expect(text).toContain('\r\nDTSTART;VALUE=DATE:20270228\r\nDTEND;VALUE=DATE:20270301\r\n')
  })

  it('says what, who, where and how to reach them, and links to the inquiry in the dashboard', () => {
    const { events } = feed([booked(MAYA, '2026-12-31')])
    expect(events).toHaveLength(1)
    const [event] = events
    expect(event.uid).toBe(`${MAYA}@peonyandpine.com`)
    expect(event.summary).toBe('Balloon Garlands: Maya Okafor')
    expect(event.location).toBe('12 SE Oak St, Portland, 97214')
    expect(event.description).toBe('Phone: 503-555-0142\nE-mail: maya@example.com\nGarden party')
    expect(event.url).toMatchObject({ val: `https://peonyandpine.com/admin/inbox?inquiry=${MAYA}` })
  })

  it('leaves out what the customer did not give', () => {
    const [event] = feed([booked(MAYA, '2026-12-31', { inquiry: { eventDetails: '', address: '', zipcode: '' } })]).events
    expect(event.location).toBe('Portland')
    expect(event.description).toBe('Phone: 503-555-0142\nE-mail: maya@example.com')
  })

  it('dates each event by its last change, so a calendar app notices an update', () => {
    const history = [
      { at: '2026-11-21T10:00:00.000Z', from: 'new', to: 'quoted' },
      { at: '2026-11-22T10:00:00.000Z', from: 'quoted', to: 'booked' },
    ]
    const { text } = feed([booked(MAYA, '2026-12-31', { history }), booked(LEO, '2026-12-30')])
    const stamps = [...text.matchAll(/\r\nDTSTAMP:(\S+)\r\n/g)].map((m) => m[1])
    expect(stamps).toEqual(['20261122T100000Z', '20261120T180405Z'])
  })

  it('dates an event by its last change of three, not its second', () => {
    const history = [
      { at: '2026-11-21T10:00:00.000Z', from: 'new', to: 'quoted' },
      { at: '2026-11-22T10:00:00.000Z', from: 'quoted', to: 'booked' },
      { at: '2026-11-23T10:00:00.000Z', from: 'booked', to: 'booked' },
    ]
    const { text } = feed([booked(MAYA, '2026-12-31', { history })])
    expect([...text.matchAll(/\r\nDTSTAMP:(\S+)\r\n/g)].map((m) => m[1])).toEqual(['20261123T100000Z'])
  })
})
