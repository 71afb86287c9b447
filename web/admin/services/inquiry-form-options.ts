// The inquiry form card's options (inquiry-form-config.tsx lays them out): the colour groups offered, when the colour
// settings show, and the limit's hint.
import { MAX_BALLOON_COLORS_LIMIT, type ColorGroupKey, type EditorValues } from './editor-values'

/** The balloon colour groups a service may offer, in the order of the switches. */
export const COLOR_GROUPS: readonly { key: ColorGroupKey; label: string }[] = [
  { key: 'showStandardColors', label: 'Standard colors' },
  { key: 'showMetallicColors', label: 'Metallic colors' },
  { key: 'showCrystalColors', label: 'Crystal colors' },
  { key: 'showEffectsColors', label: 'Effects colors' },
]

/** Required, the maximum and the groups show only while the colour picker is offered at all. */
export const colorSettingsShown = (values: Pick<EditorValues, 'showBalloonColorSelection'>): boolean => values.showBalloonColorSelection

/** The maximum's hint, naming the highest the server takes. */
export const MAX_COLORS_HINT = `From 1 to ${MAX_BALLOON_COLORS_LIMIT}. Leave empty for no limit.`
