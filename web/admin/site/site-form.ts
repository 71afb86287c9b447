// The Site tab's form rules (site-panel.tsx draws them): the check before a save, one field of one part changed, the
// seasonal hero changed or removed, the page texts in their two groups, and the part names the stale-edit dialog uses.
import { withoutOpenSides } from '../../../server/lib/schedule'
import { PAGE_TEXT_FIELDS, SiteSettingsInputSchema, type SiteSettings } from '../../../server/site/site.schema'

export type Seasonal = NonNullable<SiteSettings['hero']['seasonal']>
export type PageTextKey = keyof typeof PAGE_TEXT_FIELDS

export const PART_LABELS: Record<string, string> = {
  brand: 'Brand',
  contact: 'Contact',
  social: 'Social links',
  hero: 'Hero',
  why: 'Why Choose',
  about: 'About page',
  pages: 'Page texts',
  seo: 'Search & sharing',
  features: 'Pages on/off',
}

/** Why the settings cannot be saved (the schema's first problem), or null. */
export function siteProblem(form: SiteSettings): string | null {
  const checked = SiteSettingsInputSchema.safeParse(form)
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'Please check the fields.')
}

/** The settings with a change to one part: a list part (Why Choose) replaced, an object part merged field by field. */
export const withPart = <P extends keyof SiteSettings>(current: SiteSettings, part: P, patch: Partial<SiteSettings[P]>): SiteSettings => ({
  ...current,
  [part]: Array.isArray(current[part]) ? patch : { ...(current[part] as object), ...patch },
})

/** A text field's value as its input shows it ('' for none). */
export const fieldText = (form: SiteSettings, part: keyof SiteSettings, key: string): string =>
  String((form[part] as unknown as Record<string, unknown>)[key] ?? '')

/** The seasonal hero after a change (an empty schedule side left out), or undefined when it is removed (null). */
export const changedSeasonal = (seasonal: Seasonal | undefined, patch: Partial<Seasonal> | null): Seasonal | undefined =>
  patch === null ? undefined : withoutOpenSides({ ...(seasonal as Seasonal), ...patch })

/** A new seasonal hero: empty, with no schedule. */
export const blankSeasonal = (): Seasonal => ({ title: '', subtitle: '', image: '', imageAlt: '' })

/** The page texts whose keys pass `which`, each with its label, its limit, and a text area for the long ones. */
export const pageTextFields = (which: (key: PageTextKey) => boolean) =>
  (Object.keys(PAGE_TEXT_FIELDS) as PageTextKey[]).filter(which).map((key) => ({
    key,
    label: PAGE_TEXT_FIELDS[key].label,
    max: PAGE_TEXT_FIELDS[key].max,
    multiline: PAGE_TEXT_FIELDS[key].max > 150,
  }))

/** The About page's texts go with the About section; the rest with the page texts. */
export const isAboutText = (key: PageTextKey): boolean => key.startsWith('about')
