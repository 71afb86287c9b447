// Site settings (brand, contact, social, hero, feature flags) from content/site.yaml.
import type { ContentStore } from '../lib/content-store'
import { SiteSettingsSchema, type SiteSettings } from './site.schema'

export const SITE_FILE = 'content/site.yaml'

export async function readSiteSettings(store: ContentStore): Promise<SiteSettings> {
  return store.readYaml(SITE_FILE, SiteSettingsSchema)
}
