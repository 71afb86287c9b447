// Picture files in History named the way the owner knows them: by the description the content gives them and where
// they are shown, read from the content files of the same change; a picture no content mentions keeps its file name.
import { describe, expect, it } from 'vitest'
import type { ItemChange } from './history.types'
import { namePictures } from './picture-words'

const picture = (name: string): ItemChange => ({
  item: `uploads/${name}`,
  label: name,
  path: `uploads/${name}`,
  change: 'added',
  fields: [],
})
const bouquets: ItemChange = {
  item: 'services/bouquets',
  label: 'Service "Bouquets"',
  path: 'content/services/bouquets.yaml',
  change: 'changed',
  fields: [],
}
const labels = (changes: ItemChange[], texts: { path: string; text: string | null }[]) => namePictures(changes, texts).map((c) => c.label)

describe('a picture file in History', () => {
  it('is named by its description and the item that shows it; its original as the full-size picture', () => {
    const yaml = `title: Bouquets\nimages:\n  - cropped: /uploads/pink-c.jpg\n    original: /uploads/pink.jpg\n    alt: '  Pink bouquet  '\n`
    expect(labels([picture('pink-c.jpg'), picture('pink.jpg'), bouquets], [{ path: bouquets.path, text: yaml }])).toEqual([
      'Picture “Pink bouquet” (Service "Bouquets")',
      'Full-size picture “Pink bouquet” (Service "Bouquets")',
      'Service "Bouquets"',
    ])
  })

  it('takes the description beside its own key before a general one, and the mention that has a description', () => {
    const site = `hero:\n  image: /uploads/hero.jpg\n  imageAlt: Garden arch\n  alt: Not this\nlogo: /uploads/hero.jpg\n`
    expect(labels([picture('hero.jpg')], [{ path: 'content/site.yaml', text: site }])).toEqual(['Picture “Garden arch”'])
    const first = `a:\n  photo: /uploads/x.jpg\nb:\n  photo: /uploads/x.jpg\n  photoAlt: Described\n`
    expect(labels([picture('x.jpg')], [{ path: 'content/site.yaml', text: first }])).toEqual(['Picture “Described”'])
  })

  it('says when the content gives no description, and reads the front matter of a markdown page', () => {
    const page = `---\ntitle: About\ncover: /uploads/team.jpg\n---\nWe make balloons.\n`
    expect(labels([picture('team.jpg')], [{ path: 'content/pages/about.md', text: page }])).toEqual(['Picture without a description'])
  })

  it('keeps the file name when no content mentions it, when a text is gone or cannot be read, or is a picture itself', () => {
    const texts = [
      { path: 'content/faq.yaml', text: null },
      { path: 'content/site.yaml', text: 'hero: [unclosed' },
      { path: 'uploads/other.jpg', text: 'image: /uploads/lone.jpg' },
    ]
    expect(labels([picture('lone.jpg')], texts)).toEqual(['lone.jpg'])
  })
})
