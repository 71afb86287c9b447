// A service's About and Pricing texts for the home cards. They are not in the page's data (they would double it):
// a card fetches its service when a visitor reaches for About or Pricing (hover, focus or press), once.
import { useEffect, useState } from 'react'
import { findPublicService, type Service } from '../lib/public-api'

export type ServiceTexts = Pick<Service, 'aboutText' | 'pricingInfo'>

const texts = new Map<string, Promise<ServiceTexts | null>>()

export function loadServiceTexts(serviceId: string): Promise<ServiceTexts | null> {
  let loading = texts.get(serviceId)
  if (!loading) {
    loading = findPublicService(serviceId).then(
      (s) => s && { aboutText: s.aboutText, pricingInfo: s.pricingInfo },
      (error: unknown) => {
        texts.delete(serviceId) // the next opening tries again
        throw error
      },
    )
    texts.set(serviceId, loading)
  }
  return loading
}

export type TextsState = { status: 'loading' } | { status: 'error' } | { status: 'loaded'; texts: ServiceTexts }

/** What a card shows once the texts are in: them, or the error for a service that is gone. */
export const settledTexts = (loaded: ServiceTexts | null): TextsState =>
  loaded ? { status: 'loaded', texts: loaded } : { status: 'error' }

/** The service's texts, loading them on first use; 'error' when they could not be loaded (or the service is gone). */
export function useServiceTexts(serviceId: string): TextsState {
  const [state, setState] = useState<TextsState>({ status: 'loading' })
  useEffect(() => {
    let live = true
    loadServiceTexts(serviceId).then(
      (loaded) => live && setState(settledTexts(loaded)),
      (error: unknown) => {
        console.error(error)
        if (live) setState({ status: 'error' })
      },
    )
    return () => {
      live = false
    }
  }, [serviceId])
  return state
}
