// /api/faq: the questions in order (public); the admin's editor reads them with their version and saves the list.
import { Hono } from 'hono'
import { z } from 'zod'
import { requireAdmin, type AppEnv } from '../auth/auth.middleware'
import { clockNow } from '../lib/clock'
import type { ContentDeps } from '../lib/content-deps'
import { badRequest } from '../lib/errors'
import { jsonBody } from '../lib/http'
import { BaseVersionSchema, contentVersion } from '../lib/stale-edit'
import { FaqSaveSchema } from './faq.schema'
import { listFaq, listPublicFaq, saveFaq } from './faq.store'

const SaveSchema = FaqSaveSchema.extend({ baseVersion: BaseVersionSchema })

/** "Question 3: Answer is required": which item, when the problem is in one. */
function named(issue: z.core.$ZodIssue): string {
  const index = issue.path[0] === 'items' && typeof issue.path[1] === 'number' ? issue.path[1] : null
  return index === null ? issue.message : `Question ${index + 1}: ${issue.message}`
}

const versioned = <T>(items: T[]) => ({ items, version: contentVersion(items) })

export function createFaqRoutes({ repo, store }: Pick<ContentDeps, 'repo' | 'store'>) {
  return new Hono<AppEnv>()
    .get('/faq', async (c) => c.json(await listPublicFaq(store, clockNow())))
    .get('/admin/faq', requireAdmin, async (c) => c.json(versioned(await listFaq(store))))
    .put('/faq', requireAdmin, async (c) => {
      const parsed = SaveSchema.safeParse(await jsonBody(c, z.unknown()))
      if (!parsed.success) throw badRequest(named(parsed.error.issues[0]))
      const { items, baseVersion } = parsed.data
      return c.json(versioned(await saveFaq(repo, store, items, baseVersion)))
    })
}
