// Clearing a service's optional settings: null removes each from the file and from what the site shows; an empty text
// where a date belongs is refused, naming the field, not taken as a clear; an empty text clears the form title (to the
// spec default), a picture description, the pricing; a question's condition is cleared with null.
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../testing/test-app'

const ctx = useTestApp({ login: true })
const put = (json: unknown) => ctx.t.call('PUT', '/api/services/mosaics', { json, cookie: ctx.cookie })
const file = () => ctx.t.git('show', 'HEAD:content/services/mosaics.yaml')

describe('clearing a service setting', () => {
  it('a schedule cleared one side at a time', async () => {
    expect((await put({ showFrom: '2020-01-01T00:00:00Z', showUntil: '2099-01-01T00:00:00Z' })).status).toBe(200)
    expect(file()).toMatch(/showFrom:/)
    const res = await put({ showFrom: null })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).not.toHaveProperty('showFrom')
    expect(body).toHaveProperty('showUntil')
    expect(file()).not.toMatch(/showFrom/)
    expect(file()).toMatch(/showUntil:/)
    expect((await put({ showUntil: null })).status).toBe(200)
    expect(file()).not.toMatch(/showFrom|showUntil/)
  })

  it('an empty date is refused naming the field, and the schedule stays', async () => {
    expect((await put({ showUntil: '2099-01-01T00:00:00Z' })).status).toBe(200)
    const before = file()
    for (const [field, value] of [
      ['showUntil', ''],
      ['showFrom', ' '],
    ] as const) {
      const res = await put({ [field]: value })
      expect(res.status, field).toBe(400)
      expect((await res.json()).error, field).toMatch(field === 'showUntil' ? /^Show until/ : /^Show from/)
    }
    expect(file()).toBe(before)
  })

  it('the maximum number of balloon colors cleared with null', async () => {
    expect((await put({ maxBalloonColors: 3 })).status).toBe(200)
    expect(file()).toMatch(/maxBalloonColors: 3/)
    const res = await put({ maxBalloonColors: null })
    expect(res.status).toBe(200)
    expect((await res.json()).maxBalloonColors ?? null).toBeNull()
    expect(file()).not.toMatch(/maxBalloonColors: 3/)
  })
})

describe('clearing a service text', () => {
  it('the inquiry form title: an empty text gives back the spec default, Get a Quote', async () => {
    expect((await put({ inquiryFormTitle: 'Plan your arch' })).status).toBe(200)
    expect(file()).toMatch(/inquiryFormTitle: Plan your arch/)
    const res = await put({ inquiryFormTitle: '' })
    expect(res.status).toBe(200)
    expect((await res.json()).inquiryFormTitle).toBe('Get a Quote')
    expect(file()).not.toMatch(/Plan your arch/)
  })

  it('a picture description: sent empty or left out, it is gone from the answer and the file', async () => {
    const images = (alt?: string) => [
      { cropped: '/uploads/shared-image.jpg', original: '/uploads/shared-image.jpg', ...(alt === undefined ? {} : { alt }) },
    ]
    const putImages = (alt?: string) =>
      ctx.t.call('PUT', '/api/services/mosaics/images', { json: { images: images(alt) }, cookie: ctx.cookie })
    for (const cleared of ['', undefined]) {
      expect((await putImages('A blue arch')).status).toBe(200)
      expect(file()).toMatch(/alt: "?A blue arch/)
      const res = await putImages(cleared)
      expect(res.status, String(cleared)).toBe(200)
      expect((await res.json()).images[0].alt || undefined, String(cleared)).toBeUndefined()
      expect(file(), String(cleared)).not.toMatch(/A blue arch/)
    }
  })

  it("a question's condition: null asks it always again", async () => {
    const dropdown = { id: 'dropdown_1', header: 'Venue', instructions: 'Where?', options: ['Indoors', 'Outdoors'] }
    const question = (showWhen: unknown) => ({ id: 'custom_2', header: 'Wind', instructions: 'How windy?', showWhen })
    const saved = await put({
      customDropdownFields: [dropdown],
      customTextFields: [question({ field: 'dropdown_1', values: ['Outdoors'] })],
    })
    expect(saved.status).toBe(200)
    expect(file()).toMatch(/field: dropdown_1/)
    const res = await put({ customDropdownFields: [dropdown], customTextFields: [question(null)] })
    expect(res.status).toBe(200)
    expect((await res.json()).customTextFields[0].showWhen ?? null).toBeNull()
    expect(file()).not.toMatch(/field: dropdown_1/)
  })

  it('the pricing information: an empty text clears it, and the public read says so', async () => {
    const content = (pricingInfo: string) =>
      ctx.t.call('PUT', '/api/service-content/mosaics', { json: { aboutText: 'About mosaics.', pricingInfo }, cookie: ctx.cookie })
    expect((await content('Small: $50')).status).toBe(200)
    expect((await content('')).status).toBe(200)
    expect(await (await ctx.t.call('GET', '/api/service-content/mosaics')).json()).toEqual({ aboutText: 'About mosaics.', pricingInfo: '' })
    expect(file()).not.toMatch(/Small: \$50/)
  })
})
