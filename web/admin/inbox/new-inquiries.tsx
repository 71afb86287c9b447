// The count of new inquiries: a badge on the Inbox tab and a "(3 new)" prefix on the dashboard's page title.
import { useEffect, useState } from 'react'
import { getInboxSummary, INQUIRIES_CHANGED } from './inbox-api'

const POLL_MS = 60_000
const TITLE_PREFIX = /^\(\d+ new\) /

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
      const base = document.title.replace(TITLE_PREFIX, '')
      const next = count > 0 ? `(${count} new) ${base}` : base
      if (document.title !== next) document.title = next
    }
    apply()
    const titleEl = document.querySelector('title')
    const observer = titleEl ? new MutationObserver(apply) : null
    if (titleEl) observer?.observe(titleEl, { childList: true, characterData: true, subtree: true })
    return () => {
      observer?.disconnect()
      document.title = document.title.replace(TITLE_PREFIX, '')
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
