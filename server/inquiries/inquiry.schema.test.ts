import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { fieldErrors, inquirySchemaFor, isUsPhone, isUsZip } from './inquiry.schema'
import { createTestApp, fixtureFiles, makeJpeg, type TestApp } from '../testing/test-app'
import { GARLANDS_SERVICE, sampleInquiry } from './testing-inquiry'

const service = {
  title: 'Bouquets',
  showBalloonColorSelection: false,
  balloonColorSelectionRequired: false,
  maxBalloonColors: null,
  showStandardColors: true,
  showMetallicColors: true,
  showCrystalColors: true,
  showEffectsColors: true,
  customTextFields: [],
  customDropdownFields: [],
  customPhotoFields: [],
} as unknown as Parameters<typeof inquirySchemaFor>[0]

const errorsFor = (patch: Record<string, unknown>) => {
  const result = inquirySchemaFor(service, '2026-01-01').safeParse({
    ...sampleInquiry(),
    serviceId: undefined,
    balloonColors: undefined,
    customFields: {},
    customDropdownFields: {},
    ...patch,
  })
  return result.success ? {} : fieldErrors(result.error)
}

describe('US phone numbers and ZIP codes', () => {
  it('accepts 10 digits however they are written, with or without the country code', () => {
    for (const ok of ['503-555-0100', '(503) 555-0100', '503.555.0100', '5035550100', '+1 503 555 0100', '1-503-555-0100']) {
      expect(isUsPhone(ok), ok).toBe(true)
    }
    for (const bad of ['555-0100', '503-555-01000', '2-503-555-0100', 'call me', '503-555-010O']) expect(isUsPhone(bad), bad).toBe(false)
  })

  it('accepts 5-digit ZIP codes and ZIP+4', () => {
    for (const ok of ['97214', '97214-1234', '972141234', ' 97214 ']) expect(isUsZip(ok), ok).toBe(true)
    for (const bad of ['9721', '972145', '97214-12', 'ABCDE', 'V6B 1A1']) expect(isUsZip(bad), bad).toBe(false)
  })

  it('keeps the spec messages for blanks and adds format messages', () => {
    expect(errorsFor({ phone: '', zipcode: '' })).toMatchObject({ phone: 'Phone number is required', zipcode: 'Zipcode is required' })
    expect(errorsFor({ phone: '555-0100', zipcode: '9721' })).toMatchObject({
      phone: 'Please enter a 10-digit phone number',
      zipcode: 'Please enter a 5-digit ZIP code (or ZIP+4)',
    })
    expect(errorsFor({})).toEqual({})
  })
})

describe('POST /api/contact checks phone and ZIP on the server', () => {
  let t: TestApp
  afterEach(() => t?.cleanup())

  it('answers 400 naming the field and stores nothing for a 7-digit phone or a 4-digit ZIP', async () => {
    t = await createTestApp({ files: { ...fixtureFiles(await makeJpeg()), 'content/services/balloon-garlands.yaml': GARLANDS_SERVICE } })
    const post = (json: unknown) => t.call('POST', '/api/contact', { json })
    const phone = await post(sampleInquiry({ phone: '555-0100' }))
    expect(phone.status).toBe(400)
    expect(((await phone.json()) as { error: string }).error).toMatch(/10-digit phone number/)
    const zip = await post(sampleInquiry({ zipcode: '9721' }))
    expect(zip.status).toBe(400)
    expect(((await zip.json()) as { error: string }).error).toMatch(/5-digit ZIP code/)
    const stored = () =>
      existsSync(join(t.dataDir, 'inquiries')) ? readdirSync(join(t.dataDir, 'inquiries')).filter((f) => f.endsWith('.json')) : []
    expect(stored()).toEqual([])
    expect((await post(sampleInquiry({ phone: '(503) 555-0100', zipcode: '97201-1234' }))).status).toBe(200)
    expect(stored()).toHaveLength(1)
  })
})
