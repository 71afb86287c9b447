// The sentence under the Testimonials list: what the home page shows of it, for each count of testimonials and
// featured ones (the home page picks three: pickTestimonials in web/pages/home/home-loader.ts).
import { describe, expect, it } from 'vitest'
import { homePageRule } from './home-page-rule'

const list = (count: number, featured = 0) => Array.from({ length: count }, (_, i) => ({ featured: i < featured }))

describe('homePageRule', () => {
  it('all of them, in order, while three or fewer', () => {
    expect(homePageRule(list(0))).toBe('The home page shows all 0 of these, in this order.')
    expect(homePageRule(list(1, 1))).toBe('The home page shows all one of these, in this order.')
    expect(homePageRule(list(2))).toBe('The home page shows all 2 of these, in this order.')
    expect(homePageRule(list(3, 3))).toBe('The home page shows all 3 of these, in this order.')
  })

  it('three at random past three, none featured, with the hint to feature one', () => {
    expect(homePageRule(list(4))).toBe(
      'The home page shows three of these 4, picked at random on each visit. Feature one to always show it.',
    )
  })

  it('the featured ones always and the rest at random', () => {
    expect(homePageRule(list(5, 1))).toBe(
      'The home page shows three: the featured one always, and 2 others picked at random from the rest on each visit.',
    )
    expect(homePageRule(list(5, 2))).toBe(
      'The home page shows three: the 2 featured ones always, and one other picked at random from the rest on each visit.',
    )
  })

  it('three of the featured ones once three or more are featured', () => {
    expect(homePageRule(list(4, 3))).toBe('The home page shows three of the 3 featured ones, a different three on each visit.')
    expect(homePageRule(list(6, 5))).toBe('The home page shows three of the 5 featured ones, a different three on each visit.')
  })
})
