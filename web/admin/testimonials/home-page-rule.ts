// The Testimonials tab's sentence under the list: what the home page does with it (how many it shows, which always).
import { MAX_TESTIMONIALS } from '../../lib/testimonial-count'

/** What the home page really does with the list (web/pages/home/home-loader.ts, pickTestimonials), in her words. */
export function homePageRule(items: readonly { featured?: boolean }[]): string {
  const featured = items.filter((t) => t.featured).length
  if (items.length <= MAX_TESTIMONIALS)
    return `The home page shows all ${items.length === 1 ? 'one' : items.length} of these, in this order.`
  if (featured >= MAX_TESTIMONIALS) return `The home page shows three of the ${featured} featured ones, a different three on each visit.`
  if (featured === 0)
    return `The home page shows three of these ${items.length}, picked at random on each visit. Feature one to always show it.`
  const rest = MAX_TESTIMONIALS - featured
  return `The home page shows three: the ${featured === 1 ? 'featured one' : `${featured} featured ones`} always, and ${rest === 1 ? 'one other' : `${rest} others`} picked at random from the rest on each visit.`
}
