// What the inbox asks the server: a page of inquiries (the filter, the search, the total from its header), one
// inquiry's changes, notes and mail, the counts, the templates; the CSV links; and the "inquiries changed" event.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { calls, fakeApi, type FakeApi } from '../../lib/testing-api'
import * as api from './inbox-api'

let server: FakeApi
const sent = () => calls(server)

beforeEach(() => {
  server = fakeApi({}, () => Response.json({ answer: 1 }))
})
afterEach(() => vi.unstubAllGlobals())

describe('a page of inquiries', () => {
  it('asks for the filter, the offset and 50 at a time, and reads the total from X-Total-Count', async () => {
    server.otherwise = () => Response.json([{ id: 'a' }], { headers: { 'X-Total-Count': '123' } })
    expect(await api.getInquiryPage('booked', '', 100)).toEqual({ records: [{ id: 'a' }], total: 123 })
    expect(sent()).toEqual([{ method: 'GET', url: '/api/admin/inquiries?status=booked&offset=100&limit=50', body: undefined }])
  })

  it('sends the search when there is one, and the page size asked for', async () => {
    server.otherwise = () => Response.json([])
    await api.getInquiryPage('all', 'Ana Li', 0, 10)
    expect(sent()[0].url).toBe('/api/admin/inquiries?status=all&offset=0&limit=10&q=Ana+Li')
  })

  it('counts 0 when the header is missing', async () => {
    server.otherwise = () => Response.json([])
    expect(await api.getInquiryPage('all', '', 0)).toEqual({ records: [], total: 0 })
  })
})

describe('the other calls', () => {
  it.each([
    ['getInquiry', () => api.getInquiry('a/b'), 'GET', '/api/admin/inquiries/a%2Fb', undefined],
    ['changeInquiry', () => api.changeInquiry('a b', { status: 'booked' }), 'PATCH', '/api/admin/inquiries/a%20b', { status: 'booked' }],
    ['addInquiryNote', () => api.addInquiryNote('a b', 'Called'), 'POST', '/api/admin/inquiries/a%20b/notes', { text: 'Called' }],
    ['retryInquiryMail', () => api.retryInquiryMail('a b'), 'POST', '/api/admin/inquiries/a%20b/retry-mail', undefined],
    ['getInboxSummary', () => api.getInboxSummary(), 'GET', '/api/admin/inquiries/summary', undefined],
    ['getCalendarWarnings', () => api.getCalendarWarnings(), 'GET', '/api/admin/calendar/warnings', undefined],
    ['getReplyTemplates', () => api.getReplyTemplates(), 'GET', '/api/admin/reply-templates', undefined],
    ['saveReplyTemplates', () => api.saveReplyTemplates([{ name: 'Hi' }] as never), 'PUT', '/api/admin/reply-templates', [{ name: 'Hi' }]],
  ] as const)('%s', async (_, call, method, url, body) => {
    expect(await call()).toEqual({ answer: 1 })
    expect(sent()).toEqual([{ method, url, body }])
  })
})

describe('the CSV links', () => {
  it('the inquiries of every status without a search, unless told', () => {
    expect(api.inquiriesCsvUrl()).toBe('/api/admin/inquiries.csv?status=all')
    expect(api.inquiriesCsvUrl('lost', '')).toBe('/api/admin/inquiries.csv?status=lost')
    expect(api.inquiriesCsvUrl('new', 'a&b c')).toBe('/api/admin/inquiries.csv?status=new&q=a%26b%20c')
  })

  it('the subscribers', () => {
    expect(api.subscribersCsvUrl).toBe('/api/admin/subscribers.csv')
  })
})

describe('announceInquiriesChanged', () => {
  it('tells the Inbox tab by an event of its own name', () => {
    const target = new EventTarget()
    vi.stubGlobal('window', target)
    const heard: string[] = []
    target.addEventListener(api.INQUIRIES_CHANGED, (e) => heard.push(e.type))
    api.announceInquiriesChanged()
    expect(heard).toEqual(['inbox:inquiries-changed'])
  })
})
