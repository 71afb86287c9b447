// What the owner reads when a service edit is refused (the API answers the first message of these schemas), what a
// saved service file holds, and the near misses of each limit. Pure: no app, so the mutation slice stays fast.
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { firstZodMessage } from '../lib/errors'
import {
  DEFAULT_SERVICE_ORDER,
  isPublicService,
  NewServiceSchema,
  normaliseServiceId,
  orderServices,
  parsePricingLines,
  reconcileFieldOrder,
  ServiceContentSchema,
  ServiceIdSchema,
  ServiceImagesUpdateSchema,
  ServiceOrderSchema,
  ServiceSchema,
  ServiceUpdateSchema,
  ShowWhenSchema,
} from './services.schema'

/** The API's answer to a body: the saved value, or the one message the owner reads. */
function answer(schema: z.ZodType, body: unknown): { ok: unknown } | { error: string } {
  const r = schema.safeParse(body)
  return r.success ? { ok: r.data } : { error: firstZodMessage(r.error) }
}
const error = (schema: z.ZodType, body: unknown) => {
  const a = answer(schema, body)
  if (!('error' in a)) throw new Error(`accepted: ${JSON.stringify(a.ok)}`)
  return a.error
}
const saved = (schema: z.ZodType, body: unknown) => {
  const a = answer(schema, body)
  if ('error' in a) throw new Error(a.error)
  return a.ok as Record<string, unknown>
}

const service = { id: 'mosaics', title: 'Mosaics', description: 'Big numbers.' }
const img = { cropped: '/uploads/a-crop.webp', original: '/uploads/a.jpg' }
const text = (id: string, extra = {}) => ({ id, header: 'Venue', instructions: 'Where is it?', ...extra })
const dropdown = (id: string, extra = {}) => ({ ...text(id), options: ['Yes', 'No'], ...extra })
const photos = (id: string, extra = {}) => ({ ...text(id), ...extra })

describe('a service id', () => {
  it('is refused empty, too long or with other characters, naming the rule', () => {
    expect(error(ServiceIdSchema, '')).toBe('Service id is required')
    expect(error(ServiceIdSchema, 'a'.repeat(81))).toBe('Service id is too long')
    expect(saved(ServiceOrderSchema, ['a'.repeat(80)])).toEqual(['a'.repeat(80)])
    for (const bad of ['Mosaics', 'mo saics', 'mosaics/x', 'x\nmosaics', 'mosaics\n', 'mosaïcs']) {
      expect(error(ServiceIdSchema, bad), bad).toBe('Use lowercase letters, numbers and hyphens')
    }
    expect(saved(ServiceOrderSchema, ['a-1', '0'])).toEqual(['a-1', '0'])
  })

  it('is normalised from the add-service dialog the same way by every client', () => {
    expect(normaliseServiceId('Balloon Arch!')).toBe('balloon-arch-')
    expect(saved(NewServiceSchema, { ...newService, id: ' Big Mosaics ' }).id).toBe('big-mosaics')
  })
})

describe('a saved service file', () => {
  it('fills the defaults an old file leaves out', () => {
    const s = saved(ServiceSchema, service)
    expect(s).toMatchObject({
      aboutText: '',
      pricingInfo: '',
      visible: true,
      inquiryFormTitle: 'Get a Quote',
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
      images: [],
      fieldOrder: [],
    })
  })

  it('writes who it is first, and no key for an open schedule side', () => {
    const s = saved(ServiceSchema, { ...service, pricingInfo: 'From $5', showFrom: null, showUntil: '2099-01-01T00:00:00Z' })
    expect(Object.keys(s).slice(0, 7)).toEqual(['id', 'title', 'description', 'visible', 'showFrom', 'showUntil', 'images'])
    expect(s.showFrom).toBeUndefined()
    expect(s.showUntil).toMatch(/^2098-12-31T16:00:00-08:00$/)
    expect(s.pricingInfo).toBe('From $5')
  })

  it('keeps an empty form title as the default one, and a chosen one as written', () => {
    expect(saved(ServiceSchema, { ...service, inquiryFormTitle: '  ' }).inquiryFormTitle).toBe('Get a Quote')
    expect(saved(ServiceSchema, { ...service, inquiryFormTitle: 'Plan your arch' }).inquiryFormTitle).toBe('Plan your arch')
  })

  it('refuses a missing title or description by name, and a description that is only spaces', () => {
    expect(error(ServiceSchema, { ...service, title: '' })).toBe('Title is required')
    expect(error(ServiceSchema, { ...service, description: ' \n ' })).toBe('Short description is required')
    expect(saved(ServiceSchema, { ...service, description: ' Big numbers. ' }).description).toBe('Big numbers.')
    expect(error(ServiceSchema, { ...service, title: 'a'.repeat(121) })).toBe('Title is too long (120 characters at most)')
    expect(saved(ServiceSchema, { ...service, title: 'a'.repeat(120) }).title).toHaveLength(120)
    expect(error(ServiceSchema, { ...service, description: 'a'.repeat(501) })).toBe(
      'Short description is too long (500 characters at most)',
    )
  })

  it('refuses a window that ends before it starts', () => {
    expect(error(ServiceSchema, { ...service, showFrom: '2030-01-02T00:00:00Z', showUntil: '2030-01-01T00:00:00Z' })).toBe(
      'Show until must be after Show from',
    )
  })

  it('lists the custom fields in one order, each once', () => {
    const s = saved(ServiceSchema, {
      ...service,
      customTextFields: [text('custom_1'), text('custom_2')],
      customDropdownFields: [dropdown('dropdown_1')],
      customPhotoFields: [photos('photos_1')],
      fieldOrder: ['dropdown_1', 'gone', 'custom_2', 'dropdown_1'],
    })
    expect(s.fieldOrder).toEqual(['dropdown_1', 'custom_2', 'custom_1', 'photos_1'])
    expect(reconcileFieldOrder(undefined, [{ id: 'custom_1' }], [{ id: 'dropdown_1' }])).toEqual(['custom_1', 'dropdown_1'])
  })
})

describe('every text field named in its message', () => {
  it('of a service', () => {
    expect(error(ServiceSchema, { ...service, title: 'a\nb' })).toBe('Title must be one line')
    expect(error(ServiceSchema, { ...service, description: 'a\u0000' })).toBe('Short description must not contain control characters')
    expect(error(ServiceSchema, { ...service, aboutText: 'a\u0000' })).toBe('About text must not contain control characters')
    expect(error(ServiceSchema, { ...service, pricingInfo: 'a\u0000' })).toBe('Pricing information must not contain control characters')
    expect(error(ServiceSchema, { ...service, inquiryFormTitle: 'a\nb' })).toBe('Inquiry form title must be one line')
  })

  it('of a new service', () => {
    expect(error(NewServiceSchema, { ...newService, id: 'a\nb' })).toBe('Service id must be one line')
    expect(error(NewServiceSchema, { ...newService, title: 'a\nb' })).toBe('Title must be one line')
    expect(error(NewServiceSchema, { ...newService, description: 'a\u0000' })).toBe('Short description must not contain control characters')
    expect(error(NewServiceSchema, { ...newService, aboutText: 'a\u0000' })).toBe('About text must not contain control characters')
    expect(error(NewServiceSchema, { ...newService, pricingInfo: 'a\u0000' })).toBe(
      'Pricing information must not contain control characters',
    )
    expect(error(NewServiceSchema, { ...newService, imageUrl: 'a\nb' })).toBe('Image URL must be one line')
    expect(error(NewServiceSchema, { ...newService, inquiryFormTitle: 'a\nb' })).toBe('Inquiry form title must be one line')
  })

  it('short texts, one picture and a form title within their limits are kept', () => {
    const s = saved(ServiceSchema, { ...service, aboutText: 'About', pricingInfo: 'From $5', images: [img] })
    expect(s).toMatchObject({ aboutText: 'About', pricingInfo: 'From $5', images: [img] })
    const n = saved(NewServiceSchema, { ...newService, imageUrl: '/uploads/a.jpg', inquiryFormTitle: 'Plan your arch' })
    expect(n).toMatchObject({ imageUrl: '/uploads/a.jpg', inquiryFormTitle: 'Plan your arch' })
  })

  it('question ids take any number of digits', () => {
    const s = saved(ServiceSchema, {
      ...service,
      customTextFields: [text('custom_1700000000000')],
      customDropdownFields: [dropdown('dropdown_12')],
      customPhotoFields: [photos('photos_34')],
    })
    expect(s.fieldOrder).toEqual(['custom_1700000000000', 'dropdown_12', 'photos_34'])
  })
})

describe('pictures', () => {
  it('must be made uploads, with a description of 300 characters at most', () => {
    expect(saved(ServiceImagesUpdateSchema, { images: [{ ...img, alt: ' A blue arch ' }] })).toEqual({
      images: [{ ...img, alt: 'A blue arch' }],
    })
    for (const url of [
      '/uploads/',
      'https://evil.test/uploads/a.jpg',
      '/uploads/a.jpg/x',
      '/uploads/a b.jpg',
      'x/uploads/a.jpg',
      '/uploads/a.jpg\n',
    ]) {
      expect(error(ServiceImagesUpdateSchema, { images: [{ ...img, cropped: url }] }), url).toBe('Image URLs must be under /uploads/')
    }
    expect(error(ServiceImagesUpdateSchema, { images: [{ ...img, alt: 'a'.repeat(301) }] })).toBe(
      'Picture description is too long (300 characters at most)',
    )
    expect(error(ServiceImagesUpdateSchema, { images: [{ ...img, alt: 'a\nb' }] })).toBe('Picture description must be one line')
    expect(saved(ServiceImagesUpdateSchema, { images: [{ ...img, alt: 'a'.repeat(300) }] })).toBeTruthy()
  })
})

describe('the inquiry form questions', () => {
  it('refuse a question without a title or instructions, and blank answers or options', () => {
    expect(error(ServiceSchema, { ...service, customTextFields: [text('custom_1', { header: ' ' })] })).toBe('Title is required')
    expect(error(ServiceSchema, { ...service, customTextFields: [text('custom_1', { header: 'a\nb' })] })).toBe(
      'Field title must be one line',
    )
    expect(error(ServiceSchema, { ...service, customTextFields: [text('custom_1', { instructions: '' })] })).toBe(
      'Instructions are required',
    )
    expect(error(ServiceSchema, { ...service, customTextFields: [text('custom_1', { instructions: 'a\tb' })] })).toBe(
      'Instructions must be one line',
    )
    expect(error(ServiceSchema, { ...service, customDropdownFields: [dropdown('dropdown_1', { options: [] })] })).toBe(
      'At least one option is required',
    )
    expect(error(ServiceSchema, { ...service, customDropdownFields: [dropdown('dropdown_1', { options: [' '] })] })).toBe(
      'Options cannot be blank',
    )
    expect(error(ServiceSchema, { ...service, customDropdownFields: [dropdown('dropdown_1', { options: ['a\nb'] })] })).toBe(
      'Option must be one line',
    )
  })

  it('name the id rule of each kind of question', () => {
    expect(error(ServiceSchema, { ...service, customTextFields: [text('custom_x')] })).toBe(
      'Custom text field ids are custom_ plus a timestamp',
    )
    expect(error(ServiceSchema, { ...service, customTextFields: [text('xcustom_1')] })).toMatch(/^Custom text field ids/)
    expect(error(ServiceSchema, { ...service, customTextFields: [text('custom_1x')] })).toMatch(/^Custom text field ids/)
    expect(error(ServiceSchema, { ...service, customDropdownFields: [dropdown('dropdown_')] })).toBe(
      'Dropdown field ids are dropdown_ plus a timestamp',
    )
    expect(error(ServiceSchema, { ...service, customDropdownFields: [dropdown('xdropdown_1')] })).toMatch(/^Dropdown field ids/)
    expect(error(ServiceSchema, { ...service, customDropdownFields: [dropdown('dropdown_1x')] })).toMatch(/^Dropdown field ids/)
    expect(error(ServiceSchema, { ...service, customPhotoFields: [photos('photos_a')] })).toBe(
      'Photo field ids are photos_ plus a timestamp',
    )
    expect(error(ServiceSchema, { ...service, customPhotoFields: [photos('xphotos_1')] })).toMatch(/^Photo field ids/)
    expect(error(ServiceSchema, { ...service, customPhotoFields: [photos('photos_1x')] })).toMatch(/^Photo field ids/)
  })

  it('default to required, and a photos question to five pictures', () => {
    const s = saved(ServiceSchema, {
      ...service,
      customTextFields: [text('custom_1')],
      customDropdownFields: [dropdown('dropdown_1')],
      customPhotoFields: [photos('photos_1')],
    }) as {
      customTextFields: { optional: boolean }[]
      customDropdownFields: { optional: boolean }[]
      customPhotoFields: { optional: boolean; maxPhotos: number }[]
    }
    expect(s.customTextFields[0]!.optional).toBe(false)
    expect(s.customDropdownFields[0]!.optional).toBe(false)
    expect(s.customPhotoFields[0]).toMatchObject({ optional: false, maxPhotos: 5 })
  })

  it('take 1 to 10 photos, a whole number', () => {
    const withMax = (maxPhotos: number) => ({ ...service, customPhotoFields: [photos('photos_1', { maxPhotos })] })
    expect(error(ServiceSchema, withMax(0))).toBe('Maximum photos must be at least 1')
    expect(error(ServiceSchema, withMax(11))).toBe('Maximum photos must be at most 10')
    expect(error(ServiceSchema, withMax(2.5))).toBe('Maximum photos must be a whole number')
    expect(saved(ServiceSchema, withMax(1))).toBeTruthy()
    expect(saved(ServiceSchema, withMax(10))).toBeTruthy()
  })

  it('take 1 to 50 balloon colors, a whole number, or no limit', () => {
    const withMax = (maxBalloonColors: number | null) => ({ ...service, maxBalloonColors })
    expect(error(ServiceSchema, withMax(0))).toBe('Maximum colors must be at least 1')
    expect(error(ServiceSchema, withMax(51))).toBe('Maximum colors must be at most 50')
    expect(error(ServiceSchema, withMax(1.5))).toBe('Maximum colors must be a whole number')
    expect(saved(ServiceSchema, withMax(1)).maxBalloonColors).toBe(1)
    expect(saved(ServiceSchema, withMax(50)).maxBalloonColors).toBe(50)
    expect(saved(ServiceSchema, withMax(null)).maxBalloonColors).toBeNull()
  })

  it('depend only on a dropdown, with at least one non-blank answer', () => {
    expect(error(ShowWhenSchema, { field: 'custom_1', values: ['Yes'] })).toBe('A question can only depend on a dropdown')
    expect(error(ShowWhenSchema, { field: 'xdropdown_1', values: ['Yes'] })).toBe('A question can only depend on a dropdown')
    expect(error(ShowWhenSchema, { field: 'dropdown_1x', values: ['Yes'] })).toBe('A question can only depend on a dropdown')
    expect(error(ShowWhenSchema, { field: 'dropdown_1', values: [] })).toBe('Choose at least one answer that shows the question')
    expect(error(ShowWhenSchema, { field: 'dropdown_1', values: [' '] })).toBe('Answers cannot be blank')
    expect(error(ShowWhenSchema, { field: 'dropdown_1', values: ['a\nb'] })).toBe('Answer must be one line')
    expect(saved(ShowWhenSchema, { field: 'dropdown_12', values: [' Yes '] })).toEqual({ field: 'dropdown_12', values: ['Yes'] })
  })

  it('refuse a rule that points at a deleted question, at its path', () => {
    const r = ServiceSchema.safeParse({
      ...service,
      customTextFields: [text('custom_1', { showWhen: { field: 'dropdown_9', values: ['Yes'] } })],
    })
    expect(r.success).toBe(false)
    expect(r.error!.issues[0]).toMatchObject({
      path: ['showWhen', 'custom_1'],
      message: '"Venue" depends on a question that no longer exists. Choose another dropdown or show it always.',
    })
  })
})

const newService = {
  id: 'arches',
  title: 'Arches',
  description: 'Tall.',
  aboutText: 'About.',
  pricingInfo: 'From $5',
}

describe('a new service', () => {
  it('answers "Missing required fields" for any field left out or blank', () => {
    for (const field of ['id', 'title', 'description', 'aboutText', 'pricingInfo'] as const) {
      expect(error(NewServiceSchema, { ...newService, [field]: undefined }), field).toBe('Missing required fields')
      expect(error(NewServiceSchema, { ...newService, [field]: ' ' }), field).toBe('Missing required fields')
    }
  })

  it('keeps its texts trimmed and the optional ones absent', () => {
    const s = saved(NewServiceSchema, { ...newService, description: ' Tall. ', aboutText: ' About. ', pricingInfo: ' From $5 ' })
    expect(s).toMatchObject({ description: 'Tall.', aboutText: 'About.', pricingInfo: 'From $5' })
    expect(s.imageUrl).toBeUndefined()
    expect(s.inquiryFormTitle).toBeUndefined()
  })

  it('refuses a window that ends before it starts', () => {
    expect(error(NewServiceSchema, { ...newService, showFrom: '2030-01-02T00:00:00Z', showUntil: '2030-01-01T00:00:00Z' })).toBe(
      'Show until must be after Show from',
    )
  })
})

describe('an edit of a service', () => {
  it('may send one field alone, and only known fields', () => {
    // The route keeps only the keys sent (jsonPatchBody), so the defaults filled here are dropped.
    expect(saved(ServiceUpdateSchema, { visible: false })).toMatchObject({ visible: false })
    expect(error(ServiceUpdateSchema, { visible: false, owner: 'x' })).toMatch(/owner/)
    expect(saved(ServiceUpdateSchema, { baseVersion: 'abc', images: [img] })).toMatchObject({ baseVersion: 'abc', images: [img] })
  })

  it('refuses a window that ends before it starts', () => {
    expect(error(ServiceUpdateSchema, { showFrom: '2030-01-02T00:00:00Z', showUntil: '2030-01-01T00:00:00Z' })).toBe(
      'Show until must be after Show from',
    )
  })

  it('of the about and pricing texts keeps them as written', () => {
    expect(saved(ServiceContentSchema, { aboutText: ' A\n', pricingInfo: 'B\tC' })).toEqual({ aboutText: ' A\n', pricingInfo: 'B\tC' })
    expect(error(ServiceContentSchema, { aboutText: 'a\u0000', pricingInfo: '' })).toBe('About text must not contain control characters')
    expect(error(ServiceContentSchema, { aboutText: '', pricingInfo: 'a\u0007' })).toBe(
      'Pricing information must not contain control characters',
    )
  })
})

describe('what the public site lists', () => {
  it('in the default order: the studio’s ten services', () => {
    expect(DEFAULT_SERVICE_ORDER).toEqual([
      'bouquets',
      'costumes-parades',
      'balloon-garlands',
      'mosaics',
      'sculptures',
      'custom-creations',
      'corporate-creations',
      'events',
      'jumbos',
      'penelope',
    ])
  })

  it('in the saved order, skipping ids with no service, the others after', () => {
    const s = [{ id: 'a' }, { id: 'b' }, { id: 'c' }]
    expect(orderServices(s, ['c', 'x', 'a', 'c']).map((x) => x.id)).toEqual(['c', 'a', 'b'])
  })

  it('only a visible service inside its window', () => {
    const now = Date.parse('2030-01-01T00:00:00Z')
    const open = { showFrom: undefined, showUntil: undefined }
    expect(isPublicService({ ...open, visible: true }, now)).toBe(true)
    expect(isPublicService({ ...open, visible: false }, now)).toBe(false)
    expect(isPublicService({ ...open, visible: true, showFrom: '2030-01-02T00:00:00Z' }, now)).toBe(false)
  })

  it('prices read as lines: a label before the first colon, other lines as items', () => {
    expect(parsePricingLines(' Small : $5: each \r\n\n  Delivery extra \n:x\n')).toEqual([
      { label: 'Small', value: '$5: each' },
      { text: 'Delivery extra' },
      { text: ':x' },
    ])
  })
})
