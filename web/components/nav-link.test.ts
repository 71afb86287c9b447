import { describe, expect, it } from 'vitest'
import { isCurrent } from './nav-link'

describe('isCurrent', () => {
  it('marks Home only on the home page', () => {
    expect(isCurrent('/', '/', true)).toBe(true)
    expect(isCurrent('/', '/about', true)).toBe(false)
    expect(isCurrent('/', '/services/bouquets')).toBe(false)
  })

  it('marks a link on its own page and on the pages under it', () => {
    expect(isCurrent('/about', '/about')).toBe(true)
    expect(isCurrent('/about', '/about/')).toBe(true)
    expect(isCurrent('/services', '/services/bouquets')).toBe(true)
    expect(isCurrent('/services/bouquets', '/services/bouquets-deluxe')).toBe(false)
    expect(isCurrent('/delivery-installation', '/contact')).toBe(false)
  })

  it('never marks a link to a place on a page', () => {
    expect(isCurrent('/#service-corporate', '/')).toBe(false)
  })
})
