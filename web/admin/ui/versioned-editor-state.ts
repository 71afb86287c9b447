// What a versioned editor holds (the saved value, the draft, the version it was read at, a save in progress, a
// refused save) and how each step changes it: pure, so the dashboard's editors share one tested set of transitions.

/** Two values alike field by field: key order does not count, nor a key whose value is undefined (JSON's view). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]))
  const left = definedKeys(a as Record<string, unknown>)
  const right = definedKeys(b as Record<string, unknown>)
  return (
    left.length === right.length && left.every((key) => deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  )
}

const definedKeys = (value: Record<string, unknown>) => Object.keys(value).filter((key) => value[key] !== undefined)

/** A save refused because the item changed elsewhere (409): the item as it is now and its version. */
export interface StaleConflict<T> {
  current: T
  version: string
}

export interface EditorState<Draft, Data> {
  phase: 'loading' | 'load-failed' | 'ready'
  /** The draft as last loaded or saved; null until loaded. */
  saved: Draft | null
  draft: Draft | null
  /** The version the saved value was read at, sent back with the next save. */
  version: string | undefined
  saving: boolean
  /** Why the last save did not happen, in words for the owner; null when there is nothing to say. */
  error: string | null
  conflict: StaleConflict<Data> | null
}

export type EditorAction<Draft, Data> =
  | { type: 'load' }
  | { type: 'load-failed' }
  /** A value read or written: it becomes both the saved value and the draft (after a load, a save, or a reload). */
  | { type: 'took'; draft: Draft; version: string | undefined }
  | { type: 'edit'; update: (draft: Draft) => Draft }
  | { type: 'discard' }
  /** The version moved on by a save made elsewhere in the same screen (a service's pictures, its visibility switch). */
  | { type: 'rebase'; version: string | undefined }
  | { type: 'save-start' }
  | { type: 'save-failed'; error: string | null }
  | { type: 'conflict'; conflict: StaleConflict<Data> }
  | { type: 'conflict-closed' }

export const initialEditorState = <Draft, Data>(start?: { draft: Draft; version: string | undefined }): EditorState<Draft, Data> => ({
  phase: start ? 'ready' : 'loading',
  saved: start?.draft ?? null,
  draft: start?.draft ?? null,
  version: start?.version,
  saving: false,
  error: null,
  conflict: null,
})

/** An edit as React's setState takes one: a new draft, or a change to the current one. */
export const editAction = <Draft, Data>(update: Draft | ((draft: Draft) => Draft)): EditorAction<Draft, Data> => ({
  type: 'edit',
  update: typeof update === 'function' ? (update as (draft: Draft) => Draft) : () => update,
})

export function editorReducer<Draft, Data>(state: EditorState<Draft, Data>, action: EditorAction<Draft, Data>): EditorState<Draft, Data> {
  switch (action.type) {
    case 'load':
      return { ...state, phase: state.saved === null ? 'loading' : state.phase }
    case 'load-failed':
      return { ...state, phase: 'load-failed' }
    case 'took':
      return {
        ...state,
        phase: 'ready',
        saved: action.draft,
        draft: action.draft,
        version: action.version,
        saving: false,
        error: null,
        conflict: null,
      }
    case 'edit':
      return state.draft === null ? state : { ...state, draft: action.update(state.draft), error: null }
    case 'discard':
      return { ...state, draft: state.saved, error: null }
    case 'rebase':
      return { ...state, version: action.version }
    case 'save-start':
      return { ...state, saving: true, error: null }
    case 'save-failed':
      return { ...state, saving: false, error: action.error }
    case 'conflict':
      return { ...state, saving: false, conflict: action.conflict }
    case 'conflict-closed':
      return { ...state, conflict: null }
  }
}

/** Whether the draft holds edits the saved value does not. */
export function hasChanges<Draft>(
  state: Pick<EditorState<Draft, unknown>, 'saved' | 'draft'>,
  same: (a: Draft, b: Draft) => boolean = deepEqual,
): boolean {
  return state.saved !== null && state.draft !== null && !same(state.draft, state.saved)
}

/**
 * The save bar's sentence. `changed` counts every unsaved edit on the screen, also one kept outside the draft (a
 * picture description being typed); `blocked` says why a change cannot be saved yet.
 */
export function saveStatus({ saving, changed, blocked }: { saving: boolean; changed: boolean; blocked?: string | null }): string {
  if (saving) return 'Saving...'
  if (!changed) return 'All changes saved.'
  return blocked || 'You have unsaved changes.'
}
