// The home page's data: up to three testimonials, picked at random on the server so the browser hydrates the same.
import { getTestimonials, type Testimonial } from '../../lib/public-api'

export const MAX_TESTIMONIALS = 3

export interface HomeData {
  testimonials: Testimonial[]
}

/** Picks up to three testimonials, at random when there are more. */
function pickTestimonials<T>(all: readonly T[], count = MAX_TESTIMONIALS, random = Math.random): T[] {
  const pool = [...all]
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[pool[i], pool[j]] = [pool[j], pool[i]]
  }
  return all.length <= count ? [...all] : pool.slice(0, count)
}

export async function homeLoader({ request }: { request: Request }): Promise<HomeData> {
  try {
    return { testimonials: pickTestimonials(await getTestimonials(request.signal)) }
  } catch (error) {
    console.error(error)
    return { testimonials: [] }
  }
}
