// /api/pricing: the price list, public (visitors see what the studio charges); the owner saves it whole.
import { Hono } from 'hono'
import { isAdmin, requireAdmin, type AppEnv } from '../auth/auth.middleware'
import type { ContentDeps } from '../lib/content-deps'
import { jsonBody } from '../lib/http'
import { withVersion } from '../lib/stale-edit'
import { PricingSaveSchema } from './pricing.schema'
import { readPricing, savePricing } from './pricing.store'

export function createPricingRoutes({ repo, store }: Pick<ContentDeps, 'repo' | 'store'>) {
  return new Hono<AppEnv>()
    .get('/pricing', async (c) => {
      const pricing = await readPricing(store)
      return c.json(isAdmin(c) ? withVersion(pricing) : pricing)
    })
    .put('/pricing', requireAdmin, async (c) => {
      const { baseVersion, ...pricing } = await jsonBody(c, PricingSaveSchema)
      return c.json(withVersion(await savePricing(repo, store, pricing, baseVersion)))
    })
}
