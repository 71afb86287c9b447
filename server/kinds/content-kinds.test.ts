// The content kinds' registry: every declared kind is listed, each is found from its files and items, and every part
// that loops over the kinds sees a new one (history's items and labels, content checks, the public read cache).
import { readdirSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { contentFileProblem } from '../history/content-check'
import { itemLabel, itemOfPath, pathOfItem } from '../history/items'
import type { ContentKind } from '../lib/content-kind'
import { useTestApp } from '../testing/test-app'
import { CONTENT_KINDS, kindOfItem, kindOfPath } from './content-kinds'

const SERVER = resolve(import.meta.dirname, '..')

function kindFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? kindFiles(join(dir, e.name)) : e.name.endsWith('.kind.ts') ? [join(dir, e.name)] : [],
  )
}

const isKind = (v: unknown): v is ContentKind => typeof v === 'object' && v !== null && 'item' in v && 'file' in v && 'schema' in v

describe('the content kinds registry', () => {
  it('lists every kind declared in a .kind.ts file', async () => {
    const listed = new Set<ContentKind>(CONTENT_KINDS)
    const missing: string[] = []
    for (const file of kindFiles(SERVER)) {
      for (const [name, value] of Object.entries(await import(file))) {
        if (isKind(value) && !listed.has(value)) missing.push(`${relative(SERVER, file)}: ${name}`)
      }
    }
    expect(missing).toEqual([])
  })

  it('gives each kind its own item name and file', () => {
    expect(new Set(CONTENT_KINDS.map((k) => k.item)).size).toBe(CONTENT_KINDS.length)
    expect(new Set(CONTENT_KINDS.map((k) => k.file)).size).toBe(CONTENT_KINDS.length)
  })

  it('finds a kind from its file and its item, and back', () => {
    for (const kind of CONTENT_KINDS) {
      const path = kind.file.replace('{id}', 'some-entry')
      const item = kind.file.includes('{id}') ? `${kind.item}/some-entry` : kind.item
      expect(kindOfPath(path)).toEqual({ kind, item })
      expect(kindOfItem(item)).toBe(kind)
      expect(itemOfPath(path)).toBe(item)
      expect(pathOfItem(item)).toBe(path)
      if (!kind.file.includes('{id}')) expect(itemLabel(item)).toBe(kind.label)
    }
    expect(kindOfPath('content/services/Not An Id.yaml')).toBeNull()
    expect(kindOfPath('content/other.yaml')).toBeNull()
  })

  it('checks a file of each kind against its schema', () => {
    for (const kind of CONTENT_KINDS as readonly ContentKind[]) {
      const path = kind.file.replace('{id}', 'some-entry')
      expect(contentFileProblem(path, kind.markdownKey ? '---js\n1\n---\nx' : '{ broken: [')).not.toBeNull()
    }
  })
})

describe('the public read cache keeps what the kinds declare', () => {
  const ctx = useTestApp()
  it('every kind with public reads, and only those paths', () => {
    const { readCache } = ctx.t.deps
    expect(readCache.reads.content).toEqual(CONTENT_KINDS.flatMap((k) => (k.publicReads ? [k.publicReads] : [])))
    for (const path of [
      '/api/site-settings',
      '/api/services',
      '/api/services/bouquets',
      '/api/service-content/bouquets',
      '/api/service-order',
      '/api/testimonials',
      '/api/faq',
      '/api/delivery-installation-content',
      '/api/image-versions',
    ]) {
      expect(readCache.isContentRead(path), path).toBe(true)
    }
    for (const path of ['/api/flodesk-segments', '/api/admin/history', '/api/services/Bad', '/api/faqs', '/api/site-settings/x'])
      expect(readCache.isContentRead(path), path).toBe(false)
  })
})
