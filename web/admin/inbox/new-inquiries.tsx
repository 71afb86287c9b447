// The count of new inquiries: a badge on the Inbox tab and a "(3 new)" prefix on the dashboard's page title.
import { useEffect, useState } from 'react'
import { getInboxSummary, INQUIRIES_CHANGED } from './inbox-api'
import { titleWithCount } from './new-count-title'

const POLL_MS = 60_000

export function NewInquiriesBadge() {
  const [count, setCount] = useState(0)
  useEffect(() => {
    let cancelled = false
    const load = () =>
      void getInboxSummary().then(
        (s) => !cancelled && setCount(s.new),
        () => undefined,
      )
    load()
    const timer = window.setInterval(load, POLL_MS)
    window.addEventListener(INQUIRIES_CHANGED, load)
    return () => {
      cancelled = true
      window.clearInterval(timer)
      window.removeEventListener(INQUIRIES_CHANGED, load)
    }
  }, [])
  useEffect(() => {
    // The title itself is set elsewhere (brand); keep it and change only the prefix, also when it is set again later.
    const apply = () => {
      const next = titleWithCount(document.title, count)
      if (document.title !== next) document.title = next
    }
    apply()
    const titleEl = document.querySelector('title')
    const observer = titleEl ? new MutationObserver(apply) : null
    if (titleEl) observer?.observe(titleEl, { childList: true, characterData: true, subtree: true })
    return () => {
      observer?.disconnect()
      document.title = titleWithCount(document.title, 0)
    }
  }, [count])
  if (count === 0) return null
  return (
    <>
      {' '}
      <span className="admin-tabs__count">
        {count}
        <span className="admin-visually-hidden"> new</span>
      </span>
    </>
  )
}
