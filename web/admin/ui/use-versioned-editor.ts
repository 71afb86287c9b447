// One versioned editor for the dashboard's content tabs: load (and try again), a draft beside the saved value (deep
// compared for the leave warning), save with the version it was read at, and the stale-edit 409 offered as a dialog.
// The steps themselves are in versioned-editor-state.ts (the state) and versioned-save.ts (load and save).
import { useCallback, useEffect, useReducer, useRef } from 'react'
import { useUnsavedChanges } from './leave-guard'
import { editAction, editorReducer, hasChanges, initialEditorState, type EditorState } from './versioned-editor-state'
import { loadSteps, reloadSteps, saveSteps, type SaveOptions, type Versioned } from './versioned-save'

export { splitVersion, type Versioned } from './versioned-save'

export interface VersionedEditorOptions<Data, Draft> extends SaveOptions<Data, Draft> {
  /** The key the leave warning knows this editor by. */
  name: string
  /** Reads the value; without it the editor starts from `initial` (an item its list has already read). */
  load?: () => Promise<Versioned<Data>>
  initial?: Versioned<Data>
  /** Whether two drafts are the same for the leave warning; a deep comparison unless given. */
  same?: (a: Draft, b: Draft) => boolean
  /** After Reload in the stale-edit dialog: the value as it is now. */
  onReloaded?: (data: Data, version: string | undefined) => void
}

export interface VersionedEditor<Data, Draft> extends Omit<EditorState<Draft, Data>, 'draft' | 'saved'> {
  draft: Draft | null
  saved: Draft | null
  changed: boolean
  retry: () => void
  /** A new draft, or a change to the current one (as React's setState takes them). */
  edit: (update: Draft | ((draft: Draft) => Draft)) => void
  discard: () => void
  save: () => Promise<void>
  /** The version moved on by another save on the same screen. */
  rebase: (version: string | undefined) => void
  /** The stale-edit dialog's open, Reload and Keep editing. */
  conflictDialog: { open: boolean; onReload: () => void; onCancel: () => void }
}

export function useVersionedEditor<Data, Draft>(options: VersionedEditorOptions<Data, Draft>): VersionedEditor<Data, Draft> {
  // The latest options, so the callbacks below stay the same from render to render.
  const latest = useRef(options)
  latest.current = options
  const [state, dispatch] = useReducer(editorReducer<Draft, Data>, options.initial, (initial) =>
    initialEditorState<Draft, Data>(initial && { draft: options.toDraft(initial.data), version: initial.version }),
  )
  const stateRef = useRef(state)
  stateRef.current = state

  const retry = useCallback(() => void loadSteps(latest.current.load, latest.current.toDraft, dispatch), [])
  useEffect(retry, [retry])

  const changed = hasChanges(state, options.same)
  useUnsavedChanges(options.name, changed)

  const save = useCallback(() => saveSteps(stateRef.current, latest.current, dispatch), [])

  const reloadConflict = () => reloadSteps(state.conflict, latest.current, dispatch)

  return {
    ...state,
    changed,
    retry,
    edit: useCallback((update: Draft | ((draft: Draft) => Draft)) => dispatch(editAction<Draft, Data>(update)), []),
    discard: useCallback(() => dispatch({ type: 'discard' }), []),
    save,
    rebase: useCallback((version: string | undefined) => dispatch({ type: 'rebase', version }), []),
    conflictDialog: { open: state.conflict !== null, onReload: reloadConflict, onCancel: () => dispatch({ type: 'conflict-closed' }) },
  }
}
