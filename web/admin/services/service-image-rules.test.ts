// A service's pictures as the owner edits them: the files taken, the list after a delete, a description or a drag, the
// pictures still to describe, and the words on the tiles.
import { describe, expect, it } from 'vitest'
import {
  DESCRIPTION_MAX,
  descriptionFieldId,
  descriptionSavedDetail,
  descriptionUnsaved,
  draggedImages,
  hasDescription,
  imageName,
  isPicture,
  missingDescriptions,
  moveLabel,
  oneLine,
  withDescription,
  withoutImage,
  withTyping,
} from './service-image-rules'

const pic = (name: string, alt?: string) => ({
  cropped: `/uploads/${name}.webp`,
  original: `/uploads/${name}.jpg`,
  ...(alt === undefined ? {} : { alt }),
})

describe('the file picked', () => {
  it('goes to the crop dialog when it is a picture of any kind', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic']) expect(isPicture({ type })).toBe(true)
  })

  it('is refused when it is not a picture, or names image only later in its type', () => {
    for (const type of ['', 'application/pdf', 'text/plain', 'video/mp4', 'application/image', 'x-image/png'])
      expect(isPicture({ type })).toBe(false)
  })
})

describe('the pictures still to describe', () => {
  it('are counted of all the pictures; blank or missing descriptions count, a described one does not', () => {
    expect(missingDescriptions([pic('a', 'Red arch'), pic('b'), pic('c', '   ')])).toBe('2 of 3 pictures have no description yet.')
    expect(missingDescriptions([pic('a', '')])).toBe('1 of 1 pictures have no description yet.')
  })

  it('are not mentioned when every picture is described, or there is none', () => {
    expect(missingDescriptions([pic('a', 'Red arch'), pic('b', ' Gold garland ')])).toBeNull()
    expect(missingDescriptions([])).toBeNull()
  })

  it('badge a tile whose description is missing or blank', () => {
    expect(hasDescription(pic('a', 'Red arch'))).toBe(true)
    expect(hasDescription(pic('a', ' x '))).toBe(true)
    expect(hasDescription(pic('a'))).toBe(false)
    expect(hasDescription(pic('a', ''))).toBe(false)
    expect(hasDescription(pic('a', ' \t '))).toBe(false)
  })
})

describe('a delete', () => {
  it('leaves every other picture in its order', () => {
    const images = [pic('a'), pic('b'), pic('c')]
    expect(withoutImage(images, '/uploads/b.webp')).toEqual([pic('a'), pic('c')])
    expect(withoutImage(images, '/uploads/zz.webp')).toEqual(images)
  })
})

describe('a description left', () => {
  const images = [pic('a', 'Old words'), pic('b'), pic('c', 'Gold')]

  it('is saved trimmed on its own picture, the others untouched', () => {
    expect(withDescription(images, images[1], '  Blue columns ')).toEqual({
      images: [pic('a', 'Old words'), pic('b', 'Blue columns'), pic('c', 'Gold')],
      text: 'Blue columns',
    })
  })

  it('is not saved again when it is what is saved already (spaces around it aside)', () => {
    expect(withDescription(images, images[0], 'Old words')).toBeNull()
    expect(withDescription(images, images[0], ' Old words  ')).toBeNull()
    expect(withDescription(images, images[1], '')).toBeNull()
    expect(withDescription(images, images[1], '   ')).toBeNull()
  })

  it('emptied clears the description (no alt left on the picture), and says so', () => {
    const edit = withDescription(images, images[2], '  ')
    expect(edit).toEqual({ images: [pic('a', 'Old words'), pic('b'), { ...pic('c'), alt: undefined }], text: '' })
    expect(edit!.images[2].alt).toBeUndefined()
    expect(descriptionSavedDetail(edit!.text)).toBe('The picture has no description now.')
    expect(descriptionSavedDetail('Blue columns')).toBeUndefined()
  })

  it('counts as unsaved while it differs from the saved one', () => {
    expect(descriptionUnsaved('Old words', pic('a', 'Old words'))).toBe(false)
    expect(descriptionUnsaved(' Old words ', pic('a', 'Old words'))).toBe(false)
    expect(descriptionUnsaved('Old word', pic('a', 'Old words'))).toBe(true)
    expect(descriptionUnsaved('', pic('a'))).toBe(false)
    expect(descriptionUnsaved('x', pic('a'))).toBe(true)
    expect(descriptionUnsaved('', pic('a', 'Old words'))).toBe(true)
  })

  it('is one line: every line break typed or pasted becomes a space', () => {
    expect(oneLine('Red arch\nwith gold\nballoons')).toBe('Red arch with gold balloons')
    expect(oneLine('no break')).toBe('no break')
  })

  it('takes 300 characters at most', () => {
    expect(DESCRIPTION_MAX).toBe(300)
  })
})

describe('the pictures with unsaved text', () => {
  it('gain and lose a picture, the set before left as it was', () => {
    const empty: ReadonlySet<string> = new Set()
    const one = withTyping(empty, 'a', true)
    expect([...one]).toEqual(['a'])
    expect([...withTyping(one, 'b', true)].sort()).toEqual(['a', 'b'])
    expect([...withTyping(one, 'a', false)]).toEqual([])
    expect([...one]).toEqual(['a'])
    expect(empty.size).toBe(0)
  })

  it('stay the same set when nothing changed (React then renders nothing again)', () => {
    const one = new Set(['a'])
    expect(withTyping(one, 'a', true)).toBe(one)
    expect(withTyping(one, 'b', false)).toBe(one)
  })
})

describe('a drag', () => {
  const images = [pic('a'), pic('b'), pic('c'), pic('d')]
  const order = (list: { cropped: string }[] | null) => list?.map((i) => i.cropped.slice(9, 10))

  it('puts the picture where it was dropped, forwards and back', () => {
    expect(order(draggedImages(images, '/uploads/a.webp', '/uploads/c.webp'))).toEqual(['b', 'c', 'a', 'd'])
    expect(order(draggedImages(images, '/uploads/d.webp', '/uploads/a.webp'))).toEqual(['d', 'a', 'b', 'c'])
    expect(order(images)).toEqual(['a', 'b', 'c', 'd'])
  })

  it('changes nothing dropped on itself or nowhere', () => {
    expect(draggedImages(images, '/uploads/b.webp', '/uploads/b.webp')).toBeNull()
    expect(draggedImages(images, '/uploads/b.webp', null)).toBeNull()
  })
})

describe('what the tiles say', () => {
  it('names a picture by its place while it is dragged', () => {
    const ids = ['/uploads/a.webp', '/uploads/b.webp']
    expect(imageName(ids, '/uploads/a.webp')).toBe('Image 1')
    expect(imageName(ids, '/uploads/b.webp')).toBe('Image 2')
  })

  it('labels the handle with the place, the first as the cover', () => {
    expect(moveLabel(0, 3)).toBe('Move image 1 of 3 (cover)')
    expect(moveLabel(1, 3)).toBe('Move image 2 of 3')
    expect(moveLabel(2, 3)).toBe('Move image 3 of 3')
  })

  it('gives each description field an id of letters, digits and hyphens', () => {
    expect(descriptionFieldId('/uploads/Arch_01.webp')).toBe('alt--uploads-Arch-01-webp')
    expect(descriptionFieldId('abcXYZ09')).toBe('alt-abcXYZ09')
  })
})
