// Test fixture: a small content repo with a few commits made the way the dashboard makes them (with trailers).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import YAML from 'yaml'
import { makeTempContentRoot, type TempContentRoot } from '../testing/temp-content'

// The smallest valid JPEG header bytes are enough: history never decodes images.
export const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9])

export function serviceYaml(id: string, title: string, extra: Record<string, unknown> = {}): string {
  return YAML.stringify({
    id,
    title,
    description: `${title} for every party`,
    aboutText: 'About',
    pricingInfo: 'Small: $45',
    visible: true,
    images: [],
    ...extra,
  })
}

export interface HistoryFixture extends TempContentRoot {
  write: (path: string, data: string | Buffer) => void
  remove: (path: string) => void
  /** Stages the paths and commits as the admin would (message + Content-Item trailers); returns the hash. */
  commit: (message: string, items: string[], paths: string[]) => string
  head: () => string
}

export function makeHistoryFixture(): HistoryFixture {
  const repo = makeTempContentRoot({ seed: false })
  const write = (path: string, data: string | Buffer) => {
    mkdirSync(dirname(join(repo.root, path)), { recursive: true })
    writeFileSync(join(repo.root, path), data)
  }
  const remove = (path: string) => rmSync(join(repo.root, path), { force: true })
  const commit = (message: string, items: string[], paths: string[]) => {
    repo.git('add', '--', ...paths)
    repo.git('commit', '-q', '-m', [message, '', ...items.map((i) => `Content-Item: ${i}`)].join('\n'), '--', ...paths)
    return repo.git('rev-parse', 'HEAD').trim()
  }
  const head = () => repo.git('rev-parse', 'HEAD').trim()

  write(
    'content/services/bouquets.yaml',
    serviceYaml('bouquets', 'Bouquets', { images: [{ cropped: '/uploads/bq-1.jpg', original: '/uploads/bq-1-original.jpg' }] }),
  )
  write('content/services/jumbos.yaml', serviceYaml('jumbos', 'Jumbos'))
  write('content/service-order.yaml', YAML.stringify(['bouquets', 'jumbos']))
  write('content/testimonials.yaml', YAML.stringify([{ id: 't1', quote: 'Great!', author: 'Ann', position: '', imageSrc: '' }]))
  write('content/delivery-installation.md', '# Delivery\n\nWe deliver across Portland.\n')
  write(
    'content/site.yaml',
    YAML.stringify({
      brand: { name: 'Float On Studio', tagline: '' },
      contact: { email: 'hi@example.com', phone: '503-555-0100' },
      social: { instagram: 'https://instagram.com/x', facebook: 'https://facebook.com/x' },
      hero: { title: 'Balloons', image: '/uploads/hero.jpg' },
    }),
  )
  write('uploads/bq-1.jpg', JPEG)
  write('uploads/bq-1-original.jpg', JPEG)
  write('uploads/hero.jpg', JPEG)
  commit('Add starting content', ['site'], ['content', 'uploads'])
  return { ...repo, write, remove, commit, head }
}
