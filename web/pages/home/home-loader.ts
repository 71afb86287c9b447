// The home page's data: up to three testimonials, picked at random on the server so the browser hydrates the same.
import { getTestimonials, type Testimonial } from '../../lib/public-api'
import { MAX_TESTIMONIALS } from '../../lib/testimonial-count'

export interface HomeData {
  testimonials: Testimonial[]
}

function shuffled<T>(list: readonly T[], random: () => number): T[] {
  const pool = [...list]
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[pool[i], pool[j]] = [pool[j], pool[i]]
  }
  return pool
}

/**
 * Picks up to three testimonials: every featured one first (at random among them when there are more than three),
 * the rest at random; in the owner's order when all fit.
 */
export function pickTestimonials<T extends { featured?: boolean }>(all: readonly T[], count = MAX_TESTIMONIALS, random = Math.random): T[] {
  if (all.length <= count) return [...all]
  const featured = shuffled(
    all.filter((t) => t.featured),
    random,
  )
  const others = shuffled(
    all.filter((t) => !t.featured),
    random,
  )
  return [...featured, ...others].slice(0, count)
}

export async function homeLoader({ request }: { request: Request }): Promise<HomeData> {
  try {
    return { testimonials: pickTestimonials(await getTestimonials(request.signal)) }
  } catch (error) {
    console.error(error)
    return { testimonials: [] }
  }
}
