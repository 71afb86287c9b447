// A page opens at the top (each public page is its own document); with a hash in the address it scrolls smoothly
// to the element with that id once it exists, on arrival and whenever the hash changes.
import { useEffect } from 'react'

const RETRY_MS = 100
const MAX_RETRIES = 10

/** The id a hash names; a malformed %-escape (`#%ZZ`) is taken as written rather than throwing (a blank page). */
export function hashId(hash: string): string {
  const raw = hash.replace(/^#/, '')
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}

/** Scrolls to the element named by the hash, retrying every 100 ms up to 10 times; returns a cancel function. */
function scrollToHash(hash: string, doc: Document = document): () => void {
  const id = hashId(hash)
  let retries = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  const attempt = () => {
    const target = id ? doc.getElementById(id) : null
    if (target) target.scrollIntoView({ behavior: 'smooth', block: 'start' })
    else if (id && retries++ < MAX_RETRIES) timer = setTimeout(attempt, RETRY_MS)
  }
  attempt()
  return () => clearTimeout(timer)
}

export function ScrollToHash() {
  useEffect(() => {
    let cancel = scrollToHash(window.location.hash)
    const onHashChange = () => {
      cancel()
      cancel = scrollToHash(window.location.hash)
    }
    window.addEventListener('hashchange', onHashChange)
    return () => {
      cancel()
      window.removeEventListener('hashchange', onHashChange)
    }
  }, [])
  return null
}
