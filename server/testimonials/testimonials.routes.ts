// /api/testimonials: public list, admin add, edit and delete by id.
import { Hono } from 'hono'
import type { AppDeps } from '../app'
import { isAdmin, requireAdmin, type AppEnv } from '../auth/auth.middleware'
import { BaseVersionSchema } from '../history/versions'
import { jsonBody } from '../lib/http'
import { TestimonialInputSchema } from './testimonials.schema'
import { StaleTestimonialError } from './testimonials.errors'
import { addTestimonial, deleteTestimonial, listTestimonials, testimonialVersion, updateTestimonial } from './testimonials.store'
import type { Testimonial } from './testimonials.schema'

/** What the dashboard loads: each testimonial with its own version, sent back as baseVersion when saving. */
const versioned = (t: Testimonial) => ({ ...t, version: testimonialVersion(t) })

export function createTestimonialRoutes({ repo, store }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/testimonials', async (c) => {
      const list = await listTestimonials(store)
      return c.json(isAdmin(c) ? list.map(versioned) : list)
    })
    .post('/testimonials', requireAdmin, async (c) => {
      const input = await jsonBody(c, TestimonialInputSchema)
      return c.json(versioned(await addTestimonial(repo, store, input)), 201)
    })
    .put('/testimonials/:id', requireAdmin, async (c) => {
      const { baseVersion, ...input } = await jsonBody(c, TestimonialInputSchema.extend({ baseVersion: BaseVersionSchema }))
      try {
        return c.json(versioned(await updateTestimonial(repo, store, c.req.param('id'), input, baseVersion)))
      } catch (err) {
        if (!(err instanceof StaleTestimonialError)) throw err
        return c.json({ error: err.message, current: versioned(err.current), version: testimonialVersion(err.current) }, 409)
      }
    })
    .delete('/testimonials/:id', requireAdmin, async (c) => {
      await deleteTestimonial(repo, store, c.req.param('id'))
      return c.json({ ok: true as const })
    })
}
