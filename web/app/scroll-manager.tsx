// Scrolls to the top on every path change, or smoothly to the element named by the hash once it exists.
import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'

const RETRY_MS = 100
const MAX_RETRIES = 10

export function ScrollManager() {
  const { pathname, hash } = useLocation()
  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0)
      return
    }
    const id = decodeURIComponent(hash.slice(1))
    let retries = 0
    let timer: ReturnType<typeof setTimeout> | undefined
    const attempt = () => {
      const target = document.getElementById(id)
      if (target) target.scrollIntoView({ behavior: 'smooth', block: 'start' })
      else if (retries++ < MAX_RETRIES) timer = setTimeout(attempt, RETRY_MS)
    }
    attempt()
    return () => clearTimeout(timer)
  }, [pathname, hash])
  return null
}
