// The wire shapes of the history API, shared by the server and the dashboard's History tab (no Node imports here).

/** The kinds of change History can be filtered by (`?kind=`), with their names in the dashboard. */
export const HISTORY_KINDS = {
  services: 'Services',
  pictures: 'Pictures',
  testimonials: 'Testimonials',
  faq: 'FAQ',
  pages: 'Site settings and pages',
  undo: 'Undos and restores',
} as const

export type HistoryKind = keyof typeof HISTORY_KINDS

export interface HistoryEntry {
  hash: string
  shortHash: string
  /** ISO 8601 author date. */
  date: string
  author: string
  /** The commit subject, as `git log --oneline` shows it. */
  summary: string
  /** What changed, in the owner's words, worked out from the change itself: "Changed the price of Bouquets". */
  title: string
  /** `dashboard`: saved from the dashboard (its commits carry Content-Item trailers); `git`: a developer's git commit. */
  source: 'dashboard' | 'git'
  kinds: HistoryKind[]
  /** The commit that brought the site's first content (named "The site's first content"). */
  first?: true
  /** With `first`: what it held, e.g. "10 services, testimonials, site settings and 46 pictures". */
  held?: string
  /** From `Content-Item:` trailers, or derived from the changed paths for commits made with plain git. */
  items: string[]
  /** Set on restore commits: the commit the content was restored from. */
  restoredFrom?: string
}

export interface HistoryPage {
  entries: HistoryEntry[]
  hasMore: boolean
}

/** `null` means the field (or the whole item) did not exist on that side. */
export type FieldValue = string | string[] | null

export interface FieldChange {
  /** Stable key, e.g. `pricingInfo`, `brand.name`, `testimonial:abc.quote`. */
  field: string
  /** In words, e.g. `Pricing`, `Testimonial by "Ann" › Quote`. */
  label: string
  /** `images`: before/after are lists of image URLs shown as thumbnails; `text`: strings shown as text. */
  kind: 'text' | 'images'
  change: 'added' | 'removed' | 'changed'
  before: FieldValue
  after: FieldValue
}

export interface ItemChange {
  item: string
  label: string
  path: string
  change: 'added' | 'removed' | 'changed'
  /** Field by field; for an image file, one `images` field with its URL. */
  fields: FieldChange[]
  /** For images: a URL that serves the file as it was at this commit (or its parent, when removed). */
  imageUrl?: string
}

export interface CommitDetail extends HistoryEntry {
  parent: string | null
  changes: ItemChange[]
}

/** What "Undo this change" or a restore would do, shown before it is confirmed. */
export interface UndoPreview {
  /** The commit message the undo would have, e.g. `Undo "Update service "Bouquets": pricing" (3f2a1bc)`. */
  summary: string
  items: string[]
  /** Field by field, from the content as it is now to the content after the undo. */
  changes: ItemChange[]
  restoredImages: string[]
  /** A commit that has the pictures the content shows afterwards (for thumbnails of ones since deleted). */
  imagesFrom: string
}

/** The 409 answer when a later change touched the same lines. */
export interface UndoConflictAnswer {
  error: string
  /** The later change in the way. */
  conflict: HistoryEntry
  /** The item it touched, and the commit before the change to undo: restoring `item` to `before` is the way out. */
  item: string
  path: string
  before: string
}

export interface RestoreResult {
  hash: string | null
  /** The commit message, e.g. `Undo "Update service "Bouquets": pricing" (3f2a1bc)`. */
  summary: string
  /** What was done in the owner's words, as History lists it: `Undid “Changed the price of Bouquets”`. */
  title: string
  items: string[]
  /** Images brought back because the restored content references them. */
  restoredImages: string[]
}

export interface UncommittedFile {
  path: string
  /** `modified`, `added`, `deleted`, `untracked`, ... as git status reports it. */
  state: string
}

export type SyncState = 'no-remote' | 'in-sync' | 'ahead' | 'behind' | 'pushing' | 'error' | 'conflict'

export interface SyncStatus {
  remote: string | null
  branch: string | null
  state: SyncState
  /** Commits not yet on the remote. */
  ahead: number
  /** Commits on the remote (as last fetched) not yet taken in. */
  behind: number
  /** With state `conflict`: the files both sides changed, and the remote branch holding the site's commits. */
  conflictFiles?: string[]
  sideBranch?: string
  lastError?: string
  lastFetchAt?: string
  lastPushedAt?: string
  nextRetryAt?: string
}

export interface HistoryStatus {
  sync: SyncStatus
  uncommitted: UncommittedFile[]
}

/** A content file that does not read as valid content (GET /api/admin/content-problems). */
export interface ContentProblem {
  file: string
  /** In plain words: what is wrong. */
  message: string
  /** Where: the line (YAML errors, conflict markers) or the field (schema errors). */
  line?: number
  field?: string
  /** The newest commit where the file was valid (what visitors are shown meanwhile), or null when there is none. */
  lastValidCommit: string | null
}
