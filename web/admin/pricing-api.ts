// The Pricing tab's calls: the price list with its version, and saving it whole.
import { apiRequest } from '../lib/api-client'
import type { Pricing } from '../../server/pricing/pricing.schema'

export type VersionedPricing = Pricing & { version: string }

export const getPricing = () => apiRequest<VersionedPricing>('GET', '/pricing')
export const savePricing = (pricing: Pricing, baseVersion?: string) =>
  apiRequest<VersionedPricing>('PUT', '/pricing', { body: { ...pricing, baseVersion } })
