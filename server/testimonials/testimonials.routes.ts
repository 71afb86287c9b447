// /api/testimonials: public list, admin add, edit and delete by id.
import { Hono } from 'hono'
import { isAdmin, requireAdmin, type AppEnv } from '../auth/auth.middleware'
import type { ContentDeps } from '../lib/content-deps'
import { jsonBody } from '../lib/http'
import { BaseVersionSchema, withVersion } from '../lib/stale-edit'
import { TestimonialInputSchema } from './testimonials.schema'
import { addTestimonial, deleteTestimonial, listTestimonials, updateTestimonial } from './testimonials.store'

export function createTestimonialRoutes({ repo, store }: ContentDeps) {
  return new Hono<AppEnv>()
    .get('/testimonials', async (c) => {
      const list = await listTestimonials(store)
      return c.json(isAdmin(c) ? list.map(withVersion) : list)
    })
    .post('/testimonials', requireAdmin, async (c) => {
      const input = await jsonBody(c, TestimonialInputSchema)
      return c.json(withVersion(await addTestimonial(repo, store, input)), 201)
    })
    .put('/testimonials/:id', requireAdmin, async (c) => {
      const { baseVersion, ...input } = await jsonBody(c, TestimonialInputSchema.extend({ baseVersion: BaseVersionSchema }))
      return c.json(withVersion(await updateTestimonial(repo, store, c.req.param('id'), input, baseVersion)))
    })
    .delete('/testimonials/:id', requireAdmin, async (c) => {
      await deleteTestimonial(repo, store, c.req.param('id'))
      return c.json({ ok: true as const })
    })
}
