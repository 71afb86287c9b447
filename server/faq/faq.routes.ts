// /api/faq: the questions in order (public); the admin's editor reads them with their version and saves the list.
import { Hono } from 'hono'
import { requireAdmin, type AppEnv } from '../auth/auth.middleware'
import type { ContentDeps } from '../lib/content-deps'
import { jsonBody } from '../lib/http'
import { BaseVersionSchema, contentVersion } from '../lib/stale-edit'
import { FaqSaveSchema } from './faq.schema'
import { listFaq, saveFaq } from './faq.store'

const versioned = <T>(items: T[]) => ({ items, version: contentVersion(items) })

export function createFaqRoutes({ repo, store }: Pick<ContentDeps, 'repo' | 'store'>) {
  return new Hono<AppEnv>()
    .get('/faq', async (c) => c.json(await listFaq(store)))
    .get('/admin/faq', requireAdmin, async (c) => c.json(versioned(await listFaq(store))))
    .put('/faq', requireAdmin, async (c) => {
      const { items, baseVersion } = await jsonBody(c, FaqSaveSchema.extend({ baseVersion: BaseVersionSchema }))
      return c.json(versioned(await saveFaq(repo, store, items, baseVersion)))
    })
}
