// Site settings (brand, contact, social, hero, Why Choose, about page, search text, feature flags) in
// content/site.yaml: read per request, each save one commit naming the parts it changed.
import type { ContentStore } from '../lib/content-store'
import type { ContentRepo } from '../lib/git'
import { assertBaseVersion, contentVersion } from '../lib/stale-edit'
import { SiteSettingsSchema, type SiteSettings } from './site.schema'

export const SITE_FILE = 'content/site.yaml'
const SITE_ITEM = 'site'

/** The parts of the settings in the owner's words, for commit subjects ("Update site settings: contact, hero"). */
const PART_NAMES: Record<string, string> = {
  brand: 'brand',
  contact: 'contact',
  social: 'social links',
  hero: 'hero',
  why: 'Why Choose',
  about: 'about page',
  pages: 'page texts',
  seo: 'search & sharing',
  features: 'pages on/off',
}

export async function readSiteSettings(store: ContentStore): Promise<SiteSettings> {
  return store.readYaml(SITE_FILE, SiteSettingsSchema)
}

/** The top-level parts whose values differ between two versions of the settings. */
export function changedParts(before: SiteSettings, after: SiteSettings): string[] {
  return Object.keys(PART_NAMES).filter(
    (key) => contentVersion(before[key as keyof SiteSettings]) !== contentVersion(after[key as keyof SiteSettings]),
  )
}

/**
 * Replaces the settings: one commit touching only content/site.yaml, none when nothing changed. With a baseVersion,
 * refuses (409) when the settings changed since the editor loaded them (checked in the write queue).
 */
export function writeSiteSettings(
  repo: ContentRepo,
  store: ContentStore,
  input: SiteSettings,
  baseVersion?: string,
): Promise<SiteSettings> {
  return repo.change({
    message: 'Update site settings',
    items: [SITE_ITEM],
    apply: async () => {
      const current = await readSiteSettings(store)
      assertBaseVersion(current, baseVersion)
      const next = store.validate(SITE_FILE, SiteSettingsSchema, input)
      const parts = changedParts(current, next)
      if (parts.length === 0) return { paths: [], result: current }
      const path = await store.writeYaml(SITE_FILE, SiteSettingsSchema, next)
      return {
        paths: [path],
        result: await readSiteSettings(store),
        message: `Update site settings: ${parts.map((p) => PART_NAMES[p]).join(', ')}`,
      }
    },
  })
}
