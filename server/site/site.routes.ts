// GET /api/site-settings: brand, contact, social links, hero and feature flags for the web app.
import { Hono } from 'hono'
import type { ContentDeps } from '../lib/content-deps'
import type { AppEnv } from '../auth/auth.middleware'
import { readSiteSettings } from './site.store'

export function createSiteRoutes({ store }: Pick<ContentDeps, 'store'>) {
  return new Hono<AppEnv>().get('/site-settings', async (c) => c.json(await readSiteSettings(store)))
}
