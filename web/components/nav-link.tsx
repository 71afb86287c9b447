// A navigation link that marks itself as the current page (aria-current and the is-active class).
import type { AnchorHTMLAttributes } from 'react'
import { useCurrentPath } from '../lib/page-context'

/** Whether `href` is the current page: the same path, or (without `end`) a path under it. */
export function isCurrent(href: string, path: string, end = false): boolean {
  if (href.includes('#')) return false
  const target = href.replace(/\/+$/, '') || '/'
  const current = path.replace(/\/+$/, '') || '/'
  if (current === target) return true
  return !end && target !== '/' && current.startsWith(`${target}/`)
}

export function NavLink({ href, end, className, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; end?: boolean }) {
  const active = isCurrent(href, useCurrentPath(), end)
  return (
    <a href={href} className={`${className ?? ''}${active ? ' is-active' : ''}`} aria-current={active ? 'page' : undefined} {...rest} />
  )
}
