// The inquiry form card: the colour groups the owner can switch, in their order, each saved to its own setting; the
// colour settings only while the picker is offered; the maximum's hint.
import { describe, expect, it } from 'vitest'
import { ServiceSchema } from '../../../server/services/services.schema'
import { toUpdate, valuesFromService } from './editor-values'
import { COLOR_GROUPS, colorSettingsShown, MAX_COLORS_HINT } from './inquiry-form-options'

const values = valuesFromService(ServiceSchema.parse({ id: 'arches', title: 'Arches', description: 'Balloon arches.' }))

describe('the colour groups', () => {
  it('are the four groups, in the order of the switches, each with its label', () => {
    expect(COLOR_GROUPS).toEqual([
      { key: 'showStandardColors', label: 'Standard colors' },
      { key: 'showMetallicColors', label: 'Metallic colors' },
      { key: 'showCrystalColors', label: 'Crystal colors' },
      { key: 'showEffectsColors', label: 'Effects colors' },
    ])
  })

  it('each switch saves its own group and no other', () => {
    for (const { key } of COLOR_GROUPS) {
      const update = toUpdate({ ...values, [key]: false })
      for (const other of COLOR_GROUPS) expect(update[other.key]).toBe(other.key !== key)
    }
  })
})

describe('the colour settings', () => {
  it('show while the colour picker is offered, and not otherwise', () => {
    expect(colorSettingsShown({ showBalloonColorSelection: true })).toBe(true)
    expect(colorSettingsShown({ showBalloonColorSelection: false })).toBe(false)
  })

  it('hint the maximum the server takes', () => {
    expect(MAX_COLORS_HINT).toBe('From 1 to 50. Leave empty for no limit.')
  })
})
