// /api/testimonials: public list, admin add, edit and delete by id.
import { Hono } from 'hono'
import type { AppDeps } from '../app'
import { isAdmin, requireAdmin, type AppEnv } from '../auth/auth.middleware'
import { BaseVersionSchema, staleEditAnswer, withBaseVersion } from '../history/versions'
import { itemVersion } from '../history/history.store'
import { jsonBody } from '../lib/http'
import { TestimonialInputSchema } from './testimonials.schema'
import { addTestimonial, deleteTestimonial, listTestimonials, updateTestimonial } from './testimonials.store'

export function createTestimonialRoutes({ repo, store }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/testimonials', async (c) => {
      const list = await listTestimonials(store)
      if (!isAdmin(c)) return c.json(list)
      // The dashboard sends this back as baseVersion (all testimonials are one item: one file).
      const version = await itemVersion(store.root, 'testimonials')
      return c.json(list.map((t) => ({ ...t, version })))
    })
    .post('/testimonials', requireAdmin, async (c) => {
      const input = await jsonBody(c, TestimonialInputSchema)
      return c.json(await addTestimonial(repo, store, input), 201)
    })
    .put('/testimonials/:id', requireAdmin, staleEditAnswer(store.root, () => listTestimonials(store)), async (c) => {
      const { baseVersion, ...input } = await jsonBody(c, TestimonialInputSchema.extend({ baseVersion: BaseVersionSchema }))
      return c.json(await withBaseVersion('testimonials', baseVersion, () => updateTestimonial(repo, store, c.req.param('id'), input)))
    })
    .delete('/testimonials/:id', requireAdmin, async (c) => {
      await deleteTestimonial(repo, store, c.req.param('id'))
      return c.json({ ok: true as const })
    })
}
