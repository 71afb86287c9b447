// One photos question as the visitor reads it: its rules line, each photo's state, the room for more and the add
// button's words, and what a screen reader hears while photos upload.
import { describe, expect, it } from 'vitest'
import { MAX_PHOTO_MB } from '../../../server/inquiries/photo-rules'
import type { PhotoItem } from './photo-items'
import { addLabel, describedBy, photoRulesLine, photoState, roomLeft, uploadingNotice } from './photo-field-words'

const item = (key: string, state: PhotoItem['state'], change: Partial<PhotoItem> = {}): PhotoItem => ({
  key,
  name: `${key}.jpg`,
  preview: `blob:${key}`,
  state,
  progress: state === 'uploading' ? 0.5 : 1,
  ...change,
})

describe('the rules line', () => {
  it('names the limit, one photo in the singular, and the size each may be', () => {
    expect(MAX_PHOTO_MB).toBe(10)
    expect(photoRulesLine(3)).toBe('Up to 3 photos: JPEG, PNG or WebP, 10 MB at most each.')
    expect(photoRulesLine(1)).toBe('Up to 1 photo: JPEG, PNG or WebP, 10 MB at most each.')
  })

  it('is read with the hint, and the error while there is one', () => {
    expect(describedBy('inq-photos_1')).toBe('inq-photos_1-hint inq-photos_1-rules')
    expect(describedBy('inq-photos_1', '')).toBe('inq-photos_1-hint inq-photos_1-rules')
    expect(describedBy('inq-photos_1', 'Add at least one photo')).toBe('inq-photos_1-hint inq-photos_1-rules inq-photos_1-error')
  })
})

describe('each photo', () => {
  it('shows its upload in whole percent while it goes', () => {
    expect(photoState(item('p1', 'uploading', { progress: 0 }))).toBe('Uploading 0%')
    expect(photoState(item('p1', 'uploading', { progress: 0.456 }))).toBe('Uploading 46%')
    expect(photoState(item('p1', 'uploading', { progress: 0.994 }))).toBe('Uploading 99%')
    expect(photoState(item('p1', 'uploading', { progress: 1 }))).toBe('Uploading 100%')
  })

  it('is ready once sent, or says why it was not', () => {
    expect(photoState(item('p1', 'done', { token: 'a'.repeat(32) }))).toBe('Ready to send')
    expect(photoState(item('p1', 'failed', { error: 'could not be sent (connection lost). Remove it and add it again.' }))).toBe(
      'Not sent: could not be sent (connection lost). Remove it and add it again.',
    )
  })
})

describe('room for more', () => {
  it('is the limit less the photos sent or on their way; a failed one leaves its place free', () => {
    expect(roomLeft([], 3)).toBe(3)
    expect(roomLeft([item('p1', 'done'), item('p2', 'uploading')], 3)).toBe(1)
    expect(roomLeft([item('p1', 'done'), item('p2', 'failed'), item('p3', 'uploading')], 3)).toBe(1)
    expect(roomLeft([item('p1', 'done'), item('p2', 'done'), item('p3', 'done')], 3)).toBe(0)
  })

  it('is offered as Add photos first, then Add more photos (a failed one alone still offers the first)', () => {
    expect(addLabel([])).toBe('Add photos')
    expect(addLabel([item('p1', 'failed')])).toBe('Add photos')
    expect(addLabel([item('p1', 'uploading')])).toBe('Add more photos')
    expect(addLabel([item('p1', 'failed'), item('p2', 'done')])).toBe('Add more photos')
  })
})

describe('the live region', () => {
  it('counts the photos uploading, one in the singular, and is quiet when none is', () => {
    expect(uploadingNotice(0)).toBe('')
    expect(uploadingNotice(1)).toBe('1 photo uploading')
    expect(uploadingNotice(2)).toBe('2 photos uploading')
  })
})
