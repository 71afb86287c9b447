// /api/delivery-installation-content: public read, admin save.
import { Hono } from 'hono'
import { isAdmin, requireAdmin, type AppEnv } from '../auth/auth.middleware'
import type { ContentDeps } from '../lib/content-deps'
import { jsonBody } from '../lib/http'
import { BaseVersionSchema, withVersion } from '../lib/stale-edit'
import { DeliveryContentSchema } from './delivery.schema'
import { readDeliveryContent, writeDeliveryContent } from './delivery.store'

export function createDeliveryRoutes({ repo, store }: ContentDeps) {
  return new Hono<AppEnv>()
    .get('/delivery-installation-content', async (c) => {
      const content = await readDeliveryContent(store)
      return c.json(isAdmin(c) ? withVersion(content) : content)
    })
    .put('/delivery-installation-content', requireAdmin, async (c) => {
      const { baseVersion, ...content } = await jsonBody(c, DeliveryContentSchema.extend({ baseVersion: BaseVersionSchema }))
      return c.json(withVersion(await writeDeliveryContent(repo, store, content, baseVersion)))
    })
}
