// A change in the owner's words ("Changed the price of Bouquets", "Added 2 pictures to Jumbos") and its kinds, from
// its field-level changes; the same words for a dashboard save and a developer's commit of the same edit.
import type { FieldChange, HistoryKind, ItemChange } from './history.types'
import { CONTENT_KINDS, kindOfItem } from '../kinds/content-kinds'
import { SERVICES_KIND } from '../services/services.kind'
import { isServiceItem, isUploadPath } from './items'

/** Field names as they read inside a sentence ("Changed the price of ..."). */
const SERVICE_NOUNS: Record<string, string> = {
  title: 'name',
  description: 'short description',
  aboutText: 'about text',
  pricingInfo: 'price',
  images: 'pictures',
  imageDescriptions: 'picture descriptions',
  visible: 'visibility',
  inquiryFormTitle: 'inquiry form title',
  showBalloonColorSelection: 'colour choices',
  balloonColorSelectionRequired: 'colour choices',
  maxBalloonColors: 'colour choices',
  showStandardColors: 'colour choices',
  showMetallicColors: 'colour choices',
  showCrystalColors: 'colour choices',
  showEffectsColors: 'colour choices',
  customTextFields: 'inquiry form fields',
  customDropdownFields: 'inquiry form fields',
  customPhotoFields: 'inquiry form fields',
  fieldOrder: 'inquiry form fields',
  showFrom: 'schedule',
  showUntil: 'schedule',
}

/** The other items, in the order a summary names them (the content kinds' order). */
const ITEM_NAMES: Record<string, string> = Object.fromEntries(
  CONTENT_KINDS.filter((k) => k.item !== SERVICES_KIND.item).map((k) => [k.item, k.inSentence]),
)
const ITEM_ORDER = Object.keys(ITEM_NAMES)

/** Added, removed and changed entries or services are said in this order. */
const VERBS = [
  ['added', 'Added'],
  ['removed', 'Deleted'],
  ['changed', 'Changed'],
] as const

export const count = (n: number, one: string, many = `${one}s`) => (n === 1 ? `a ${one}` : `${n} ${many}`)

/** "a", "a and b", "a, b and c". */
export function listWords(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1)
const quoted = (s: string) => `“${s.length > 60 ? `${s.slice(0, 57).trimEnd()}…` : s}”`
const asList = (v: FieldChange['before']) => (v === null ? [] : Array.isArray(v) ? v : [v])

/** The service's title from its label (`Service "Bouquets"`). */
const serviceName = (change: ItemChange) => /^Service "(.*)"$/.exec(change.label)?.[1] ?? change.item.slice('services/'.length)

function picturesPhrase(field: FieldChange, name: string): string {
  const before = asList(field.before)
  const after = asList(field.after)
  const added = after.filter((u) => !before.includes(u)).length
  const removed = before.filter((u) => !after.includes(u)).length
  if (added && !removed) return `Added ${count(added, 'picture')} to ${name}`
  if (removed && !added) return `Removed ${count(removed, 'picture')} from ${name}`
  if (added === 1 && removed === 1) return `Replaced a picture of ${name}`
  if (added || removed) return `Changed the pictures of ${name}`
  if (before.join('\n') !== after.join('\n')) return `Reordered the pictures of ${name}`
  return `Changed the picture descriptions of ${name}`
}

function servicePhrase(change: ItemChange): string {
  const name = serviceName(change)
  if (change.change === 'added') return `Added the service ${name}`
  if (change.change === 'removed') return `Deleted the service ${name}`
  // Descriptions said beside added or removed pictures are part of the picture change.
  const fields = change.fields.some((f) => f.field === 'images')
    ? change.fields.filter((f) => f.field !== 'imageDescriptions')
    : change.fields
  const only = fields.length === 1 ? fields[0] : null
  if (only?.field === 'images') return picturesPhrase(only, name)
  if (only?.field === 'visible') return only.after === 'No' ? `Hid ${name} from the site` : `Showed ${name} on the site`
  const title = fields.find((f) => f.field === 'title')
  if (only && title) return `Renamed ${quoted(String(title.before ?? ''))} to ${quoted(String(title.after ?? ''))}`
  const nouns = [...new Set(fields.map((f) => SERVICE_NOUNS[f.field] ?? f.label.toLowerCase()))]
  return nouns.length <= 3 ? `Changed the ${listWords(nouns)} of ${name}` : `Changed ${nouns.length} things about ${name}`
}

/** Lists with entries (testimonials, FAQ questions): fields are `<id>.<key>` labelled `<Entry> › <Field>`, plus `order`. */
function entriesPhrase(change: ItemChange, noun: string, list: string): string {
  const byEntry = new Map<string, { name: string; change: FieldChange['change']; keys: string[] }>()
  for (const f of change.fields) {
    if (f.field === 'order') continue
    const id = f.field.slice(0, f.field.lastIndexOf('.'))
    const entry = byEntry.get(id) ?? { name: f.label.split(' › ')[0], change: f.change, keys: [] }
    entry.keys.push(f.field.slice(id.length + 1))
    byEntry.set(id, entry)
  }
  const entries = [...byEntry.values()]
  const parts: string[] = []
  for (const [kind, verb] of VERBS) {
    const these = entries.filter((e) => e.change === kind)
    if (these.length === 1) parts.push(`${verb} ${kind === 'added' ? 'a' : 'the'} ${lower(these[0].name)}`)
    else if (these.length > 1) parts.push(`${verb} ${these.length} ${noun}`)
  }
  if (change.fields.some((f) => f.field === 'order') && parts.length === 0) parts.push(`Reordered ${list}`)
  return parts.map((p, i) => (i ? lower(p) : p)).join(', ') || `Changed ${list}`
}

function sitePhrase(change: ItemChange): string {
  const groups = [...new Set(change.fields.map((f) => f.label.split(' › ')[0]))]
  return `Changed the site settings: ${listWords(groups)}`
}

function itemPhrase(change: ItemChange): string {
  if (isServiceItem(change.item)) return servicePhrase(change)
  const diff = kindOfItem(change.item)?.diff
  if (diff?.style === 'entries' && diff.entriesNoun) return entriesPhrase(change, diff.entriesNoun, ITEM_NAMES[change.item]!)
  if (diff?.style === 'site') return sitePhrase(change)
  if (diff?.style === 'value') return diff.changedPhrase
  const name = ITEM_NAMES[change.item] ?? change.label
  return `${change.change === 'added' ? 'Added' : change.change === 'removed' ? 'Removed' : 'Changed'} ${name}`
}

function filesPhrase(files: ItemChange[]): string {
  const added = files.filter((c) => c.change === 'added').length
  const removed = files.filter((c) => c.change === 'removed').length
  const replaced = files.length - added - removed
  const parts = [
    added && `added ${count(added, 'picture file')}`,
    removed && `removed ${count(removed, 'picture file')}`,
    replaced && `replaced ${count(replaced, 'picture file')}`,
  ].filter((p): p is string => Boolean(p))
  return capital(parts.join(', '))
}

function kindsOf(changes: ItemChange[]): HistoryKind[] {
  const kinds = new Set<HistoryKind>()
  for (const c of changes) {
    if (isUploadPath(c.path) || c.fields.some((f) => f.kind === 'images')) kinds.add('pictures')
    if (!isUploadPath(c.path)) kinds.add(kindOfItem(c.item)?.historyKind ?? 'pages')
  }
  return [...kinds]
}

/** Services changed together, in one phrase: "Added 10 services", "Hid 2 services from the site", "Changed 3 services". */
function servicesPhrases(services: ItemChange[]): string[] {
  const phrases: string[] = []
  for (const [kind, verb] of VERBS) {
    const these = services.filter((c) => c.change === kind)
    if (these.length === 1) phrases.push(servicePhrase(these[0]))
    if (these.length < 2) continue
    // The same change to each (only the name differs): say it once for all of them. Added or deleted ones are counted
    // ("Added 2 services", not "Added the service 2 services").
    const alike = kind === 'changed' ? these : []
    const shapes = new Set(
      alike.map((c) => {
        const [phrase, name] = [servicePhrase(c), serviceName(c)]
        const at = phrase.lastIndexOf(name)
        return at < 0 ? phrase : `${phrase.slice(0, at)}{}${phrase.slice(at + name.length)}`
      }),
    )
    const [shape] = shapes
    phrases.push(
      shapes.size === 1 && shape.includes('{}') ? shape.replace('{}', `${these.length} services`) : `${verb} ${these.length} services`,
    )
  }
  return phrases
}

/**
 * One sentence for a change. Picture files beside a content change are the pictures that change describes; a service
 * added or deleted takes its place in the order with it. More than two parts: the first two and how many more.
 */
export function describeChanges(changes: ItemChange[]): { title: string; kinds: HistoryKind[] } {
  const kinds = kindsOf(changes)
  const content = changes.filter((c) => !isUploadPath(c.path))
  const files = changes.filter((c) => isUploadPath(c.path))
  if (content.length === 0) {
    return { title: files.length ? filesPhrase(files) : 'No visible change (only how the files are written)', kinds }
  }
  const services = content.filter((c) => isServiceItem(c.item))
  const serviceCameOrWent = services.some((c) => c.change !== 'changed')
  const others = content.filter((c) => !isServiceItem(c.item) && !(serviceCameOrWent && c.item === 'service-order'))
  const phrases = [...servicesPhrases(services), ...others.map(itemPhrase)].map((p, i) => (i ? lower(p) : p))
  const more = phrases.length - 2
  const title = more <= 0 ? phrases.join(' and ') : `${phrases[0]}, ${phrases[1]} and ${more} more change${more === 1 ? '' : 's'}`
  return { title, kinds }
}

export const FIRST_CONTENT_TITLE = "The site's first content"

/** What the site's first content held, in a few words: "10 services, testimonials, site settings and 46 pictures". */
export function describeFirstContent(changes: ItemChange[]): string {
  const services = changes.filter((c) => isServiceItem(c.item)).length
  const pictures = changes.filter((c) => isUploadPath(c.path)).length
  const others = changes
    .filter((c) => !isServiceItem(c.item) && !isUploadPath(c.path) && c.item !== 'service-order')
    .sort((a, b) => (ITEM_ORDER.indexOf(a.item) >>> 0) - (ITEM_ORDER.indexOf(b.item) >>> 0))
    .map((c) => (ITEM_NAMES[c.item] ?? c.label).replace(/^the /, ''))
  const parts = [services && count(services, 'service'), ...others, pictures && count(pictures, 'picture')].filter((p): p is string =>
    Boolean(p),
  )
  return listWords(parts)
}
