// The two e-mails word for word: the studio's (every answer, the photo links, Reply-To the visitor, nothing a visitor
// types can add a header or markup) and the visitor's confirmation (only the service, the date and the studio's words).
import { describe, expect, it } from 'vitest'
import { composeInquiryMessage, escapeHtml, oneLine } from './inquiry-mail'
import type { InquiryRecord } from './inquiry-record.schema'
import { sampleInquiry } from './testing-inquiry'
import { composeConfirmationMessage, formatEventDate } from './visitor-mail'

const record = (extra: Record<string, unknown> = {}) =>
  ({
    id: '2026-03-01T18-00-00-000Z-abc123',
    receivedAt: '2026-03-01T18:00:00.000Z',
    status: 'new',
    notes: [],
    history: [],
    mail: { state: 'pending', attempts: 0 },
    inquiry: { ...sampleInquiry(), eventDetails: 'Arch\nfor 40', ...extra },
  }) as InquiryRecord

const PHOTOS = {
  links: [
    { label: 'Venue 1 of 2 (wall.jpg)', url: 'https://site.test/inquiry-photos/a/1.jpg?expires=9&sig=x&y' },
    { label: 'Venue 2 of 2 (door.jpg)', url: 'https://site.test/inquiry-photos/a/2.jpg?expires=9&sig=z' },
  ],
  until: 'Mar 4, 2026, 10:00 AM PST',
}

const CELL = 'padding:6px 12px;border-bottom:1px solid #e8ddd2;vertical-align:top;text-align:left'
const row = (label: string, value: string) =>
  `<tr><th style="${CELL};white-space:nowrap">${label}</th><td style="${CELL};white-space:pre-wrap">${value}</td></tr>`

describe("the studio's e-mail", () => {
  it('says every answer in its text, a value with line breaks on lines of its own, then the photos, the time and the id', () => {
    const m = composeInquiryMessage(record(), 'Test Studio', PHOTOS)
    expect(m.subject).toBe('New inquiry: Balloon Garlands — Jane Doe, 2099-12-05')
    expect(m.replyTo).toEqual({ name: 'Jane Doe', address: 'jane@example.com' })
    expect(m.text).toBe(
      [
        'A new inquiry came in through the Test Studio website.',
        '',
        'Service: Balloon Garlands',
        'Name: Jane Doe',
        'Email: jane@example.com',
        'Phone: 503-555-0100',
        'Address: 1 Main St',
        'City: Portland',
        'Zipcode: 97201',
        'Event date: Sat, Dec 5, 2099',
        'Event details: ',
        'Arch',
        'for 40',
        '',
        'How they found us: Instagram',
        'Balloon colors: Blush, Ivory',
        'Garland length: 12 ft',
        'Setting: Outdoor',
        '',
        'Photos (links work until Mar 4, 2026, 10:00 AM PST; afterwards open the inquiry in the dashboard):',
        'Venue 1 of 2 (wall.jpg): https://site.test/inquiry-photos/a/1.jpg?expires=9&sig=x&y',
        'Venue 2 of 2 (door.jpg): https://site.test/inquiry-photos/a/2.jpg?expires=9&sig=z',
        '',
        'Received: Sun, Mar 1, 2026, 10:00 AM PST',
        'Inquiry id: 2026-03-01T18-00-00-000Z-abc123',
        '',
        'Reply to this e-mail to answer Jane directly.',
      ].join('\n'),
    )
  })

  it('the same in HTML: a table of the answers, the photo links with their time, then the time received and the id', () => {
    const m = composeInquiryMessage(record(), 'Test Studio', PHOTOS)
    expect(m.html).toBe(`<!doctype html>
<html><body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#2a1e2c;line-height:1.45">
<h2 style="margin:0 0 12px">New inquiry: Balloon Garlands</h2>
<p style="margin:0 0 16px">A new inquiry came in through the Test Studio website.</p>
<table style="border-collapse:collapse;max-width:640px">
${[
  row('Service', 'Balloon Garlands'),
  row('Name', 'Jane Doe'),
  row('Email', 'jane@example.com'),
  row('Phone', '503-555-0100'),
  row('Address', '1 Main St'),
  row('City', 'Portland'),
  row('Zipcode', '97201'),
  row('Event date', 'Sat, Dec 5, 2099'),
  row('Event details', 'Arch\nfor 40'),
  row('How they found us', 'Instagram'),
  row('Balloon colors', 'Blush, Ivory'),
  row('Garland length', '12 ft'),
  row('Setting', 'Outdoor'),
].join('\n')}
</table>
<h3 style="margin:16px 0 4px;font-size:15px">Photos</h3>
<ul style="margin:0;padding-left:20px">
<li><a href="https://site.test/inquiry-photos/a/1.jpg?expires=9&amp;sig=x&amp;y">Venue 1 of 2 (wall.jpg)</a></li>
<li><a href="https://site.test/inquiry-photos/a/2.jpg?expires=9&amp;sig=z">Venue 2 of 2 (door.jpg)</a></li>
</ul>
<p style="margin:4px 0 0;color:#6b5d6c;font-size:13px">These links work until Mar 4, 2026, 10:00 AM PST; afterwards open the inquiry in the dashboard.</p>
<p style="margin:16px 0 0;color:#6b5d6c;font-size:13px">Received Sun, Mar 1, 2026, 10:00 AM PST · inquiry 2026-03-01T18-00-00-000Z-abc123<br>
Reply to this e-mail to answer Jane directly.</p>
</body></html>`)
  })

  it('without photos (none, or an empty list) has no photo part at all', () => {
    for (const photos of [undefined, { links: [], until: 'never' }]) {
      const m = composeInquiryMessage(record(), 'Test Studio', photos)
      expect(m.text).not.toContain('Photos')
      expect(m.text).toContain('Setting: Outdoor\n\nReceived: ')
      expect(m.html).not.toContain('Photos')
      expect(m.html).toContain('</table>\n\n<p style="margin:16px 0 0')
    }
  })

  it("a visitor's line breaks and tabs cannot add a header: subject and Reply-To name are one line", () => {
    const m = composeInquiryMessage(
      record({ firstName: 'Eve\r\nBcc: all@example.com', lastName: 'Smith\t\n', service: 'Arches\r\nX-Spam: yes' }),
      'Test Studio',
    )
    expect(m.subject).toBe('New inquiry: Arches X-Spam: yes — Eve Bcc: all@example.com Smith, 2099-12-05')
    expect(m.replyTo.name).toBe('Eve Bcc: all@example.com Smith')
    expect(oneLine('  a\r\n\t\nb  ')).toBe('a b')
  })

  it("a visitor's markup is shown as text in the HTML, everywhere it appears", () => {
    const m = composeInquiryMessage(
      record({ firstName: '<b>Jo</b>', service: `Arch "&" 'more'`, eventDetails: '<script>x()</script>' }),
      '<Studio>',
      { links: [{ label: '<img>', url: 'https://x.test/"onclick' }], until: '<soon>' },
    )
    expect(m.html).not.toMatch(/<b>|<script>|<img>|<Studio>|<soon>|"onclick/)
    expect(m.html).toContain('<h2 style="margin:0 0 12px">New inquiry: Arch &quot;&amp;&quot; &#39;more&#39;</h2>')
    expect(m.html).toContain('through the &lt;Studio&gt; website')
    expect(m.html).toContain('answer &lt;b&gt;Jo&lt;/b&gt; directly')
    expect(m.html).toContain('&lt;script&gt;x()&lt;/script&gt;')
    expect(m.html).toContain('<a href="https://x.test/&quot;onclick">&lt;img&gt;</a>')
    expect(m.html).toContain('until &lt;soon&gt;;')
    expect(escapeHtml(`<a href="x">&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;')
  })
})

describe("the visitor's confirmation", () => {
  const STUDIO = { brand: 'Test Studio', email: 'hello@studio.test', phone: '+1 (503) 555-0142' }

  it('word for word, with the studio phone as a tel: link of its digits and plus', () => {
    const m = composeConfirmationMessage(record(), STUDIO)
    expect(m.subject).toBe('We received your inquiry — Test Studio')
    expect(m.replyTo).toEqual({ name: 'Test Studio', address: 'hello@studio.test' })
    expect(m.text).toBe(
      [
        'Hello,',
        '',
        'Thank you for reaching out to Test Studio! We received your inquiry and are excited to hear about your event.',
        '',
        'What you asked about:',
        '  Service: Balloon Garlands',
        '  Event date: Saturday, December 5, 2099',
        '',
        'What happens next: we read every inquiry ourselves and usually reply within one business day with ideas and a quote.',
        '',
        'If you think of anything else, or need to reach us sooner, simply reply to this e-mail or contact us:',
        '  E-mail: hello@studio.test',
        '  Phone: +1 (503) 555-0142',
        '',
        'Warmly,',
        'Test Studio',
      ].join('\n'),
    )
    const th = 'padding:2px 16px 2px 0;text-align:left;color:#6b5d6c;font-weight:normal'
    expect(m.html).toBe(`<!doctype html>
<html><body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#2a1e2c;line-height:1.5">
<div style="max-width:560px">
<p style="margin:0 0 12px">Hello,</p>
<p style="margin:0 0 16px">Thank you for reaching out to Test Studio! We received your inquiry and are excited to hear about your event.</p>
<p style="margin:0 0 6px;font-weight:600">What you asked about</p>
<table style="border-collapse:collapse;margin:0 0 16px">
<tr><th style="${th}">Service</th><td style="padding:2px 0">Balloon Garlands</td></tr>
<tr><th style="${th}">Event date</th><td style="padding:2px 0">Saturday, December 5, 2099</td></tr>
</table>
<p style="margin:0 0 16px"><strong>What happens next:</strong> we read every inquiry ourselves and usually reply within one business day with ideas and a quote.</p>
<p style="margin:0 0 6px">If you think of anything else, or need to reach us sooner, simply reply to this e-mail or contact us:</p>
<p style="margin:0 0 16px">E-mail: <a href="mailto:hello@studio.test">hello@studio.test</a><br>
Phone: <a href="tel:+15035550142">+1 (503) 555-0142</a></p>
<p style="margin:0">Warmly,<br>
Test Studio</p>
</div>
</body></html>`)
  })

  it('without a phone says only the e-mail; a date that is not a calendar date is left out', () => {
    const m = composeConfirmationMessage(record({ eventDate: '2099-02-30' }), { brand: 'Test Studio', email: 'hello@studio.test' })
    expect(m.text).toContain('What you asked about:\n  Service: Balloon Garlands\n\nWhat happens next')
    expect(m.text).toContain('  E-mail: hello@studio.test\n\nWarmly,')
    expect(m.text).not.toMatch(/Phone|Event date|2099/)
    expect(m.html).not.toMatch(/Phone|tel:|Event date|2099/)
    expect(m.html).toContain('<a href="mailto:hello@studio.test">hello@studio.test</a></p>')
  })

  it('holds nothing the visitor typed but the service, and the brand is one line', () => {
    const m = composeConfirmationMessage(
      record({ firstName: 'Mallory', city: 'Visit evil.example', eventDetails: 'Click http://evil.example', service: 'Arch\r\nBcc: x' }),
      { brand: 'Test\nStudio', email: 'hello@studio.test' },
    )
    const all = `${m.subject}\n${m.text}\n${m.html}`
    expect(all).not.toMatch(/Mallory|evil|Doe|jane@example|1 Main St|97201|503-555-0100|12 ft|Outdoor|Blush/)
    expect(m.subject).toBe('We received your inquiry — Test Studio')
    expect(m.replyTo.name).toBe('Test Studio')
    expect(m.text).toContain('  Service: Arch Bcc: x')
  })

  it('dates: a calendar date in words; anything else, the 31st of a short month or a day 00, as sent', () => {
    expect(formatEventDate('2099-12-05')).toBe('Saturday, December 5, 2099')
    expect(formatEventDate('2024-02-29')).toBe('Thursday, February 29, 2024')
    // A month past December, or month 00, once read as a day of the next or the last year.
    for (const value of [
      '2023-02-29',
      '2099-04-31',
      '2099-12-00',
      '2099-13-01',
      '2099-00-10',
      '2099-12-5',
      ' 2099-12-05',
      '2099-12-05x',
      'soon',
    ])
      expect(formatEventDate(value), value).toBe(value)
  })
})
