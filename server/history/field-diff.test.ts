import { describe, expect, it } from 'vitest'
import { diffContentFile } from './field-diff'

const service = (extra: string) => `id: bouquets
title: Bouquets
description: Hand-tied bouquets
pricingInfo: "Small: $45"
visible: true
images:
  - cropped: /uploads/a-cropped.jpg
    original: /uploads/a.jpg
${extra}`

describe('diffContentFile', () => {
  it('names changed service fields in words, images as URL lists', () => {
    const before = service('')
    const after = service('')
      .replace('Small: $45', 'Small: $55')
      .replace('visible: true', 'visible: false')
      .replace('images:\n', 'images:\n  - cropped: /uploads/b-cropped.jpg\n    original: /uploads/b.jpg\n')
    const change = diffContentFile('content/services/bouquets.yaml', before, after)!
    expect(change.item).toBe('services/bouquets')
    expect(change.label).toBe('Service "Bouquets"')
    expect(change.change).toBe('changed')
    const byField = Object.fromEntries(change.fields.map((f) => [f.field, f]))
    expect(byField.pricingInfo).toMatchObject({ label: 'Pricing', before: 'Small: $45', after: 'Small: $55', kind: 'text' })
    expect(byField.visible).toMatchObject({ label: 'Visible on the site', before: 'Yes', after: 'No' })
    expect(byField.images).toMatchObject({
      kind: 'images',
      before: ['/uploads/a-cropped.jpg'],
      after: ['/uploads/b-cropped.jpg', '/uploads/a-cropped.jpg'],
    })
    expect(change.fields.map((f) => f.field)).toEqual(['pricingInfo', 'visible', 'images'])
  })

  it("says a picture's new description as text, without the same thumbnails on both sides", () => {
    const before = service('').replace('original: /uploads/a.jpg', 'original: /uploads/a.jpg\n    alt: Pink arch')
    const after = before.replace('alt: Pink arch', 'alt: Pink and gold arch by the door')
    const change = diffContentFile('content/services/bouquets.yaml', before, after)!
    expect(change.fields).toEqual([
      {
        field: 'imageDescriptions',
        label: 'Picture descriptions',
        kind: 'text',
        change: 'changed',
        before: 'Picture 1: Pink arch',
        after: 'Picture 1: Pink and gold arch by the door',
      },
    ])
    const added = before.replace(
      'images:\n',
      'images:\n  - cropped: /uploads/b-cropped.jpg\n    original: /uploads/b.jpg\n    alt: Blue garland\n',
    )
    const fields = diffContentFile('content/services/bouquets.yaml', before, added)!.fields
    expect(fields.map((f) => f.field)).toEqual(['images', 'imageDescriptions'])
    expect(fields[1].after).toBe('Picture 1: Blue garland\nPicture 2: Pink arch')
  })

  it('reports a new and a deleted service', () => {
    expect(diffContentFile('content/services/bouquets.yaml', null, service(''))).toMatchObject({ change: 'added' })
    const removed = diffContentFile('content/services/bouquets.yaml', service(''), null)!
    expect(removed.change).toBe('removed')
    expect(removed.fields.find((f) => f.field === 'title')).toMatchObject({ change: 'removed', before: 'Bouquets', after: null })
  })

  it('ignores formatting-only YAML changes', () => {
    expect(diffContentFile('content/service-order.yaml', '- a\n- b\n', '[a, b]\n')).toBeNull()
  })

  it('shows testimonials added, removed and changed one by one', () => {
    const before = `- id: t1\n  quote: Great!\n  author: Ann\n- id: t2\n  quote: Lovely\n  author: Bo\n`
    const after = `- id: t1\n  quote: Great work!\n  author: Ann\n- id: t3\n  quote: Wow\n  author: Cy\n  imageSrc: /uploads/cy.jpg\n`
    const change = diffContentFile('content/testimonials.yaml', before, after)!
    const labels = change.fields.map((f) => `${f.change} ${f.label}`)
    expect(labels).toContain('changed Testimonial by "Ann" › Quote')
    expect(labels).toContain('added Testimonial by "Cy" › Quote')
    expect(labels).toContain('removed Testimonial by "Bo" › Quote')
    expect(change.fields.find((f) => f.field === 't3.imageSrc')).toMatchObject({ kind: 'images', after: ['/uploads/cy.jpg'] })
  })

  it('shows the delivery page body without its front matter', () => {
    const change = diffContentFile('content/delivery-installation.md', '---\nx: 1\n---\n# Old\n', '# New\n')!
    expect(change.fields).toEqual([
      { field: 'markdownContent', label: 'Page text', kind: 'text', change: 'changed', before: '# Old\n', after: '# New\n' },
    ])
  })

  it('flattens site settings into labelled fields', () => {
    const change = diffContentFile(
      'content/site.yaml',
      'brand:\n  name: Old Name\nhero:\n  image: /uploads/hero-1.jpg\n',
      'brand:\n  name: New Name\nhero:\n  image: /uploads/hero-2.jpg\n',
    )!
    expect(change.fields).toEqual([
      expect.objectContaining({ field: 'brand.name', label: 'Brand › Name', before: 'Old Name', after: 'New Name' }),
      expect.objectContaining({ field: 'hero.image', kind: 'images', before: ['/uploads/hero-1.jpg'], after: ['/uploads/hero-2.jpg'] }),
    ])
  })

  it('describes an image file added or removed', () => {
    expect(diffContentFile('uploads/x.jpg', null, '')).toMatchObject({
      change: 'added',
      fields: [{ kind: 'images', after: ['/uploads/x.jpg'] }],
    })
    expect(diffContentFile('uploads/x.jpg', '', null)).toMatchObject({
      change: 'removed',
      fields: [{ before: ['/uploads/x.jpg'], after: null }],
    })
  })

  it('falls back to the raw text when a file does not parse', () => {
    const change = diffContentFile('content/testimonials.yaml', 'a: [', 'b: 1\n')!
    expect(change.fields[0]).toMatchObject({ label: 'File text', before: 'a: [', after: 'b: 1\n' })
  })
})
