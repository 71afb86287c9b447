import { describe, expect, it } from 'vitest'
import { pageTitles } from './titles'

describe('public page titles', () => {
  it('each names the page and the brand', () => {
    const brand = 'Pop Studio'
    expect(pageTitles.home(brand)).toBe('Pop Studio | Balloon Decor in Portland, Oregon')
    expect(pageTitles.service('Weddings', brand)).toBe('Weddings | Pop Studio')
    expect(pageTitles.about(brand)).toBe('About | Pop Studio')
    expect(pageTitles.contact(brand)).toBe('Contact | Pop Studio')
    expect(pageTitles.delivery(brand)).toBe('Delivery & Installation | Pop Studio')
    expect(pageTitles.thankYou(brand)).toBe('Thank You | Pop Studio')
    expect(pageTitles.privacy(brand)).toBe('Privacy | Pop Studio')
    expect(pageTitles.faq(brand)).toBe('Frequently Asked Questions | Pop Studio')
    expect(pageTitles.notFound(brand)).toBe('Page Not Found | Pop Studio')
  })
})
