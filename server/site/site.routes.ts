// GET /api/site-settings: brand, contact, social links, hero and feature flags for the web app.
import { Hono } from 'hono'
import type { AppDeps } from '../app'
import type { AppEnv } from '../auth/auth.middleware'
import { readSiteSettings } from './site.store'

export function createSiteRoutes({ store }: AppDeps) {
  return new Hono<AppEnv>().get('/site-settings', async (c) => c.json(await readSiteSettings(store)))
}
