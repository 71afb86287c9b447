// Every kind of content the site keeps in git, in the order History names them. A new kind: its `<feature>.kind.ts`
// and one line here (docs/architecture.md, "How to add a content kind"); server/kinds/content-kinds.test.ts fails
// on a `.kind.ts` file that is not listed.
import { BOOKING_MAIL_KIND } from '../booking-mail/booking-mail.kind'
import { DELIVERY_KIND } from '../delivery/delivery.kind'
import { FAQ_KIND } from '../faq/faq.kind'
import { entryIdOf, type ContentKind } from '../lib/content-kind'
import { SEGMENTS_KIND } from '../mailing-list/mailing-list.kind'
import { PRICING_KIND } from '../pricing/pricing.kind'
import { AGREEMENT_KIND } from '../quotes/agreement.kind'
import { SERVICE_ORDER_KIND, SERVICES_KIND } from '../services/services.kind'
import { SITE_KIND } from '../site/site.kind'
import { TESTIMONIALS_KIND } from '../testimonials/testimonials.kind'

export const CONTENT_KINDS = [
  SERVICES_KIND,
  SITE_KIND,
  TESTIMONIALS_KIND,
  FAQ_KIND,
  DELIVERY_KIND,
  PRICING_KIND,
  AGREEMENT_KIND,
  BOOKING_MAIL_KIND,
  SEGMENTS_KIND,
  SERVICE_ORDER_KIND,
] as const satisfies readonly ContentKind[]

/** The item names of kinds kept in one file (`faq`, `site`, ...). */
export type SingleFileItem = Exclude<(typeof CONTENT_KINDS)[number]['item'], typeof SERVICES_KIND.item>

const byItem = new Map<string, ContentKind>(CONTENT_KINDS.map((k) => [k.item, k]))

/** The kind an item (`faq`, `services/bouquets`) belongs to, or undefined. */
export function kindOfItem(item: string): ContentKind | undefined {
  return byItem.get(item) ?? byItem.get(item.split('/')[0]!)
}

/** The kind and item of a repo-relative path (`content/services/bouquets.yaml` → services, `services/bouquets`). */
export function kindOfPath(path: string): { kind: ContentKind; item: string } | null {
  for (const kind of CONTENT_KINDS) {
    if (kind.file === path) return { kind, item: kind.item }
    const id = entryIdOf(kind, path)
    if (id) return { kind, item: `${kind.item}/${id}` }
  }
  return null
}

/** The `/api/...` reads the public read cache may keep: every kind's. */
export const CONTENT_READS: RegExp[] = CONTENT_KINDS.flatMap((k) => (k.publicReads ? [k.publicReads] : []))
