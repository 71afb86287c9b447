// One versioned editor for the dashboard's content tabs: load (and try again), a draft beside the saved value (deep
// compared for the leave warning), save with the version it was read at, and the stale-edit 409 offered as a dialog.
// The steps themselves are in versioned-editor-state.ts.
import { useCallback, useEffect, useReducer, useRef } from 'react'
import { serverMessage } from '../admin-api'
import { useUnsavedChanges } from './leave-guard'
import { staleConflict } from './stale-compare'
import { editorReducer, hasChanges, initialEditorState, type EditorState } from './versioned-editor-state'

/** A value as the server answers it: the data and the version it was read or written at. */
export interface Versioned<Data> {
  data: Data
  version: string | undefined
}

export interface VersionedEditorOptions<Data, Draft> {
  /** The key the leave warning knows this editor by. */
  name: string
  /** Reads the value; without it the editor starts from `initial` (an item its list has already read). */
  load?: () => Promise<Versioned<Data>>
  initial?: Versioned<Data>
  toDraft: (data: Data) => Draft
  /** Writes the draft with the version it was read at; answers the value as saved. */
  save: (draft: Draft, baseVersion: string | undefined) => Promise<Versioned<Data>>
  /** Why the draft cannot be sent (checked before the request), or null. */
  check?: (draft: Draft) => string | null
  /** Whether two drafts are the same for the leave warning; a deep comparison unless given. */
  same?: (a: Draft, b: Draft) => boolean
  /** After a save: the value as saved (a notice, the list beside the editor). */
  onSaved?: (data: Data, version: string | undefined) => void
  /** After Reload in the stale-edit dialog: the value as it is now. */
  onReloaded?: (data: Data, version: string | undefined) => void
  /** The owner's words for a failed save from the server's sentence (if any); null shows nothing in the editor. */
  saveError?: (serverText: string | undefined) => string | null
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

/** An answer that carries its version beside its fields (`{...fields, version}`), split into the two. */
export const splitVersion = <T extends { version?: string }>({ version, ...data }: T): Versioned<Omit<T, 'version'>> => ({ data, version })

const defaultSaveError = (serverText: string | undefined) => serverText ?? 'Failed to save. Please try again.'

export function useVersionedEditor<Data, Draft>(options: VersionedEditorOptions<Data, Draft>): VersionedEditor<Data, Draft> {
  // The latest options, so the callbacks below stay the same from render to render.
  const latest = useRef(options)
  latest.current = options
  const [state, dispatch] = useReducer(editorReducer<Draft, Data>, options.initial, (initial) =>
    initialEditorState<Draft, Data>(initial && { draft: options.toDraft(initial.data), version: initial.version }),
  )
  const stateRef = useRef(state)
  stateRef.current = state

  const take = useCallback(
    ({ data, version }: Versioned<Data>) => dispatch({ type: 'took', draft: latest.current.toDraft(data), version }),
    [],
  )

  const retry = useCallback(() => {
    const { load } = latest.current
    if (!load) return
    dispatch({ type: 'load' })
    load().then(take, () => dispatch({ type: 'load-failed' }))
  }, [take])
  useEffect(retry, [retry])

  const changed = hasChanges(state, options.same)
  useUnsavedChanges(options.name, changed)

  const save = useCallback(async () => {
    const { draft, version, saving } = stateRef.current
    const { check, save: write, onSaved, saveError = defaultSaveError } = latest.current
    if (draft === null || saving) return
    const problem = check?.(draft) ?? null
    if (problem) return dispatch({ type: 'save-failed', error: problem })
    dispatch({ type: 'save-start' })
    try {
      const result = await write(draft, version)
      take(result)
      onSaved?.(result.data, result.version)
    } catch (error) {
      const conflict = staleConflict<Data>(error)
      if (conflict) dispatch({ type: 'conflict', conflict })
      else dispatch({ type: 'save-failed', error: saveError(serverMessage(error) ?? undefined) })
    }
  }, [take])

  const reloadConflict = () => {
    if (!state.conflict) return
    const { current, version } = state.conflict
    take({ data: current, version })
    latest.current.onReloaded?.(current, version)
  }

  return {
    ...state,
    changed,
    retry,
    edit: useCallback(
      (update: Draft | ((draft: Draft) => Draft)) =>
        dispatch({ type: 'edit', update: typeof update === 'function' ? (update as (draft: Draft) => Draft) : () => update }),
      [],
    ),
    discard: useCallback(() => dispatch({ type: 'discard' }), []),
    save,
    rebase: useCallback((version: string | undefined) => dispatch({ type: 'rebase', version }), []),
    conflictDialog: { open: state.conflict !== null, onReload: reloadConflict, onCancel: () => dispatch({ type: 'conflict-closed' }) },
  }
}
