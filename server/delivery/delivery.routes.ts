// /api/delivery-installation-content: public read, admin save.
import { Hono } from 'hono'
import type { AppDeps } from '../app'
import { requireAdmin, type AppEnv } from '../auth/auth.middleware'
import { jsonBody } from '../lib/http'
import { DeliveryContentSchema } from './delivery.schema'
import { readDeliveryContent, writeDeliveryContent } from './delivery.store'

export function createDeliveryRoutes({ repo, store }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/delivery-installation-content', async (c) => c.json(await readDeliveryContent(store)))
    .put('/delivery-installation-content', requireAdmin, async (c) => {
      const content = await jsonBody(c, DeliveryContentSchema)
      return c.json(await writeDeliveryContent(repo, store, content))
    })
}
