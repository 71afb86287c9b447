import { describe, expect, it } from 'vitest'
import { pickTestimonials } from './home-loader'

const t = (id: string, featured = false) => ({ id, featured })
const seeded = (seed: number) => () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646

describe('pickTestimonials', () => {
  const all = [t('a'), t('b'), t('c', true), t('d'), t('e'), t('f', true)]

  it('always includes the featured ones among the three, whatever the draw', () => {
    for (let seed = 1; seed < 200; seed++) {
      const picked = pickTestimonials(all, 3, seeded(seed)).map((x) => x.id)
      expect(picked).toHaveLength(3)
      expect(picked).toEqual(expect.arrayContaining(['c', 'f']))
      expect(new Set(picked).size).toBe(3)
    }
  })

  it('with more featured than places, shows only featured ones', () => {
    const many = [t('a', true), t('b', true), t('c', true), t('d', true), t('e')]
    for (let seed = 1; seed < 50; seed++) expect(pickTestimonials(many, 3, seeded(seed)).every((x) => x.featured)).toBe(true)
  })

  it('draws the rest at random, so every one gets its turn', () => {
    const seen = new Set<string>()
    for (let seed = 1; seed < 200; seed++) for (const x of pickTestimonials(all, 3, seeded(seed))) seen.add(x.id)
    expect([...seen].sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f'])
  })

  it("keeps the owner's order when all fit", () => {
    expect(pickTestimonials([t('x'), t('y', true)], 3).map((x) => x.id)).toEqual(['x', 'y'])
  })
})
