// Test helpers for inquiries: a service with every kind of form field, a valid answer to it, and polling.
import type { StoredInquiry } from './inquiry-record.schema'

/** content/services/arches.yaml: one optional photos question (photos_1, at most 2 photos) and nothing else. */
export const ARCHES_SERVICE = `title: Arches
description: Balloon arches.
visible: true
customPhotoFields:
  - id: photos_1
    header: Inspiration photos
    instructions: Pictures you love
    optional: true
    maxPhotos: 2
fieldOrder: [photos_1]
`

/** content/services/balloon-garlands.yaml: required colours (max 2, no metallics), a required and an optional text field, a dropdown. */
export const GARLANDS_SERVICE = `title: Balloon Garlands
description: Organic garlands.
visible: true
showBalloonColorSelection: true
balloonColorSelectionRequired: true
maxBalloonColors: 2
showMetallicColors: false
customTextFields:
  - id: custom_100
    header: Garland length
    instructions: How many feet?
  - id: custom_101
    header: Theme
    instructions: Any theme?
    optional: true
customDropdownFields:
  - id: dropdown_200
    header: Setting
    instructions: Indoor or outdoor?
    options: [Indoor, Outdoor]
fieldOrder: [dropdown_200, custom_100, custom_101]
`

/** A valid POST /api/contact body for GARLANDS_SERVICE (also a valid stored inquiry). */
export const sampleInquiry = (extra: Record<string, unknown> = {}) => ({
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.com',
  phone: '503-555-0100',
  address: '1 Main St',
  city: 'Portland',
  zipcode: '97201',
  eventDate: '2099-12-05',
  eventDetails: 'Backyard party',
  referralSource: 'instagram',
  serviceId: 'balloon-garlands',
  service: 'Balloon Garlands',
  balloonColors: ['Blush', 'Ivory'],
  customFields: { custom_100: { header: 'Garland length', value: '12 ft' } } as StoredInquiry['customFields'],
  customDropdownFields: { dropdown_200: { header: 'Setting', value: 'Outdoor' } } as StoredInquiry['customDropdownFields'],
  ...extra,
})

/** Polls read() until ok() holds; the queue works in the background, so tests wait for what a person would see. */
export async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const v = await read()
    if (ok(v)) return v
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(v)}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

/** A stored lead as the store keeps it, named by its first name (the inbox's and the store's tests). */
export const storedLead = (firstName: string, email = 'jane@example.com'): StoredInquiry => ({
  firstName,
  lastName: 'Doe',
  email,
  phone: '(503) 555-0100',
  address: '1 Main St',
  city: 'Portland',
  zipcode: '97201',
  eventDate: '2026-12-01',
  eventDetails: 'Birthday',
  referralSource: 'instagram',
  service: 'Bouquets',
  serviceId: 'bouquets',
  customFields: {},
  customDropdownFields: {},
  fieldOrder: [],
})

/** A visitor's POST /api/contact body for `serviceId`, sent a minute after the form opened (past the time trap). */
export const contactForm = (serviceId: string, extra: Record<string, unknown> = {}) => ({
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.com',
  phone: '503-555-0100',
  address: '1 Main St',
  city: 'Portland',
  zipcode: '97214',
  eventDate: '2099-12-05',
  serviceId,
  formMs: 60_000,
  ...extra,
})
