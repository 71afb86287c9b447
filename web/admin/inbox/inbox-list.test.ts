// The inbox list as the owner sees it: the filter buttons and counts, what shows after a status change, Show more without
// repeats, one record brought to the top, and each sentence the list says.
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api-client'
import type { CalendarWarning, InquiryRecord, InquiryStatus } from './inbox-api'
import {
  INBOX_FILTERS,
  bringToTop,
  emptyNote,
  failureText,
  filterCount,
  hasMore,
  holds,
  isFiltered,
  replaceRecord,
  shownInquiries,
  showMoreLabel,
  warningsFor,
  withNextPage,
} from './inbox-list'

const rec = (id: string, status: InquiryStatus = 'new', name = id) => ({ id, status, name }) as unknown as InquiryRecord
const ids = (list: readonly InquiryRecord[]) => list.map((r) => r.id)

describe('the filter buttons', () => {
  it('are All then each status in pipeline order, with its label', () => {
    expect(INBOX_FILTERS).toEqual([
      { value: 'all', label: 'All' },
      { value: 'new', label: 'New' },
      { value: 'contacted', label: 'Contacted' },
      { value: 'quoted', label: 'Quoted' },
      { value: 'booked', label: 'Booked' },
      { value: 'completed', label: 'Completed' },
      { value: 'lost', label: 'Lost' },
    ])
  })

  it('each says its count, 0 before the counts arrive', () => {
    expect(filterCount({ all: 12, new: 3 }, 'new')).toBe(3)
    expect(filterCount({ all: 12, new: 3 }, 'all')).toBe(12)
    expect(filterCount({ all: 12, new: 0 }, 'new')).toBe(0)
    expect(filterCount({ all: 12 }, 'lost')).toBe(0)
    expect(filterCount({}, 'all')).toBe(0)
  })
})

describe('the records shown', () => {
  const page = [rec('a', 'new'), rec('b', 'contacted'), rec('c', 'new')]

  it('are all of them under All', () => {
    expect(ids(shownInquiries(page, 'all'))).toEqual(['a', 'b', 'c'])
  })

  it('under a status, only those still in it: one just moved on leaves the view at once', () => {
    expect(ids(shownInquiries(page, 'new'))).toEqual(['a', 'c'])
    expect(ids(shownInquiries(page, 'contacted'))).toEqual(['b'])
    expect(shownInquiries(page, 'lost')).toEqual([])
  })

  it('are none before the list is loaded', () => {
    expect(shownInquiries(null, 'all')).toEqual([])
    expect(shownInquiries(null, 'new')).toEqual([])
  })

  it('are "filtered" (the export note shows) under a status or a search, not under All with no search', () => {
    expect(isFiltered('all', '')).toBe(false)
    expect(isFiltered('new', '')).toBe(true)
    expect(isFiltered('all', 'smith')).toBe(true)
    expect(isFiltered('lost', 'smith')).toBe(true)
  })
})

describe('changing the list', () => {
  it('Show more adds the next page without the records already shown', () => {
    // A new inquiry arrived meanwhile: the next page starts with the last one already shown.
    const joined = withNextPage([rec('a'), rec('b')], [rec('b', 'contacted'), rec('c'), rec('d')])
    expect(ids(joined)).toEqual(['a', 'b', 'c', 'd'])
    expect(joined[1]!.status).toBe('new')
    expect(ids(withNextPage([rec('a')], []))).toEqual(['a'])
    expect(ids(withNextPage([], [rec('a'), rec('b')]))).toEqual(['a', 'b'])
  })

  it('a changed record takes its own place, the others untouched', () => {
    const list = [rec('a'), rec('b'), rec('c')]
    const changed = replaceRecord(list, rec('b', 'booked'))
    expect(changed.map((r) => `${r.id}:${r.status}`)).toEqual(['a:new', 'b:booked', 'c:new'])
    expect(changed[0]).toBe(list[0])
    expect(replaceRecord(list, rec('z', 'lost'))).toEqual(list)
    expect(replaceRecord(null, rec('a'))).toEqual([])
  })

  it('a lead opened from elsewhere comes first, and only once', () => {
    expect(ids(bringToTop([rec('a'), rec('b'), rec('c')], rec('b', 'quoted')))).toEqual(['b', 'a', 'c'])
    expect(bringToTop([rec('a'), rec('b')], rec('b', 'quoted'))[0]!.status).toBe('quoted')
    expect(ids(bringToTop([rec('a')], rec('z')))).toEqual(['z', 'a'])
    expect(ids(bringToTop(null, rec('z')))).toEqual(['z'])
  })

  it('knows whether a lead is on the page already', () => {
    expect(holds([rec('a'), rec('b')], 'b')).toBe(true)
    expect(holds([rec('a'), rec('b')], 'c')).toBe(false)
    expect(holds([], 'a')).toBe(false)
    expect(holds(null, 'a')).toBe(false)
  })

  it('gives each row the calendar warnings that name it', () => {
    const warning = (date: string, inquiryIds: string[]) => ({ date, kind: 'double-booked', inquiryIds, message: date }) as CalendarWarning
    const warnings = [warning('2026-06-01', ['a', 'b']), warning('2026-06-02', ['c']), warning('2026-06-03', ['b'])]
    expect(warningsFor(warnings, 'b').map((w) => w.date)).toEqual(['2026-06-01', '2026-06-03'])
    expect(warningsFor(warnings, 'c').map((w) => w.date)).toEqual(['2026-06-02'])
    expect(warningsFor(warnings, 'd')).toEqual([])
  })
})

describe('what the list says', () => {
  it('an empty list: nothing yet, all caught up on new ones, or nothing matching', () => {
    expect(emptyNote(0, 'all', '')).toBe('No inquiries yet.')
    expect(emptyNote(0, 'new', '')).toBe('No inquiries yet.')
    expect(emptyNote(0, 'all', 'smith')).toBe('No inquiries yet.')
    expect(emptyNote(5, 'new', '')).toBe('No new inquiries. You are all caught up.')
    expect(emptyNote(5, 'new', 'smith')).toBe('No inquiries match.')
    expect(emptyNote(5, 'contacted', '')).toBe('No inquiries match.')
    expect(emptyNote(1, 'all', 'smith')).toBe('No inquiries match.')
  })

  it('Show more while the server holds more than is shown, with how many are left', () => {
    expect(hasMore([rec('a'), rec('b')], 3)).toBe(true)
    expect(hasMore([rec('a'), rec('b')], 2)).toBe(false)
    expect(hasMore([rec('a'), rec('b')], 1)).toBe(false)
    expect(hasMore(null, 3)).toBe(false)
    expect(showMoreLabel(false, 50, 73)).toBe('Show more (23 more)')
    expect(showMoreLabel(false, 50, 51)).toBe('Show more (1 more)')
    expect(showMoreLabel(true, 50, 73)).toBe('Loading…')
  })

  it("a failure: nothing for a lapsed session, the server's sentence for a refusal, else the description", () => {
    const description = 'Could not load the inbox. Please try again.'
    expect(failureText(new ApiError('Unauthorized', 401), description)).toBeNull()
    expect(failureText(new ApiError('Search is too long', 400), description)).toBe('Search is too long')
    expect(failureText(new ApiError('Server error', 500), description)).toBe(description)
    expect(failureText(new ApiError('Not found', 404), description)).toBe(description)
    expect(failureText(new Error('Network error'), description)).toBe(description)
    expect(failureText({ status: 400, message: 'plain object' }, description)).toBe(description)
    expect(failureText({ status: 401 }, description)).toBe(description)
  })
})
