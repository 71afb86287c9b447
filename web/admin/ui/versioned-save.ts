// The steps a versioned editor takes to load and to save (use-versioned-editor.ts holds the React state): each step is
// an action for editorReducer, so what the owner sees after a load, a refused check, a save, a stale-edit 409 or a
// failure is decided here, without React.
import { serverMessage } from '../admin-api'
import { staleConflict } from './stale-compare'
import type { EditorAction, EditorState, StaleConflict } from './versioned-editor-state'

/** A value as the server answers it: the data and the version it was read or written at. */
export interface Versioned<Data> {
  data: Data
  version: string | undefined
}

/** An answer that carries its version beside its fields (`{...fields, version}`), split into the two. */
export const splitVersion = <T extends { version?: string }>({ version, ...data }: T): Versioned<Omit<T, 'version'>> => ({ data, version })

export interface SaveOptions<Data, Draft> {
  toDraft: (data: Data) => Draft
  /** Writes the draft with the version it was read at; answers the value as saved. */
  save: (draft: Draft, baseVersion: string | undefined) => Promise<Versioned<Data>>
  /** Why the draft cannot be sent (checked before the request), or null. */
  check?: (draft: Draft) => string | null
  /** After a save: the value as saved. */
  onSaved?: (data: Data, version: string | undefined) => void
  /** The owner's words for a failed save from the server's sentence (if any); null shows nothing in the editor. */
  saveError?: (serverText: string | undefined) => string | null
}

type Dispatch<Data, Draft> = (action: EditorAction<Draft, Data>) => void

export const defaultSaveError = (serverText: string | undefined) => serverText ?? 'Failed to save. Please try again.'

/** A value read or written becomes the saved value and the draft. */
export const took = <Data, Draft>(toDraft: (data: Data) => Draft, { data, version }: Versioned<Data>): EditorAction<Draft, Data> => ({
  type: 'took',
  draft: toDraft(data),
  version,
})

/** Reads the value (when the editor has a reader): loading, then the value or the failure. */
export async function loadSteps<Data, Draft>(
  load: (() => Promise<Versioned<Data>>) | undefined,
  toDraft: (data: Data) => Draft,
  dispatch: Dispatch<Data, Draft>,
): Promise<void> {
  if (!load) return
  dispatch({ type: 'load' })
  await load().then(
    (value) => dispatch(took(toDraft, value)),
    () => dispatch({ type: 'load-failed' }),
  )
}

/**
 * Saves the draft with the version it was read at: nothing while there is no draft or a save is on its way; the check's
 * refusal without a request; then the value as saved, the stale-edit conflict, or the failure in the owner's words.
 */
export async function saveSteps<Data, Draft>(
  state: Pick<EditorState<Draft, Data>, 'draft' | 'version' | 'saving'>,
  options: SaveOptions<Data, Draft>,
  dispatch: Dispatch<Data, Draft>,
): Promise<void> {
  const { draft, version, saving } = state
  const { check, save: write, onSaved, saveError = defaultSaveError } = options
  if (draft === null || saving) return
  const problem = check?.(draft) ?? null
  if (problem) return dispatch({ type: 'save-failed', error: problem })
  dispatch({ type: 'save-start' })
  try {
    const result = await write(draft, version)
    dispatch(took(options.toDraft, result))
    onSaved?.(result.data, result.version)
  } catch (error) {
    const conflict = staleConflict<Data>(error)
    if (conflict) dispatch({ type: 'conflict', conflict })
    else dispatch({ type: 'save-failed', error: saveError(serverMessage(error) ?? undefined) })
  }
}

/** Reload in the stale-edit dialog: the value as it is now becomes the saved value and the draft; nothing without one. */
export function reloadSteps<Data, Draft>(
  conflict: StaleConflict<Data> | null,
  options: { toDraft: (data: Data) => Draft; onReloaded?: (data: Data, version: string | undefined) => void },
  dispatch: Dispatch<Data, Draft>,
): void {
  if (!conflict) return
  const { current, version } = conflict
  dispatch(took(options.toDraft, { data: current, version }))
  options.onReloaded?.(current, version)
}
