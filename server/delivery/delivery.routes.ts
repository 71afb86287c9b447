// /api/delivery-installation-content: public read, admin save.
import { Hono } from 'hono'
import type { AppDeps } from '../app'
import { isAdmin, requireAdmin, type AppEnv } from '../auth/auth.middleware'
import { BaseVersionSchema, staleEditAnswer, withBaseVersion, withVersion } from '../history/versions'
import { jsonBody } from '../lib/http'
import { DeliveryContentSchema } from './delivery.schema'
import { readDeliveryContent, writeDeliveryContent } from './delivery.store'

const ITEM = 'delivery-installation'

export function createDeliveryRoutes({ repo, store }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/delivery-installation-content', async (c) => {
      const content = await readDeliveryContent(store)
      return c.json(isAdmin(c) ? await withVersion(store.root, ITEM, content) : content)
    })
    .put('/delivery-installation-content', requireAdmin, staleEditAnswer(store.root, () => readDeliveryContent(store)), async (c) => {
      const { baseVersion, ...content } = await jsonBody(c, DeliveryContentSchema.extend({ baseVersion: BaseVersionSchema }))
      const saved = await withBaseVersion(ITEM, baseVersion, () => writeDeliveryContent(repo, store, content))
      return c.json(await withVersion(store.root, ITEM, saved))
    })
}
