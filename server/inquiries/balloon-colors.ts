// The balloon colour catalogue: each colour's group, name, swatch image and a representative hex for its swatch.
type BalloonColorGroup = 'standard' | 'metallic' | 'crystal' | 'effects'

export interface BalloonColor {
  group: BalloonColorGroup
  name: string
  /** Path of the swatch image served by the web app. */
  image: string
  hex: string
}

export const BALLOON_COLOR_GROUPS: { group: BalloonColorGroup; label: string }[] = [
  { group: 'standard', label: 'Standard' },
  { group: 'metallic', label: 'Metallic' },
  { group: 'crystal', label: 'Crystal' },
  { group: 'effects', label: 'Effects' },
]

const standard: [string, string][] = [
  ['White', '#ffffff'],
  ['Ivory', '#f6efd9'],
  ['Cream', '#f3e5c0'],
  ['Blush', '#f4c9c4'],
  ['Baby Pink', '#f7b8cc'],
  ['Pink', '#f48fb1'],
  ['Hot Pink', '#e83e8c'],
  ['Fuchsia', '#c2185b'],
  ['Magenta', '#b0127a'],
  ['Rose', '#d97a8a'],
  ['Dusty Rose', '#c99a98'],
  ['Coral', '#f2776b'],
  ['Peach', '#f8b98f'],
  ['Apricot', '#f6a65a'],
  ['Orange', '#f57c00'],
  ['Burnt Orange', '#c4571c'],
  ['Terracotta', '#b5593f'],
  ['Yellow', '#fbd33f'],
  ['Lemon', '#fff176'],
  ['Goldenrod', '#e0a526'],
  ['Mustard', '#c9a227'],
  ['Red', '#d32f2f'],
  ['Cherry Red', '#b71c1c'],
  ['Burgundy', '#7b1f2f'],
  ['Wine', '#5e1a2b'],
  ['Lavender', '#c5b3e6'],
  ['Lilac', '#b39ddb'],
  ['Purple', '#7b3fa0'],
  ['Plum', '#5c2a54'],
  ['Baby Blue', '#aed6f1'],
  ['Sky Blue', '#74b9e8'],
  ['Robin Egg Blue', '#8fd3d6'],
  ['Turquoise', '#2bb3b1'],
  ['Teal', '#1b7f7a'],
  ['Royal Blue', '#2451b7'],
  ['Navy', '#1c2a4a'],
  ['Cobalt', '#1f4fa0'],
  ['Slate Blue', '#6a7fa8'],
  ['Mint', '#b8e6cf'],
  ['Sage', '#a7b89a'],
  ['Lime Green', '#9ccc3c'],
  ['Green', '#2e9d4f'],
  ['Emerald', '#157a4b'],
  ['Forest Green', '#22543d'],
  ['Olive', '#6b7237'],
  ['Eucalyptus', '#8ba593'],
  ['Sand', '#d8c3a0'],
  ['Taupe', '#a8968a'],
  ['Chocolate', '#5b3a29'],
  ['Grey', '#a6a6a6'],
  ['Stone', '#8d8b84'],
  ['Black', '#1b1b1b'],
  ['Clear', '#e9f3f8'],
]

const metallic: [string, string][] = [
  ['Metallic Gold', '#c9a03d'],
  ['Metallic Silver', '#b8bcc2'],
  ['Metallic Rose Gold', '#d4a08f'],
  ['Metallic Champagne', '#dcc7a1'],
  ['Metallic Pink', '#e48fb0'],
  ['Metallic Red', '#b3202d'],
  ['Metallic Blue', '#2e5ea8'],
  ['Metallic Green', '#2f7d4f'],
  ['Metallic Purple', '#6d3f95'],
  ['Metallic Lilac', '#b59ad6'],
  ['Metallic Teal', '#1f8a8a'],
  ['Metallic Orange', '#e07a2a'],
  ['Metallic Black', '#2b2b2e'],
]

const crystal: [string, string][] = [
  ['Crystal Clear', '#e8f4fb'],
  ['Crystal Pink', '#f3a6c8'],
  ['Crystal Red', '#d8323f'],
  ['Crystal Blue', '#4f8fd8'],
  ['Crystal Green', '#4fbf7f'],
  ['Crystal Yellow', '#f7d84a'],
  ['Crystal Purple', '#9a62c9'],
  ['Crystal Orange', '#f39a3c'],
  ['Crystal Aqua', '#5fd0d6'],
]

const effects: [string, string][] = [
  ['Rockstar', '#3a3a46'],
  ['Golden', '#d9ae4a'],
  ['Silvery', '#c7ccd3'],
  ['Shadow', '#4a4d57'],
]

function balloonColorSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

function group(g: BalloonColorGroup, list: [string, string][]): BalloonColor[] {
  return list.map(([name, hex]) => ({ group: g, name, hex, image: `/balloon-colors/${balloonColorSlug(name)}.svg` }))
}

export const BALLOON_COLORS: readonly BalloonColor[] = [
  ...group('standard', standard),
  ...group('metallic', metallic),
  ...group('crystal', crystal),
  ...group('effects', effects),
]

interface ColorGroupToggles {
  showStandardColors: boolean
  showMetallicColors: boolean
  showCrystalColors: boolean
  showEffectsColors: boolean
}

/** The colours a service's picker offers, per its four group toggles. */
export function colorsShownFor(toggles: ColorGroupToggles): BalloonColor[] {
  const shown: Record<BalloonColorGroup, boolean> = {
    standard: toggles.showStandardColors,
    metallic: toggles.showMetallicColors,
    crystal: toggles.showCrystalColors,
    effects: toggles.showEffectsColors,
  }
  return BALLOON_COLORS.filter((c) => shown[c.group])
}
