// The service editor's model at its edges: the colour limit typed almost as a number, photo questions' texts as typed,
// a service saved before photo questions existed, a new field id next to ids in use.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ServiceSchema, type Service } from '../../../server/services/services.schema'
import { newFieldId, toUpdate, validate, valuesFromService, type EditorValues } from './editor-values'

const service: Service = ServiceSchema.parse({
  id: 'bouquets',
  title: 'Bouquets',
  description: 'Hand-tied balloon bouquets.',
  customPhotoFields: [{ id: 'photos_1', header: 'Venue photos', instructions: 'Show us the room' }],
})
const values = (change: Partial<EditorValues> = {}): EditorValues => ({ ...valuesFromService(service), ...change })

describe('the colour limit as typed', () => {
  it.each([
    ['3', undefined],
    [' 50 ', undefined],
    ['', undefined],
    ['51', 'Maximum colors must be at most 50'],
    ['0', 'Maximum colors must be at least 1'],
    ['-1', 'Maximum colors must be at least 1'],
    ['2.5', 'Maximum colors must be a whole number'],
    ['2.', 'Maximum colors must be a whole number'],
    ['.5', 'Maximum colors must be a whole number'],
    ['3 colors', 'Maximum colors must be a whole number'],
    ['x3', 'Maximum colors must be a whole number'],
    ['1e1', 'Maximum colors must be a whole number'],
    ['2.a', 'Maximum colors must be a whole number'],
  ])('%j: %s', (typed, message) => {
    expect(validate(values({ maxBalloonColors: typed })).maxBalloonColors).toBe(message)
  })

  it('is sent as a number, and an empty box as no limit', () => {
    expect(toUpdate(values({ maxBalloonColors: ' 7 ' })).maxBalloonColors).toBe(7)
    expect(toUpdate(values({ maxBalloonColors: '  ' })).maxBalloonColors).toBeNull()
  })
})

describe('photo questions', () => {
  it('their header and instructions are sent trimmed', () => {
    const v = values({
      customPhotoFields: [
        { id: 'photos_1', header: '  Venue photos ', instructions: ' Show us the room  ', optional: false, maxPhotos: 3 },
      ],
    })
    expect(toUpdate(v).customPhotoFields).toEqual([
      { id: 'photos_1', header: 'Venue photos', instructions: 'Show us the room', optional: false, maxPhotos: 3 },
    ])
  })

  it('a blank header is named under its field', () => {
    const v = values({ customPhotoFields: [{ id: 'photos_1', header: ' ', instructions: '', optional: false, maxPhotos: 3 }] })
    expect(Object.keys(validate(v))).toContain('photos_1.header')
  })

  it('a service saved before photo questions existed opens with none, and the editor copies them (editing leaves the service alone)', () => {
    const { customPhotoFields: _, ...older } = service
    expect(valuesFromService(older as Service).customPhotoFields).toEqual([])
    const opened = valuesFromService(service)
    opened.customPhotoFields[0]!.header = 'Changed'
    expect(service.customPhotoFields![0]!.header).toBe('Venue photos')
    expect(valuesFromService(service).fieldOrder).toEqual(['photos_1'])
  })
})

describe('new field ids', () => {
  afterEach(() => vi.useRealTimers())
  it('the next free stamp after every id in use', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1000 })
    expect(newFieldId('photos_', [])).toBe('photos_1000')
    expect(newFieldId('photos_', ['photos_1000', 'photos_1001'])).toBe('photos_1002')
    expect(newFieldId('custom_', ['photos_1000'])).toBe('custom_1000')
  })
})
