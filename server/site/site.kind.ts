// Site settings as a content kind: content/site.yaml (brand, contact, hero, pages, search and sharing).
import { defineKind } from '../lib/content-kind'
import { SiteSettingsSchema } from './site.schema'

export const SITE_KIND = defineKind({
  item: 'site',
  file: 'content/site.yaml',
  schema: SiteSettingsSchema,
  label: 'Site settings',
  inSentence: 'the site settings',
  restoreName: 'site settings',
  historyKind: 'pages',
  diff: { style: 'site' },
  publicReads: /^\/api\/site-settings$/,
  restorable: true,
})
