// The price list in content/pricing.yaml: read with its defaults when there is none yet; each save is one commit.
import type { ContentStore } from '../lib/content-store'
import type { ContentRepo } from '../lib/git'
import { assertBaseVersion } from '../lib/stale-edit'
import { PRICING_KIND } from './pricing.kind'
import { PricingSchema, type Pricing } from './pricing.schema'

export const EMPTY_PRICING: Pricing = PricingSchema.parse({})

export async function readPricing(store: ContentStore): Promise<Pricing> {
  return store.readYaml(PRICING_KIND.file, PricingSchema, { ifMissing: () => structuredClone(EMPTY_PRICING) })
}

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`

/** "Update price list: 12 items, 2 add-ons, 3 delivery zones". */
function describe(p: Pricing): string {
  return `Update price list: ${count(p.items.length, 'item')}, ${count(p.addOns.length, 'add-on')}, ${count(p.deliveryZones.length, 'delivery zone')}`
}

/** One commit; with a baseVersion, refuses (409) when the list changed since the editor loaded it. */
export async function savePricing(repo: ContentRepo, store: ContentStore, pricing: Pricing, baseVersion?: string): Promise<Pricing> {
  return repo.change({
    message: describe(pricing),
    items: [PRICING_KIND.item],
    apply: async () => {
      assertBaseVersion(await readPricing(store), baseVersion)
      const path = await store.writeYaml(PRICING_KIND.file, PricingSchema, pricing)
      return { paths: [path], result: await readPricing(store) }
    },
  })
}
