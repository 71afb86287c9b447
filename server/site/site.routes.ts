// /api/site-settings: public read (with a version for the admin's editor), admin save of the whole settings.
import { Hono } from 'hono'
import { z } from 'zod'
import { isAdmin, requireAdmin, type AppEnv } from '../auth/auth.middleware'
import { clockNow } from '../lib/clock'
import type { ContentDeps } from '../lib/content-deps'
import { badRequest } from '../lib/errors'
import { jsonBody } from '../lib/http'
import { BaseVersionSchema, withVersion } from '../lib/stale-edit'
import { SiteSettingsInputSchema, publicSiteSettings } from './site.schema'
import { readSiteSettings, writeSiteSettings } from './site.store'

const SaveSchema = SiteSettingsInputSchema.extend({ baseVersion: BaseVersionSchema })

/** zod's own messages for a wrong shape do not say where; the field's path does. */
function named(issue: z.core.$ZodIssue): string {
  return issue.code === 'custom' ||
    issue.code === 'too_big' ||
    issue.code === 'too_small' ||
    issue.code === 'invalid_format' ||
    !issue.path.length
    ? issue.message
    : `${issue.path.join('.')}: ${issue.message}`
}

export function createSiteRoutes({ repo, store }: Pick<ContentDeps, 'repo' | 'store'>) {
  return new Hono<AppEnv>()
    .get('/site-settings', async (c) => {
      const settings = await readSiteSettings(store)
      // The admin edits the settings as stored; visitors get the hero of the moment (a seasonal one inside its window).
      return c.json(isAdmin(c) ? withVersion(settings) : publicSiteSettings(settings, clockNow()))
    })
    .put('/site-settings', requireAdmin, async (c) => {
      const parsed = SaveSchema.safeParse(await jsonBody(c, z.unknown()))
      if (!parsed.success) throw badRequest(named(parsed.error.issues[0]))
      const { baseVersion, ...settings } = parsed.data
      return c.json(withVersion(await writeSiteSettings(repo, store, settings, baseVersion)))
    })
}
