// The FAQ in content/faq.yaml: read per request; each save writes the whole list as one commit.
import type { ContentStore } from '../lib/content-store'
import type { ContentRepo } from '../lib/git'
import { isShownAt, withoutOpenSides } from '../lib/schedule'
import { assertBaseVersion, contentVersion } from '../lib/stale-edit'
import { idFromWords } from '../lib/text'
import { FaqListSchema, type FaqItem, type FaqItemInput } from './faq.schema'

export const FAQ_FILE = 'content/faq.yaml'
const FAQ_ITEM = 'faq'

export async function listFaq(store: ContentStore): Promise<FaqItem[]> {
  return store.readYaml(FAQ_FILE, FaqListSchema, { ifMissing: () => [] })
}

/** The questions the FAQ page shows at `now` (ms): those inside their show from / until window. */
export async function listPublicFaq(store: ContentStore, now: number): Promise<FaqItem[]> {
  return (await listFaq(store)).filter((item) => isShownAt(item, now))
}

/** "Add question "…"", "Update 2 questions", "Reorder questions"…: what a person would say the save did. */
function describe(before: FaqItem[], after: FaqItem[]): string {
  const was = new Map(before.map((i) => [i.id, i]))
  const now = new Set(after.map((i) => i.id))
  const added = after.filter((i) => !was.has(i.id))
  const removed = before.filter((i) => !now.has(i.id))
  const edited = after.filter((i) => was.has(i.id) && contentVersion(was.get(i.id)) !== contentVersion(i))
  const parts: string[] = []
  const one = (verb: string, list: FaqItem[]) => {
    if (list.length === 1) parts.push(`${verb} question "${list[0].question}"`)
    else if (list.length > 1) parts.push(`${verb} ${list.length} questions`)
  }
  one('add', added)
  one('update', edited)
  one('delete', removed)
  const order = (list: FaqItem[]) =>
    list
      .filter((i) => was.has(i.id) && now.has(i.id))
      .map((i) => i.id)
      .join()
  if (order(before) !== order(after)) parts.push('reorder questions')
  const text = parts.join(', ') || 'update questions'
  return `FAQ: ${text.charAt(0).toUpperCase()}${text.slice(1)}`
}

/** Replaces the whole list (one commit, none when nothing changed); with a baseVersion, 409 when it changed since. */
export function saveFaq(repo: ContentRepo, store: ContentStore, items: FaqItemInput[], baseVersion?: string): Promise<FaqItem[]> {
  return repo.change({
    message: 'Update FAQ',
    items: [FAQ_ITEM],
    apply: async () => {
      const current = await listFaq(store)
      assertBaseVersion(current, baseVersion)
      const taken = new Set(items.flatMap((i) => (i.id ? [i.id] : [])))
      const next = items.map(({ id, question, answer, showFrom, showUntil }) => {
        const itemId = id ?? idFromWords(question, 'question', taken)
        taken.add(itemId)
        return withoutOpenSides({ id: itemId, question, answer, showFrom, showUntil })
      })
      const path = await store.writeYaml(FAQ_FILE, FaqListSchema, next)
      return { paths: [path], result: next, message: describe(current, next) }
    },
  })
}
