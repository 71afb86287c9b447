import { describe, expect, it } from 'vitest'
import { findCorporateService, serviceHref } from './paths'

describe('service links', () => {
  it('go to the service page when service pages are on, else to its card on the home page', () => {
    expect(serviceHref('birthday', true)).toBe('/services/birthday')
    expect(serviceHref('birthday', false)).toBe('/#service-birthday')
  })

  it('the Corporate link finds the service titled Corporate, whatever its case and spaces', () => {
    const services = [
      { id: 'a', title: 'Corporate events' },
      { id: 'b', title: '  CORPORATE ' },
      { id: 'c', title: 'Corporate' },
    ]
    expect(findCorporateService(services)).toEqual({ id: 'b', title: '  CORPORATE ' })
    expect(
      findCorporateService([
        { id: 'a', title: 'Corporates' },
        { id: 'c', title: 'corporate' },
      ])?.id,
    ).toBe('c')
    expect(findCorporateService([{ id: 'a', title: 'Corporate events' }])).toBeUndefined()
    expect(findCorporateService([])).toBeUndefined()
    expect(findCorporateService(null)).toBeUndefined()
  })
})
