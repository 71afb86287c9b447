// Writes YAML over an existing file keeping its layout: unchanged nodes keep their style, order and comments,
// so a dashboard edit's git diff shows only the fields that changed.
import { isDeepStrictEqual } from 'node:util'
import YAML, { isMap, isScalar, isSeq, type Document } from 'yaml'

const STRINGIFY = { lineWidth: 0 } as const

/** `value` as YAML text; with the file's current text, only what differs from it is rewritten. */
export function stringifyKeepingLayout(value: unknown, existingText: string | null): string {
  if (existingText === null) return YAML.stringify(value, STRINGIFY)
  const doc = YAML.parseDocument(existingText)
  if (doc.errors.length > 0 || doc.contents === null) return YAML.stringify(value, STRINGIFY)
  doc.contents = merge(doc, doc.contents, value) as typeof doc.contents
  return doc.toString(STRINGIFY)
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function merge(doc: Document, node: unknown, value: unknown): unknown {
  if (isScalar(node)) {
    if (isPlainObject(value) || Array.isArray(value)) return doc.createNode(value)
    // Keeps the scalar's style (e.g. a `|` block for about text) with its new value.
    if (node.value !== value) node.value = value
    return node
  }
  if (isMap(node) && isPlainObject(value)) {
    for (const pair of [...node.items]) {
      const key = isScalar(pair.key) ? pair.key.value : pair.key
      if (typeof key !== 'string' || value[key] === undefined) node.delete(pair.key)
    }
    for (const [key, v] of Object.entries(value)) {
      if (v === undefined) continue
      const existing = node.get(key, true)
      node.set(key, existing === undefined ? doc.createNode(v) : merge(doc, existing, v))
    }
    return node
  }
  if (isSeq(node) && Array.isArray(value)) {
    // Unchanged items keep their node wherever they moved to; an edited item is merged into the one at its index.
    const unused = new Set(node.items)
    const json = new Map(node.items.map((item) => [item, toJSON(item)]))
    const items = value.map((v) => {
      const same = [...unused].find((item) => isDeepStrictEqual(json.get(item), v))
      if (same !== undefined) {
        unused.delete(same)
        return same
      }
      return undefined
    })
    node.items = items.map((item, i) => {
      if (item !== undefined) return item
      const atIndex = node.items[i]
      if (atIndex !== undefined && unused.has(atIndex) && isMap(atIndex) && isPlainObject(value[i])) {
        unused.delete(atIndex)
        return merge(doc, atIndex, value[i])
      }
      return doc.createNode(value[i])
    })
    return node
  }
  return doc.createNode(value)
}

function toJSON(node: unknown): unknown {
  return node && typeof node === 'object' && 'toJSON' in node ? (node as { toJSON: () => unknown }).toJSON() : node
}
