// Inbox: inquiries newest first, a page at a time, filtered by pipeline status and searched on the server; each opens to
// its answers, pipeline, notes, history and a templated reply. Says plainly when e-mail is not set up. Exports as CSV.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { notifyError, notifySuccess } from '../ui/notify'
import { Loading } from '../ui/loading'
import {
  addInquiryNote,
  announceInquiriesChanged,
  changeInquiry,
  getCalendarWarnings,
  getInboxSummary,
  getInquiry,
  getInquiryPage,
  getReplyTemplates,
  inquiriesCsvUrl,
  retryInquiryMail,
  subscribersCsvUrl,
  type CalendarWarning,
  type InquiryChange,
  type InquiryRecord,
  type InquiryStatusFilter,
  type ReplyTemplate,
} from './inbox-api'
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
  type InboxCounts,
} from './inbox-list'
import { BOOKING_MAIL_SECTION_ID, BookingMailSection } from './booking-mail-section'
import { ComingUp } from './coming-up'
import { InquiryRow } from './inquiry-row'
import { ReplyTemplatesEditor } from './reply-templates-editor'
import './inbox.css'
import './coming-up.css'

/** A lapsed session already shows the login form again (the API client's 401 handler); anything else is said here. */
function failed(error: unknown, title: string, description: string) {
  const text = failureText(error, description)
  if (text !== null) notifyError(title, text)
}

/** Typing waits this long before the server is asked. */
const SEARCH_DELAY_MS = 250

export function InboxPanel() {
  const [filter, setFilter] = useState<InquiryStatusFilter>('all')
  const [search, setSearch] = useState('')
  const [query, setQuery] = useState('')
  const [items, setItems] = useState<InquiryRecord[] | null>(null)
  const [total, setTotal] = useState(0)
  const [counts, setCounts] = useState<InboxCounts>({})
  const [loadingMore, setLoadingMore] = useState(false)
  const [mailConfigured, setMailConfigured] = useState(true)
  const [warnings, setWarnings] = useState<CalendarWarning[]>([])
  const [templates, setTemplates] = useState<ReplyTemplate[]>([])
  const [loadFailed, setLoadFailed] = useState(false)
  const [open, setOpen] = useState<string | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const [mailSettingsOpen, setMailSettingsOpen] = useState(false)

  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(search.trim()), SEARCH_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [search])

  // A link from the calendar (or the .ics feed) opens one inquiry and brings it into view once the list is there.
  const linked = useRef(new URLSearchParams(window.location.search).get('inquiry'))
  /** The first page for the filter and search, with the counts; also after each change of either. */
  const loadList = useCallback(async () => {
    try {
      const [page, summary] = await Promise.all([getInquiryPage(filter, query, 0), getInboxSummary()])
      let records = page.records
      // A linked inquiry beyond the first page is fetched on its own and shown first.
      if (linked.current && !holds(records, linked.current)) {
        const one = await getInquiry(linked.current).catch(() => null)
        if (one) records = [one, ...records]
      }
      setItems(records)
      setTotal(page.total)
      setCounts(summary.counts)
      setMailConfigured(summary.mailConfigured)
      setLoadFailed(false)
    } catch (error) {
      setLoadFailed(true)
      failed(error, 'Error loading inquiries', 'Could not load the inbox. Please try again.')
    }
  }, [filter, query])
  const loadExtras = useCallback(async () => {
    try {
      const [found, saved] = await Promise.all([getCalendarWarnings(), getReplyTemplates()])
      setWarnings(found)
      setTemplates(saved)
    } catch (error) {
      failed(error, 'Error loading inquiries', 'Could not load the inbox. Please try again.')
    }
  }, [])
  const load = () => {
    // "Coming up" and the tab's count look again too.
    announceInquiriesChanged()
    return Promise.all([loadList(), loadExtras()])
  }

  useEffect(() => void loadList(), [loadList])
  useEffect(() => {
    void loadExtras()
    if (linked.current) setOpen(linked.current)
  }, [loadExtras])

  const loadMore = async () => {
    if (!items) return
    setLoadingMore(true)
    try {
      const page = await getInquiryPage(filter, query, items.length)
      setItems(withNextPage(items, page.records))
      setTotal(page.total)
    } catch (error) {
      failed(error, 'Error loading inquiries', 'Could not load more inquiries. Please try again.')
    } finally {
      setLoadingMore(false)
    }
  }
  useEffect(() => {
    if (!items || !linked.current) return
    document.getElementById(`inquiry-${linked.current}`)?.closest('li')?.scrollIntoView({ block: 'start' })
    linked.current = null
  }, [items])

  // The server filtered the page; one moved to another status here leaves the filtered view at once.
  const shown = useMemo(() => shownInquiries(items, filter), [items, filter])
  const filtered = isFiltered(filter, query)
  const everything = filterCount(counts, 'all')

  const refreshCounts = () =>
    void getInboxSummary().then(
      (summary) => setCounts(summary.counts),
      () => undefined,
    )
  const replace = (record: InquiryRecord) => setItems((list) => replaceRecord(list, record))
  const refreshWarnings = () => void getCalendarWarnings().then(setWarnings, () => undefined)

  /** After a change made elsewhere (a quote made moves the lead to Quoted): the record as the server has it now. */
  const reloadOne = async (id: string) => {
    const fresh = await getInquiry(id).catch(() => null)
    if (fresh) replace(fresh)
    refreshCounts()
  }

  /** A name in "Coming up": that lead opened in the list (fetched when it is not on this page) and brought into view. */
  const openLead = async (id: string) => {
    if (!holds(items, id)) {
      const one = await getInquiry(id).catch(() => null)
      if (!one) return
      setItems((list) => bringToTop(list, one))
    }
    setFilter('all')
    setOpen(id)
    window.setTimeout(() => document.getElementById(`inquiry-${id}`)?.closest('li')?.scrollIntoView({ block: 'start' }), 50)
  }

  const update = async (record: InquiryRecord, change: InquiryChange, done: string) => {
    setBusy(record.id)
    try {
      replace(await changeInquiry(record.id, change))
      notifySuccess(done)
      announceInquiriesChanged()
      refreshWarnings()
      refreshCounts()
    } catch (error) {
      failed(error, 'Error', 'Could not update the inquiry. Please try again.')
    } finally {
      setBusy(null)
    }
  }

  const addNote = async (record: InquiryRecord, text: string) => {
    setBusy(record.id)
    try {
      replace(await addInquiryNote(record.id, text))
      notifySuccess('Note added')
      return true
    } catch (error) {
      failed(error, 'Error', 'Could not add the note. Please try again.')
      return false
    } finally {
      setBusy(null)
    }
  }

  const retry = async (record: InquiryRecord) => {
    setBusy(record.id)
    try {
      replace(await retryInquiryMail(record.id))
      notifySuccess('E-mail queued', 'It will be sent in a moment.')
      window.setTimeout(() => void load(), 3000)
    } catch (error) {
      failed(error, 'Error', 'Could not retry the e-mail.')
    } finally {
      setBusy(null)
    }
  }

  return (
    <section className="admin-card admin-inbox" aria-labelledby="inbox-heading">
      {!mailConfigured && (
        <div className="admin-inbox__notice" role="note">
          <strong>New inquiries are not e-mailed to you yet.</strong> Every inquiry is kept safely here, so check this Inbox for new ones;
          visitors do not get a confirmation e-mail either. Whoever looks after your website can switch e-mail on.
          <details className="admin-inbox__notice-more">
            <summary>What to send them</summary>
            Set <code>SMTP_URL</code> (the mail server) and <code>MAIL_TO</code> (the address to notify) on the server and restart it, as
            the section "Inquiries and the mailing list" of the project's README.md describes.
          </details>
        </div>
      )}
      <div className="admin-card__header admin-inbox__header">
        <div>
          <h2 className="admin-card__title" id="inbox-heading">
            Inbox
          </h2>
          <p className="admin-card__hint">Quote inquiries from the website, newest first. Times are Pacific.</p>
        </div>
        <div className="admin-button-row">
          <a className="admin-button admin-button--outline admin-button--small" href={inquiriesCsvUrl()} download>
            Export CSV
          </a>
          <a className="admin-button admin-button--outline admin-button--small" href={subscribersCsvUrl} download>
            Export subscribers
          </a>
          <button type="button" className="admin-button admin-button--ghost admin-button--small" onClick={() => void load()}>
            Refresh
          </button>
        </div>
      </div>

      <ComingUp
        onOpen={(id) => void openLead(id)}
        onEdit={() => {
          setMailSettingsOpen(true)
          window.setTimeout(() => document.getElementById(BOOKING_MAIL_SECTION_ID)?.scrollIntoView({ block: 'start' }), 50)
        }}
      />
      <div className="admin-inbox__tools">
        <div className="admin-inbox__filters" role="group" aria-label="Show inquiries">
          {INBOX_FILTERS.map((f) => (
            <button
              key={f.value}
              type="button"
              className="admin-inbox__filter"
              aria-pressed={filter === f.value}
              onClick={() => setFilter(f.value)}
            >
              {f.label} <span className="admin-inbox__filter-count">{filterCount(counts, f.value)}</span>
            </button>
          ))}
        </div>
        <div className="admin-inbox__search">
          <label className="admin-field__label" htmlFor="inbox-search">
            Search
          </label>
          <input
            id="inbox-search"
            className="admin-input"
            type="search"
            placeholder="Name, e-mail, phone or service"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      </div>
      {items && filtered && (
        <p className="admin-inbox__export-note" role="status">
          Showing {total} of {everything}. <strong>Export CSV</strong> downloads all {everything} inquiries;{' '}
          <a href={inquiriesCsvUrl(filter, query)} download>
            export only these {total}
          </a>
          .
        </p>
      )}

      {!items && !loadFailed && <Loading label="Loading inquiries..." />}
      {!items && loadFailed && (
        <div className="admin-empty">
          <p>The inbox could not be loaded.</p>
          <button type="button" className="admin-button admin-button--primary" onClick={() => void load()}>
            Try again
          </button>
        </div>
      )}
      {items && shown.length === 0 && <p className="admin-empty-note">{emptyNote(everything, filter, query)}</p>}
      {items && shown.length > 0 && (
        <ul className="admin-inbox__list" aria-label="Inquiries">
          {shown.map((record) => (
            <InquiryRow
              key={record.id}
              record={record}
              warnings={warningsFor(warnings, record.id)}
              templates={templates}
              open={open === record.id}
              busy={busy === record.id}
              onToggle={() => setOpen((current) => (current === record.id ? null : record.id))}
              onChange={(change, done) => void update(record, change, done)}
              onAddNote={(text) => addNote(record, text)}
              onReplied={() => record.status === 'new' && void update(record, { status: 'contacted' }, 'Marked as contacted')}
              onRetry={() => void retry(record)}
              onQuoted={() => void reloadOne(record.id)}
            />
          ))}
        </ul>
      )}
      {items && hasMore(items, total) && (
        <button type="button" className="admin-button admin-button--outline" disabled={loadingMore} onClick={() => void loadMore()}>
          {showMoreLabel(loadingMore, items.length, total)}
        </button>
      )}
      {items && <ReplyTemplatesEditor templates={templates} onSaved={setTemplates} />}
      <BookingMailSection open={mailSettingsOpen} onToggle={setMailSettingsOpen} />
    </section>
  )
}
