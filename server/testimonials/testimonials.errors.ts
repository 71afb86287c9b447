// The 409 answer of a stale testimonial edit: it carries the testimonial as it is now, so the editor can show it.
import { HTTPException } from 'hono/http-exception'
import { STALE_MESSAGE } from '../history/versions'
import type { Testimonial } from './testimonials.schema'

export class StaleTestimonialError extends HTTPException {
  constructor(readonly current: Testimonial) {
    super(409, { message: STALE_MESSAGE })
    this.name = 'StaleTestimonialError'
  }
}
