// Turns a content file's before and after text into field-level changes a person can read (no raw YAML where a field fits).
import YAML from 'yaml'
import type { z } from 'zod'
import { parseFrontMatter, parseYaml } from '../lib/front-matter'
import { isUploadUrl } from '../lib/upload-url'
import { PAGE_TEXT_FIELDS } from '../site/site.schema'
import { kindOfItem } from '../kinds/content-kinds'
import { SERVICE_FIELD_LABELS } from './field-labels'
import type { FieldChange, FieldValue, ItemChange } from './history.types'
import { isServiceItem, isUploadPath, itemLabel, itemOfPath, serviceIdOf, serviceLabel } from './items'

type Json = unknown
type Obj = Record<string, Json>

const SERVICE_FIELD_ORDER = Object.keys(SERVICE_FIELD_LABELS)

const SITE_LABELS: Record<string, string> = {
  brand: 'Brand',
  contact: 'Contact',
  social: 'Social links',
  hero: 'Hero banner',
  why: 'Why Choose',
  about: 'About page',
  seo: 'Search & sharing',
  pages: 'Page texts',
  features: 'Features',
  name: 'Name',
  tagline: 'Tagline',
  email: 'E-mail',
  phone: 'Phone',
  area: 'Area',
  hours: 'Hours',
  instagram: 'Instagram',
  facebook: 'Facebook',
  tiktok: 'TikTok',
  pinterest: 'Pinterest',
  imageAlt: 'Picture description',
  story: 'Story',
  values: 'Values',
  artistTitle: 'Second heading',
  artist: 'Second text',
  photo: 'Photo',
  photoAlt: 'Photo description',
  description: 'Search description',
  shareImage: 'Share picture',
  shareImageAlt: 'Share picture description',
  title: 'Title',
  subtitle: 'Subtitle',
  image: 'Image',
  primaryLabel: 'Primary button',
  primaryHref: 'Primary button link',
  secondaryLabel: 'Secondary button',
  secondaryHref: 'Secondary button link',
  servicesEnabled: 'Services pages',
  aboutEnabled: 'About page',
  ...Object.fromEntries(Object.entries(PAGE_TEXT_FIELDS).map(([key, field]) => [key, field.label])),
}

function isObj(v: Json): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function same(a: Json, b: Json): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/** A value in words: Yes/No for switches, one line per entry for lists, YAML only for nested records. */
function formatValue(v: Json): FieldValue {
  if (v === undefined) return null
  if (v === null) return '(not set)'
  if (typeof v === 'boolean') return v ? 'Yes' : 'No'
  if (typeof v === 'string' || typeof v === 'number') return String(v)
  if (Array.isArray(v) && v.every((x) => typeof x === 'string' || typeof x === 'number')) return v.join('\n')
  if (Array.isArray(v) && v.every((x) => isObj(x) && typeof x.header === 'string')) {
    return v
      .map((f) => {
        const field = f as Obj
        const parts = [`${field.header}${field.optional ? ' (optional)' : ''}`]
        if (field.instructions) parts.push(`  ${field.instructions}`)
        if (Array.isArray(field.options)) parts.push(`  Options: ${field.options.join(', ')}`)
        return parts.join('\n')
      })
      .join('\n')
  }
  return YAML.stringify(v, { lineWidth: 0 }).trimEnd()
}

function imageUrls(v: Json): string[] | null {
  if (v === undefined) return null
  if (!Array.isArray(v)) return typeof v === 'string' && v ? [v] : []
  return v.map((img) => (isObj(img) ? (img.cropped ?? img.original) : img)).filter((u): u is string => typeof u === 'string')
}

function changeOf(before: Json, after: Json): FieldChange['change'] {
  if (before === undefined) return 'added'
  if (after === undefined) return 'removed'
  return 'changed'
}

function textField(field: string, label: string, before: Json, after: Json): FieldChange {
  return { field, label, kind: 'text', change: changeOf(before, after), before: formatValue(before), after: formatValue(after) }
}

function imagesField(field: string, label: string, before: Json, after: Json): FieldChange {
  return { field, label, kind: 'images', change: changeOf(before, after), before: imageUrls(before), after: imageUrls(after) }
}

function looksLikeImage(v: Json): boolean {
  return typeof v === 'string' && isUploadUrl(v)
}

/** Compares two records key by key in the given order (unknown keys after), one FieldChange per difference. */
function diffRecord(
  before: Obj | undefined,
  after: Obj | undefined,
  labelOf: (key: string) => string,
  order: string[],
  prefix = '',
  labelPrefix = '',
  isImages: (key: string, b: Json, a: Json) => boolean = () => false,
): FieldChange[] {
  const keys = [...new Set([...order, ...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
  const out: FieldChange[] = []
  for (const key of keys) {
    const b = before?.[key]
    const a = after?.[key]
    if (same(b, a)) continue
    const label = `${labelPrefix}${labelOf(key)}`
    const field = `${prefix}${key}`
    if (isImages(key, b, a)) out.push(imagesField(field, label, b, a))
    else out.push(textField(field, label, b, a))
  }
  return out
}

function readYaml(text: string | null): { ok: true; value: Json } | { ok: false } {
  if (text === null) return { ok: true, value: undefined }
  try {
    return { ok: true, value: parseYaml(text) ?? undefined }
  } catch {
    return { ok: false }
  }
}

function rawChange(item: string, label: string, path: string, before: string | null, after: string | null): ItemChange {
  return {
    item,
    label,
    path,
    change: before === null ? 'added' : after === null ? 'removed' : 'changed',
    fields: [{ field: 'text', label: 'File text', kind: 'text', change: changeOf(before ?? undefined, after ?? undefined), before, after }],
  }
}

/**
 * Both sides as the site reads them (schema defaults filled in), so a file written by hand with fewer fields and
 * the same file rewritten by the dashboard with every field compare equal. Unparseable data is compared as is.
 */
function normalised(schema: z.ZodType, value: Json): Json {
  if (value === undefined) return value
  const parsed = schema.safeParse(value)
  return parsed.success ? (parsed.data as Json) : value
}

/** The pictures' descriptions, a line each ("Picture 2: A pink arch"), or undefined when none has one. */
function imageDescriptions(v: Json): string | undefined {
  if (!Array.isArray(v)) return undefined
  const lines = v.flatMap((img, i) => (isObj(img) && typeof img.alt === 'string' && img.alt ? [`Picture ${i + 1}: ${img.alt}`] : []))
  return lines.length ? lines.join('\n') : undefined
}

function diffService(b: Json, a: Json): FieldChange[] {
  const fields = diffRecord(
    isObj(b) ? b : undefined,
    isObj(a) ? a : undefined,
    (k) => SERVICE_FIELD_LABELS[k] ?? k,
    SERVICE_FIELD_ORDER,
    '',
    '',
    (k) => k === 'images',
  ).filter((f) => f.field !== 'id')
  const images = fields.find((f) => f.field === 'images')
  if (!images) return fields
  // A picture's description lives inside its entry: said as text beside the thumbnails, or instead of them when
  // only descriptions changed (the thumbnails would show the same pictures on both sides).
  const before = imageDescriptions(isObj(b) ? b.images : undefined)
  const after = imageDescriptions(isObj(a) ? a.images : undefined)
  const samePictures = JSON.stringify(images.before) === JSON.stringify(images.after)
  const rest = samePictures ? fields.filter((f) => f !== images) : fields
  if (before === after) return rest
  const at = samePictures ? fields.indexOf(images) : fields.indexOf(images) + 1
  rest.splice(at, 0, textField('imageDescriptions', SERVICE_FIELD_LABELS.imageDescriptions, before, after))
  return rest
}

/** Lists of records with ids (testimonials, segments): added, removed and changed entries, then order. */
function diffIdList(
  b: Json,
  a: Json,
  entryLabel: (e: Obj) => string,
  fieldLabels: Record<string, string>,
  imageKeys: string[],
): FieldChange[] {
  const before = Array.isArray(b) ? b.filter(isObj) : []
  const after = Array.isArray(a) ? a.filter(isObj) : []
  const byId = (list: Obj[]) => new Map(list.map((e, i) => [String(e.id ?? `#${i + 1}`), e]))
  const bm = byId(before)
  const am = byId(after)
  const out: FieldChange[] = []
  const ids = [...new Set([...am.keys(), ...bm.keys()])]
  for (const id of ids) {
    const be = bm.get(id)
    const ae = am.get(id)
    if (same(be, ae)) continue
    const label = `${entryLabel((ae ?? be)!)} › `
    const fields = diffRecord(
      be,
      ae,
      (k) => fieldLabels[k] ?? k,
      Object.keys(fieldLabels),
      `${id}.`,
      label,
      (k, bv, av) => imageKeys.includes(k) && (looksLikeImage(bv) || looksLikeImage(av)),
    ).filter((f) => !f.field.endsWith('.id'))
    const change: FieldChange['change'] = !be ? 'added' : !ae ? 'removed' : 'changed'
    out.push(...fields.map((f) => ({ ...f, change })))
  }
  // Entries without an id (matched by place above) take no part in the order.
  const order = (list: Obj[]) => list.filter((e) => e.id != null).map((e) => String(e.id))
  const kept = (list: Obj[], other: Map<string, Obj>) => order(list).filter((id) => other.has(id))
  if (!same(kept(before, am), kept(after, bm))) {
    const name = (e: Obj) => entryLabel(e)
    out.push(textField('order', 'Order', before.map(name), after.map(name)))
  }
  return out
}

function diffSite(b: Json, a: Json): FieldChange[] {
  const before = isObj(b) ? b : undefined
  const after = isObj(a) ? a : undefined
  const out: FieldChange[] = []
  const groups = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
  for (const group of groups) {
    const bg = before?.[group]
    const ag = after?.[group]
    if (same(bg, ag)) continue
    if ((isObj(bg) || bg === undefined) && (isObj(ag) || ag === undefined)) {
      out.push(
        ...diffRecord(
          bg as Obj | undefined,
          ag as Obj | undefined,
          (k) => SITE_LABELS[k] ?? k,
          [],
          `${group}.`,
          `${SITE_LABELS[group] ?? group} › `,
          (_k, bv, av) => looksLikeImage(bv) || looksLikeImage(av),
        ),
      )
    } else out.push(textField(group, SITE_LABELS[group] ?? group, bg, ag))
  }
  return out
}

function markdownBody(text: string | null): string | null {
  if (text === null) return null
  try {
    return parseFrontMatter(text).content.replace(/^\n+/, '')
  } catch {
    return text
  }
}

/**
 * The change to one file between two versions of its text (null = absent). Returns null when nothing a person
 * would see changed (e.g. only YAML formatting).
 */
export function diffContentFile(path: string, before: string | null, after: string | null): ItemChange | null {
  const item = itemOfPath(path) ?? path
  const change: ItemChange['change'] = before === null ? 'added' : after === null ? 'removed' : 'changed'

  if (isUploadPath(path)) {
    const url = `/${path}`
    return {
      item,
      label: `Image ${path.slice('uploads/'.length)}`,
      path,
      change,
      fields: [imagesField('image', 'Image', before === null ? undefined : [url], after === null ? undefined : [url])],
    }
  }

  const kind = kindOfItem(item)
  if (kind?.diff.style === 'markdown' || (!kind && path.endsWith('.md'))) {
    const b = markdownBody(before)
    const a = markdownBody(after)
    if (b === a) return null
    const field = kind?.markdownKey ?? 'markdownContent'
    const label = kind?.diff.style === 'markdown' ? kind.diff.fieldLabel : 'Text'
    return {
      item,
      label: itemLabel(item),
      path,
      change,
      fields: [{ field, label, kind: 'text', change: changeOf(b ?? undefined, a ?? undefined), before: b, after: a }],
    }
  }

  if (!/\.ya?ml$/.test(path)) return before === after ? null : rawChange(item, itemLabel(item), path, before, after)

  const pb = readYaml(before)
  const pa = readYaml(after)
  if (!pb.ok || !pa.ok) return before === after ? null : rawChange(item, itemLabel(item), path, before, after)
  const b = pb.value
  const a = pa.value

  let label = itemLabel(item)
  let fields: FieldChange[]
  const diff = kind?.diff
  if (diff?.style === 'service' && isServiceItem(item)) {
    const title =
      (isObj(a) && typeof a.title === 'string' ? a.title : undefined) ?? (isObj(b) && typeof b.title === 'string' ? b.title : undefined)
    const id = serviceIdOf(item)!
    label = serviceLabel(title, id)
    const withId = (v: Json) => (isObj(v) ? normalised(kind!.schema, { id, ...v }) : v)
    fields = diffService(withId(b), withId(a))
  } else if (diff?.style === 'entries') {
    // Compared as the schema reads them (defaults filled in) where it says so: a default written out is no change.
    const [nb, na] = diff.compareAsRead ? [normalised(kind!.schema, b), normalised(kind!.schema, a)] : [b, a]
    fields = diffIdList(nb, na, diff.entryLabel, diff.fieldLabels, diff.pictureFields)
  } else if (diff?.style === 'site') {
    fields = diffSite(normalised(kind!.schema, b), normalised(kind!.schema, a))
  } else if (diff?.style === 'record') {
    const labels = diff.fieldLabels
    fields = diffRecord(isObj(b) ? b : undefined, isObj(a) ? a : undefined, (k) => labels[k] ?? k, Object.keys(labels))
  } else if (diff?.style === 'value') {
    if (same(b, a)) return null
    fields = [textField('order', diff.fieldLabel, b, a)]
  } else if (isObj(b) || isObj(a)) {
    fields = diffRecord(isObj(b) ? b : undefined, isObj(a) ? a : undefined, (k) => k, [])
  } else {
    fields = same(b, a) ? [] : [textField('value', 'Value', b, a)]
  }
  if (fields.length === 0 && change === 'changed') return null
  return { item, label, path, change, fields }
}
