// A dashboard editor's load and save, run through the editor's reducer: what the owner sees after a load or its
// failure, a refused check, a save (and the version sent with it), a stale-edit 409, and a failure in their words.
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/api-client'
import { editorReducer, initialEditorState, type EditorAction, type EditorState } from './versioned-editor-state'
import { defaultSaveError, loadSteps, reloadSteps, saveSteps, splitVersion, type SaveOptions } from './versioned-save'

interface Data {
  title: string
}
type Draft = { title: string; draft: true }
const toDraft = (data: Data): Draft => ({ title: data.title, draft: true })

/** An editor's state and the actions it was sent, as the hook keeps them. */
function editor(start?: { draft: Draft; version: string | undefined }) {
  let state: EditorState<Draft, Data> = initialEditorState(start)
  const actions: EditorAction<Draft, Data>['type'][] = []
  const dispatch = (action: EditorAction<Draft, Data>) => {
    actions.push(action.type)
    state = editorReducer(state, action)
  }
  return {
    dispatch,
    actions,
    get state() {
      return state
    },
  }
}

const loaded = () => editor({ draft: toDraft({ title: 'Old' }), version: 'v1' })
const options = (over: Partial<SaveOptions<Data, Draft>> = {}): SaveOptions<Data, Draft> => ({
  toDraft,
  save: async (draft) => ({ data: { title: draft.title }, version: 'v2' }),
  ...over,
})

describe('loadSteps', () => {
  it('shows the value read as saved and as the draft, with its version', async () => {
    const e = editor()
    expect(e.state.phase).toBe('loading')
    await loadSteps(async () => ({ data: { title: 'Read' }, version: 'v7' }), toDraft, e.dispatch)
    expect(e.actions).toEqual(['load', 'took'])
    expect(e.state).toMatchObject({
      phase: 'ready',
      saved: { title: 'Read', draft: true },
      draft: { title: 'Read', draft: true },
      version: 'v7',
    })
  })

  it('shows the failure so the owner can try again', async () => {
    const e = editor()
    await loadSteps(() => Promise.reject(new Error('down')), toDraft, e.dispatch)
    expect(e.state.phase).toBe('load-failed')
  })

  it('does nothing for an editor without a reader', async () => {
    const e = loaded()
    await loadSteps(undefined, toDraft, e.dispatch)
    expect(e.actions).toEqual([])
  })
})

describe('saveSteps', () => {
  it('sends the draft with the version it was read at, then shows the value as saved', async () => {
    const e = loaded()
    e.dispatch({ type: 'edit', update: (d) => ({ ...d, title: 'New' }) })
    const save = vi.fn(async (draft: Draft) => ({ data: { title: `${draft.title}!` }, version: 'v2' }))
    const onSaved = vi.fn()
    await saveSteps(e.state, options({ save, onSaved }), e.dispatch)
    expect(save).toHaveBeenCalledWith({ title: 'New', draft: true }, 'v1')
    expect(e.actions.slice(1)).toEqual(['save-start', 'took'])
    expect(e.state).toMatchObject({ saving: false, error: null, version: 'v2', saved: { title: 'New!' }, draft: { title: 'New!' } })
    expect(onSaved).toHaveBeenCalledWith({ title: 'New!' }, 'v2')
  })

  it('sends nothing before the value is loaded, or while a save is on its way', async () => {
    const save = vi.fn(options().save)
    const e = editor()
    await saveSteps(e.state, options({ save }), e.dispatch)
    const busy = loaded()
    busy.dispatch({ type: 'save-start' })
    await saveSteps(busy.state, options({ save }), busy.dispatch)
    expect(save).not.toHaveBeenCalled()
    expect(e.actions).toEqual([])
    expect(busy.actions).toEqual(['save-start'])
  })

  it("shows the check's refusal without a request", async () => {
    const e = loaded()
    const save = vi.fn(options().save)
    const check = vi.fn((draft: Draft) => (draft.title === 'Old' ? 'Write a new title.' : null))
    await saveSteps(e.state, options({ save, check }), e.dispatch)
    expect(check).toHaveBeenCalledWith({ title: 'Old', draft: true })
    expect(save).not.toHaveBeenCalled()
    expect(e.state).toMatchObject({ saving: false, error: 'Write a new title.' })
  })

  it('saves when the check finds nothing', async () => {
    const e = loaded()
    await saveSteps(e.state, options({ check: () => null }), e.dispatch)
    expect(e.state).toMatchObject({ version: 'v2', error: null, saving: false })
  })

  it('offers the item as it is now when it changed elsewhere (409 with the current value)', async () => {
    const e = loaded()
    const stale = new ApiError('Changed elsewhere', 409, { error: 'Changed elsewhere', current: { title: 'Theirs' }, version: 'v9' })
    const onSaved = vi.fn()
    await saveSteps(e.state, options({ save: () => Promise.reject(stale), onSaved }), e.dispatch)
    expect(e.state).toMatchObject({ saving: false, error: null, conflict: { current: { title: 'Theirs' }, version: 'v9' }, version: 'v1' })
    expect(onSaved).not.toHaveBeenCalled()
  })

  it("shows a refusal in the server's words, or the editor's own, and a failure with no words as 'try again'", async () => {
    const refused = new ApiError('Title is too long', 400)
    const cases: [unknown, SaveOptions<Data, Draft>['saveError'], string | null][] = [
      [refused, undefined, 'Title is too long'],
      [new ApiError('Internal', 500), undefined, 'Failed to save. Please try again.'],
      [new ApiError('Unauthorized', 401), undefined, 'Failed to save. Please try again.'],
      [new ApiError('Changed', 409, { error: 'Changed' }), undefined, 'Changed'],
      [new Error('offline'), undefined, 'Failed to save. Please try again.'],
      [refused, (server) => `Failed to save content. ${server}`, 'Failed to save content. Title is too long'],
      [new ApiError('Internal', 500), (server) => `[${String(server)}]`, '[undefined]'],
      [refused, () => null, null],
    ]
    for (const [error, saveError, shown] of cases) {
      const e = loaded()
      await saveSteps(e.state, options({ save: () => Promise.reject(error), saveError }), e.dispatch)
      expect(e.state).toMatchObject({ saving: false, error: shown, conflict: null, version: 'v1' })
    }
  })

  it('says the default words', () => {
    expect(defaultSaveError(undefined)).toBe('Failed to save. Please try again.')
    expect(defaultSaveError('Title is required')).toBe('Title is required')
  })
})

describe('splitVersion', () => {
  it('splits an answer into its fields and its version', () => {
    expect(splitVersion({ title: 'A', version: 'v3' })).toEqual({ data: { title: 'A' }, version: 'v3' })
    expect(splitVersion({ title: 'A' } as { title: string; version?: string })).toEqual({ data: { title: 'A' }, version: undefined })
  })
})

describe('reloadSteps', () => {
  it('Reload takes the value as it is now as saved and as the draft, with its version, and tells the screen', async () => {
    const e = loaded()
    e.dispatch({ type: 'edit', update: (d) => ({ ...d, title: 'Mine' }) })
    await saveSteps(
      e.state,
      options({ save: () => Promise.reject(new ApiError('Changed', 409, { current: { title: 'Theirs' }, version: 'v7' })) }),
      e.dispatch,
    )
    const conflict = e.state.conflict
    expect(conflict).toEqual({ current: { title: 'Theirs' }, version: 'v7' })
    const onReloaded = vi.fn()
    reloadSteps(conflict, { toDraft, onReloaded }, e.dispatch)
    expect(e.state).toMatchObject({ phase: 'ready', conflict: null, version: 'v7', error: null, saving: false })
    expect(e.state.draft).toEqual({ title: 'Theirs', draft: true })
    expect(e.state.saved).toEqual({ title: 'Theirs', draft: true })
    expect(onReloaded).toHaveBeenCalledExactlyOnceWith({ title: 'Theirs' }, 'v7')
  })

  it('does nothing without a conflict, and needs no listener', () => {
    const e = loaded()
    const onReloaded = vi.fn()
    reloadSteps(null, { toDraft, onReloaded }, e.dispatch)
    expect(e.actions).toEqual([])
    expect(onReloaded).not.toHaveBeenCalled()
    reloadSteps({ current: { title: 'Theirs' }, version: 'v8' }, { toDraft }, e.dispatch)
    expect(e.state).toMatchObject({ version: 'v8', draft: { title: 'Theirs', draft: true } })
  })
})
