// Testimonials in content/testimonials.yaml: read per request, each add, edit and delete one commit.
import type { ContentStore } from '../lib/content-store'
import { notFound } from '../lib/errors'
import type { ContentRepo } from '../lib/git'
import { assertBaseVersion } from '../lib/stale-edit'
import { idFromWords } from '../lib/text'
import { TestimonialListSchema, type Testimonial, type TestimonialInput } from './testimonials.schema'

export const TESTIMONIALS_FILE = 'content/testimonials.yaml'
const TESTIMONIALS_ITEM = 'testimonials'

export async function listTestimonials(store: ContentStore): Promise<Testimonial[]> {
  return store.readYaml(TESTIMONIALS_FILE, TestimonialListSchema, { ifMissing: () => [] })
}

async function changeTestimonials<T>(
  repo: ContentRepo,
  store: ContentStore,
  edit: (list: Testimonial[]) => { list: Testimonial[]; result: T; message: string },
): Promise<T> {
  return repo.change({
    message: 'Update testimonials',
    items: [TESTIMONIALS_ITEM],
    apply: async () => {
      const { list, result, message } = edit(await listTestimonials(store))
      return { paths: [await store.writeYaml(TESTIMONIALS_FILE, TestimonialListSchema, list)], result, message }
    },
  })
}

export function addTestimonial(repo: ContentRepo, store: ContentStore, input: TestimonialInput): Promise<Testimonial> {
  return changeTestimonials(repo, store, (list) => {
    const created = { id: idFromWords(input.author, 'testimonial', new Set(list.map((t) => t.id))), ...input }
    return { list: [...list, created], result: created, message: `Add testimonial from ${created.author}` }
  })
}

function requireIndex(list: Testimonial[], id: string): number {
  const index = list.findIndex((t) => t.id === id)
  if (index < 0) throw notFound(`No testimonial with id "${id}"`)
  return index
}

/**
 * With a baseVersion, refuses (409) when this testimonial changed since the editor loaded it (its own version, so
 * adding another testimonial to the shared file does not make an open edit stale); checked in the queue.
 */
export function updateTestimonial(
  repo: ContentRepo,
  store: ContentStore,
  id: string,
  input: TestimonialInput,
  baseVersion?: string,
): Promise<Testimonial> {
  return changeTestimonials(repo, store, (list) => {
    const index = requireIndex(list, id)
    assertBaseVersion(list[index], baseVersion)
    const updated = { ...input, id }
    const next = list.with(index, updated)
    return { list: next, result: updated, message: `Update testimonial from ${updated.author}` }
  })
}

export function deleteTestimonial(repo: ContentRepo, store: ContentStore, id: string): Promise<void> {
  return changeTestimonials(repo, store, (list) => {
    const index = requireIndex(list, id)
    return { list: list.toSpliced(index, 1), result: undefined, message: `Delete testimonial from ${list[index].author}` }
  })
}
