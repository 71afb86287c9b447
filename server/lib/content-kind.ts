// What a kind of content is, declared once in its feature folder (`<feature>.kind.ts`) and read by every part that
// needs it: history (items, labels, diffs, words, kinds), validation of content files, and the public read cache.
import type { z } from 'zod'

/** The History tab's "Kind of change" a kind's edits count as. */
export type ContentHistoryKind = 'services' | 'testimonials' | 'faq' | 'pages'

/** How History shows a change to the kind's file, field by field. */
export type KindDiff =
  /** A list of entries with ids: each entry added, removed or changed, by these field labels. */
  | {
      style: 'entries'
      entryLabel: (entry: Record<string, unknown>) => string
      fieldLabels: Record<string, string>
      pictureFields: string[]
      /** Several entries changed at once, in a sentence ("Deleted 3 testimonials"); without it: "Changed the …". */
      entriesNoun?: string
      /** Compare the lists as the schema reads them (defaults filled in), so writing a default out is no change. */
      compareAsRead?: boolean
    }
  /** A record of named parts, each compared as a whole, in the labels' order (the price list). */
  | { style: 'record'; fieldLabels: Record<string, string> }
  /** One value compared as a whole (the service order), said as `changedPhrase` ("Reordered the services"). */
  | { style: 'value'; fieldLabel: string; changedPhrase: string }
  /** A markdown body (front matter is not shown). */
  | { style: 'markdown'; fieldLabel: string }
  /** A record with a diff of its own, in server/history/field-diff.ts (services, site settings). */
  | { style: 'service' | 'site' }

export interface ContentKind {
  /**
   * The item's name in `Content-Item:` trailers, History's filter and restores (`faq`). A kind kept as one file per
   * entry (services) names its items `<item>/<id>`.
   */
  item: string
  /** Where it lives, repo-relative; with `{id}` for one file per entry (`content/services/{id}.yaml`). */
  file: string
  /** What the file holds once read (YAML) or `{[markdownKey]: body}` (markdown), validated on every read and restore. */
  schema: z.ZodType
  /** Markdown files: the key the body is read under. */
  markdownKey?: string
  /** The owner's name for it in lists and filters ("FAQ"). */
  label: string
  /** Inside a sentence ("Changed the FAQ"). */
  inSentence: string
  /** "Restored the FAQ as it was …". */
  restoreName: string
  historyKind: ContentHistoryKind
  diff: KindDiff
  /** `/api/...` paths whose answers are read from this kind's files only, kept by the public read cache; null: none. */
  publicReads: RegExp | null
  /** Whether the owner can restore it from History (the mailing-list interests are edited in git only). */
  restorable: boolean
}

/** Checks a descriptor's shape where it is written (a missing part is a compile error there, not at a distance). */
export const defineKind = <const K extends ContentKind>(kind: K): K => kind

/** The item and the id of a file of a one-file-per-entry kind, or null. */
export function entryIdOf(kind: ContentKind, path: string): string | null {
  if (!kind.file.includes('{id}')) return null
  const [head, tail] = kind.file.split('{id}')
  if (!path.startsWith(head!) || !path.endsWith(tail!)) return null
  const id = path.slice(head!.length, path.length - tail!.length)
  return /^[a-z0-9-]{1,80}$/.test(id) ? id : null
}
