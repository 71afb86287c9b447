// /api/testimonials: public list, admin add, edit and delete by id.
import { Hono } from 'hono'
import type { AppDeps } from '../app'
import { requireAdmin, type AppEnv } from '../auth/auth.middleware'
import { jsonBody } from '../lib/http'
import { TestimonialInputSchema } from './testimonials.schema'
import { addTestimonial, deleteTestimonial, listTestimonials, updateTestimonial } from './testimonials.store'

export function createTestimonialRoutes({ repo, store }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/testimonials', async (c) => c.json(await listTestimonials(store)))
    .post('/testimonials', requireAdmin, async (c) => {
      const input = await jsonBody(c, TestimonialInputSchema)
      return c.json(await addTestimonial(repo, store, input), 201)
    })
    .put('/testimonials/:id', requireAdmin, async (c) => {
      const input = await jsonBody(c, TestimonialInputSchema)
      return c.json(await updateTestimonial(repo, store, c.req.param('id'), input))
    })
    .delete('/testimonials/:id', requireAdmin, async (c) => {
      await deleteTestimonial(repo, store, c.req.param('id'))
      return c.json({ ok: true as const })
    })
}
