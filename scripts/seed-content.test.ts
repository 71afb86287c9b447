// Checks the seed content under content/ and uploads/: every file parses with its schema, images and swatches exist.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseFrontMatter } from '../server/lib/front-matter'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { DeliveryContentSchema } from '../server/delivery/delivery.schema'
import { BALLOON_COLORS } from '../server/inquiries/balloon-colors'
import { SegmentListSchema } from '../server/mailing-list/mailing-list.schema'
import { DEFAULT_SERVICE_ORDER, ServiceOrderSchema, ServiceSchema, type Service } from '../server/services/services.schema'
import { SiteSettingsSchema } from '../server/site/site.schema'
import { TestimonialListSchema } from '../server/testimonials/testimonials.schema'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const CONTENT = path.join(ROOT, 'content')
const UPLOAD_NAME = /^[a-z0-9][a-z0-9-]*\.(jpg|png|webp|gif)$/

const readYaml = (file: string): unknown => parse(readFileSync(path.join(CONTENT, file), 'utf8'))

/** Maps a /uploads/... URL to its file and checks the name follows the upload naming rule. */
function uploadFile(url: string): string {
  expect(url.startsWith('/uploads/'), url).toBe(true)
  const name = url.slice('/uploads/'.length)
  expect(name, url).toMatch(UPLOAD_NAME)
  return path.join(ROOT, 'uploads', name)
}

function expectImageFile(url: string): void {
  const file = uploadFile(url)
  expect(existsSync(file), `${url} is missing`).toBe(true)
  expect(statSync(file).size, `${url} is empty`).toBeGreaterThan(1000)
}

function loadServices(): Service[] {
  const dir = path.join(CONTENT, 'services')
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => {
      const service = ServiceSchema.parse(readYaml(path.join('services', f)))
      expect(`${service.id}.yaml`, 'a service file is named after its id').toBe(f)
      return service
    })
}

describe('seed content', () => {
  it('site settings parse and point at an existing hero image', () => {
    const site = SiteSettingsSchema.parse(readYaml('site.yaml'))
    expect(site.brand.name.length).toBeGreaterThan(0)
    expect(site.features).toEqual({ servicesEnabled: true, aboutEnabled: false })
    expectImageFile(site.hero.image)
  })

  it('every picture a visitor sees has a description: the hero and each service picture', () => {
    const site = SiteSettingsSchema.parse(readYaml('site.yaml'))
    expect(site.hero.imageAlt.trim().length, 'hero picture description').toBeGreaterThan(10)
    for (const service of loadServices()) {
      for (const [i, image] of service.images.entries())
        expect(image.alt?.trim().length ?? 0, `${service.id} picture ${i + 1} description`).toBeGreaterThan(10)
      expect(new Set(service.images.map((i) => i.alt)).size, `${service.id}: each picture described on its own`).toBe(service.images.length)
    }
  })

  it('has all ten default services, each with at least two existing images', () => {
    const services = loadServices()
    const ids = services.map((s) => s.id)
    for (const id of DEFAULT_SERVICE_ORDER) {
      expect(ids, `service ${id}`).toContain(id)
      const service = services.find((s) => s.id === id)!
      expect(service.images.length, `${id} images`).toBeGreaterThanOrEqual(2)
      expect(service.description.trim().length).toBeGreaterThan(0)
      expect(service.aboutText.trim().length, `${id} aboutText`).toBeGreaterThan(0)
      expect(service.pricingInfo.trim().length, `${id} pricingInfo`).toBeGreaterThan(0)
    }
    for (const service of services) {
      for (const image of service.images) {
        expectImageFile(image.cropped)
        expectImageFile(image.original)
      }
      // fieldOrder in the file lists exactly the custom field ids (the schema would silently repair it)
      const raw = readYaml(path.join('services', `${service.id}.yaml`)) as { fieldOrder?: string[] }
      const fieldIds = [...service.customTextFields, ...service.customDropdownFields].map((f) => f.id)
      expect([...(raw.fieldOrder ?? [])].sort(), `${service.id} fieldOrder`).toEqual([...fieldIds].sort())
    }
  })

  it('has a visible service titled Corporate', () => {
    expect(loadServices().some((s) => s.visible && s.title === 'Corporate')).toBe(true)
  })

  it('service order lists exactly the ten default services', () => {
    const order = ServiceOrderSchema.parse(readYaml('service-order.yaml'))
    expect(order).toEqual([...DEFAULT_SERVICE_ORDER])
  })

  it('has at least five testimonials with unique ids', () => {
    const testimonials = TestimonialListSchema.parse(readYaml('testimonials.yaml'))
    expect(testimonials.length).toBeGreaterThanOrEqual(5)
    expect(new Set(testimonials.map((t) => t.id)).size).toBe(testimonials.length)
  })

  it('has at least three mailing-list segments with unique ids', () => {
    const segments = SegmentListSchema.parse(readYaml('mailing-list-segments.yaml'))
    expect(segments.length).toBeGreaterThanOrEqual(3)
    expect(new Set(segments.map((s) => s.id)).size).toBe(segments.length)
  })

  it('has a delivery and installation page with headings and lists', () => {
    const { content } = parseFrontMatter(readFileSync(path.join(CONTENT, 'delivery-installation.md'), 'utf8'))
    const page = DeliveryContentSchema.parse({ markdownContent: content })
    expect(page.markdownContent).toMatch(/^## /m)
    expect(page.markdownContent).toMatch(/^- /m)
    expect(page.markdownContent).not.toMatch(/<[a-z]/i)
  })

  it('has a swatch file for every balloon colour', () => {
    expect(BALLOON_COLORS.length).toBe(79)
    for (const color of BALLOON_COLORS) {
      const file = path.join(ROOT, 'web', 'public', color.image)
      expect(existsSync(file), `${color.image} is missing`).toBe(true)
      expect(readFileSync(file, 'utf8')).toContain('<svg')
    }
  })

  it('every file under uploads/ follows the upload naming rule', () => {
    for (const name of readdirSync(path.join(ROOT, 'uploads'))) {
      if (name.startsWith('.')) continue
      expect(name).toMatch(UPLOAD_NAME)
    }
  })

  it('has the delivery truck and social share images', () => {
    for (const file of ['delivery-truck.webp', 'og-default.jpg']) {
      expect(existsSync(path.join(ROOT, 'web', 'public', 'images', file)), file).toBe(true)
    }
  })
})
