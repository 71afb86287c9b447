// The balloon colours a visitor picks from. The table is loaded inside each test, not at the top of the file: a colour
// entry broken so the table cannot load then fails these tests (a file that fails to load runs no test, which a
// mutation run would count as unnoticed).
import { describe, expect, it } from 'vitest'

const colors = () => import('./balloon-colors')

describe('the balloon colours a visitor picks from', () => {
  it('each has a name, a swatch colour and its image, names unique', async () => {
    const { BALLOON_COLORS } = await colors()
    expect(BALLOON_COLORS.length).toBeGreaterThan(60)
    for (const c of BALLOON_COLORS) {
      expect(c.name, JSON.stringify(c)).toMatch(/^[A-Z][A-Za-z ]*[a-z]$/)
      expect(c.hex, c.name).toMatch(/^#[0-9a-f]{6}$/)
      expect(c.image, c.name).toBe(`/balloon-colors/${c.name.toLowerCase().replaceAll(' ', '-')}.svg`)
    }
    expect(new Set(BALLOON_COLORS.map((c) => c.name)).size).toBe(BALLOON_COLORS.length)
    expect(new Set(BALLOON_COLORS.map((c) => c.hex)).size).toBe(BALLOON_COLORS.length)
    expect(BALLOON_COLORS.find((c) => c.name === 'Baby Pink')?.image).toBe('/balloon-colors/baby-pink.svg')
  })

  it('in four groups, each shown by its own toggle', async () => {
    const { BALLOON_COLOR_GROUPS, BALLOON_COLORS, colorsShownFor } = await colors()
    expect(BALLOON_COLOR_GROUPS).toEqual([
      { group: 'standard', label: 'Standard' },
      { group: 'metallic', label: 'Metallic' },
      { group: 'crystal', label: 'Crystal' },
      { group: 'effects', label: 'Effects' },
    ])
    const all = { showStandardColors: true, showMetallicColors: true, showCrystalColors: true, showEffectsColors: true }
    expect(colorsShownFor(all)).toEqual(BALLOON_COLORS)
    for (const [toggle, group] of [
      ['showStandardColors', 'standard'],
      ['showMetallicColors', 'metallic'],
      ['showCrystalColors', 'crystal'],
      ['showEffectsColors', 'effects'],
    ] as const) {
      const shown = colorsShownFor({ ...all, [toggle]: false })
      expect(
        shown.some((c) => c.group === group),
        group,
      ).toBe(false)
      expect(shown.length, group).toBe(BALLOON_COLORS.length - BALLOON_COLORS.filter((c) => c.group === group).length)
      expect(
        BALLOON_COLORS.some((c) => c.group === group),
        group,
      ).toBe(true)
    }
  })
})
