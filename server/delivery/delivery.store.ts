// The delivery and installation page: content/delivery-installation.md (front matter optional), one commit per save.
import type { ContentStore } from '../lib/content-store'
import type { ContentRepo } from '../lib/git'
import { assertBaseVersion } from '../lib/stale-edit'
import { DeliveryContentSchema, type DeliveryContent } from './delivery.schema'

export const DELIVERY_FILE = 'content/delivery-installation.md'
const DELIVERY_ITEM = 'delivery-installation'

/** Trailing blank lines are not part of the content, so what is saved is what is read back. */
export async function readDeliveryContent(store: ContentStore): Promise<DeliveryContent> {
  const content = await store.readMarkdown(DELIVERY_FILE, DeliveryContentSchema, 'markdownContent')
  return { ...content, markdownContent: content.markdownContent.trimEnd() }
}

/** One commit; with a baseVersion, refuses (409) when the page changed since the editor loaded it. */
export async function writeDeliveryContent(
  repo: ContentRepo,
  store: ContentStore,
  content: DeliveryContent,
  baseVersion?: string,
): Promise<DeliveryContent> {
  return repo.change({
    message: 'Update delivery & installation page',
    items: [DELIVERY_ITEM],
    apply: async () => {
      assertBaseVersion(await readDeliveryContent(store), baseVersion)
      const path = await store.writeMarkdown(DELIVERY_FILE, content.markdownContent.trimEnd())
      return { paths: [path], result: await readDeliveryContent(store) }
    },
  })
}
