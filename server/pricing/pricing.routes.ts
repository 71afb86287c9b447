// /api/pricing: the price list, public (visitors see what the studio charges); the owner saves it whole.
import { Hono } from 'hono'
import { z } from 'zod'
import { isAdmin, requireAdmin, type AppEnv } from '../auth/auth.middleware'
import type { ContentDeps } from '../lib/content-deps'
import { badRequest } from '../lib/errors'
import { jsonBody } from '../lib/http'
import { withVersion } from '../lib/stale-edit'
import { PricingSaveSchema } from './pricing.schema'
import { readPricing, savePricing } from './pricing.store'

const LIST_NAMES: Record<string, string> = { items: 'Item', addOns: 'Add-on', deliveryZones: 'Delivery zone' }

/** "Add-on 2: Price must be in whole cents …": which entry, when the problem is in one. */
function named(issue: z.core.$ZodIssue): string {
  const [list, index] = issue.path
  return typeof list === 'string' && LIST_NAMES[list] && typeof index === 'number'
    ? `${LIST_NAMES[list]} ${index + 1}: ${issue.message}`
    : issue.message
}

export function createPricingRoutes({ repo, store }: Pick<ContentDeps, 'repo' | 'store'>) {
  return new Hono<AppEnv>()
    .get('/pricing', async (c) => {
      const pricing = await readPricing(store)
      return c.json(isAdmin(c) ? withVersion(pricing) : pricing)
    })
    .put('/pricing', requireAdmin, async (c) => {
      const parsed = PricingSaveSchema.safeParse(await jsonBody(c, z.unknown()))
      if (!parsed.success) throw badRequest(named(parsed.error.issues[0]!))
      const { baseVersion, ...pricing } = parsed.data
      return c.json(withVersion(await savePricing(repo, store, pricing, baseVersion)))
    })
}
