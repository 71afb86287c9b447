import { describe, expect, it } from 'vitest'
import {
  deepEqual,
  editAction,
  editorReducer,
  hasChanges,
  initialEditorState,
  saveStatus,
  type EditorAction,
  type EditorState,
} from './versioned-editor-state'

type Draft = { title: string; tags: string[]; extra?: string }
type State = EditorState<Draft, Draft>

const run = (state: State, ...actions: EditorAction<Draft, Draft>[]) => actions.reduce(editorReducer<Draft, Draft>, state)
const loaded = (draft: Draft, version = 'v1') => run(initialEditorState<Draft, Draft>(), { type: 'took', draft, version })

describe('deepEqual', () => {
  it('compares nested values field by field, whatever the key order', () => {
    expect(deepEqual({ a: 1, b: { c: [1, { d: 'x' }] } }, { b: { c: [1, { d: 'x' }] }, a: 1 })).toBe(true)
    expect(deepEqual({ a: 1, b: { c: [1, { d: 'x' }] } }, { a: 1, b: { c: [1, { d: 'y' }] } })).toBe(false)
  })
  it('counts a key set to undefined as absent, as a save would send it', () => {
    expect(deepEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true)
    expect(deepEqual({ a: 1, b: '' }, { a: 1 })).toBe(false)
  })
  it('tells arrays by order and length, and an array from an object', () => {
    expect(deepEqual([1, 2], [2, 1])).toBe(false)
    expect(deepEqual([1, 2], [1, 2, 3])).toBe(false)
    expect(deepEqual([], {})).toBe(false)
    expect(deepEqual({ 0: 'a' }, ['a'])).toBe(false)
  })
  it('tells primitives, null and objects apart', () => {
    expect(deepEqual('1', 1)).toBe(false)
    expect(deepEqual(null, {})).toBe(false)
    expect(deepEqual(null, undefined)).toBe(false)
    expect(deepEqual(Number.NaN, Number.NaN)).toBe(true)
  })
})

describe('editorReducer', () => {
  const start: Draft = { title: 'Balloons', tags: ['arch'] }

  it('loads: loading, then the value as both saved and draft, with its version', () => {
    const empty = initialEditorState<Draft, Draft>()
    expect(empty.phase).toBe('loading')
    const state = loaded(start)
    expect(state).toMatchObject({ phase: 'ready', saved: start, draft: start, version: 'v1' })
    expect(hasChanges(state)).toBe(false)
  })

  it('a failed load can be tried again', () => {
    const failed = run(initialEditorState(), { type: 'load-failed' })
    expect(failed.phase).toBe('load-failed')
    expect(run(failed, { type: 'load' }).phase).toBe('loading')
  })

  it('an edit changes the draft only; an edit back to the saved value is no change', () => {
    const edited = run(loaded(start), { type: 'edit', update: (d) => ({ ...d, tags: [...d.tags, 'garland'] }) })
    expect(edited.saved).toEqual(start)
    expect(hasChanges(edited)).toBe(true)
    const back = run(edited, { type: 'edit', update: (d) => ({ ...d, tags: ['arch'], extra: undefined }) })
    expect(hasChanges(back)).toBe(false)
  })

  it('discard puts the saved value back and clears the error', () => {
    const state = run(
      loaded(start),
      { type: 'edit', update: (d) => ({ ...d, title: '' }) },
      { type: 'save-failed', error: 'Title is required' },
      { type: 'discard' },
    )
    expect(state.draft).toEqual(start)
    expect(state.error).toBeNull()
    expect(hasChanges(state)).toBe(false)
  })

  it('a save: saving, then the saved answer and its new version; nothing left unsaved', () => {
    const edited = run(loaded(start), { type: 'edit', update: (d) => ({ ...d, title: 'Arches' }) })
    const saving = run(edited, { type: 'save-start' })
    expect(saving.saving).toBe(true)
    const done = run(saving, { type: 'took', draft: { title: 'Arches', tags: ['arch'] }, version: 'v2' })
    expect(done).toMatchObject({ saving: false, version: 'v2', error: null })
    expect(hasChanges(done)).toBe(false)
  })

  it('a failed save keeps the draft and says why; the next edit clears the message', () => {
    const failed = run(
      loaded(start),
      { type: 'edit', update: (d) => ({ ...d, title: 'Arches' }) },
      { type: 'save-start' },
      { type: 'save-failed', error: 'The content repository is mid-merge.' },
    )
    expect(failed).toMatchObject({ saving: false, error: 'The content repository is mid-merge.', version: 'v1' })
    expect(failed.draft?.title).toBe('Arches')
    expect(run(failed, { type: 'edit', update: (d) => d }).error).toBeNull()
  })

  it('a stale save keeps the draft and offers the current version; Reload takes it, Keep editing keeps the draft', () => {
    const current: Draft = { title: 'Changed elsewhere', tags: [] }
    const stale = run(
      loaded(start),
      { type: 'edit', update: (d) => ({ ...d, title: 'Mine' }) },
      { type: 'save-start' },
      { type: 'conflict', conflict: { current, version: 'v9' } },
    )
    expect(stale).toMatchObject({ saving: false, conflict: { current, version: 'v9' }, version: 'v1' })
    expect(stale.draft?.title).toBe('Mine')
    const kept = run(stale, { type: 'conflict-closed' })
    expect(kept).toMatchObject({ conflict: null, version: 'v1' })
    expect(hasChanges(kept)).toBe(true)
    const reloaded = run(stale, { type: 'took', draft: current, version: 'v9' })
    expect(reloaded).toMatchObject({ conflict: null, draft: current, saved: current, version: 'v9' })
    expect(hasChanges(reloaded)).toBe(false)
  })

  it('a rebase moves the version on and leaves the edits alone', () => {
    const state = run(loaded(start), { type: 'edit', update: (d) => ({ ...d, title: 'Mine' }) }, { type: 'rebase', version: 'v3' })
    expect(state.version).toBe('v3')
    expect(state.draft?.title).toBe('Mine')
    expect(hasChanges(state)).toBe(true)
  })

  it('an edit before anything is loaded is ignored', () => {
    const state = run(initialEditorState(), { type: 'edit', update: () => start })
    expect(state.draft).toBeNull()
  })

  it('uses the editor’s own comparison when given one', () => {
    const edited = run(loaded(start), { type: 'edit', update: (d) => ({ ...d, title: 'balloons' }) })
    expect(hasChanges(edited)).toBe(true)
    expect(hasChanges(edited, (a, b) => a.title.toLowerCase() === b.title.toLowerCase())).toBe(false)
  })
})

describe('saveStatus', () => {
  it('says saving, unsaved or saved', () => {
    expect(saveStatus({ saving: true, changed: true })).toBe('Saving...')
    expect(saveStatus({ saving: false, changed: true })).toBe('You have unsaved changes.')
    expect(saveStatus({ saving: false, changed: false })).toBe('All changes saved.')
  })
  it('names what blocks a save while there are changes', () => {
    expect(saveStatus({ saving: false, changed: true, blocked: 'Please fix the highlighted fields before saving.' })).toBe(
      'Please fix the highlighted fields before saving.',
    )
    expect(saveStatus({ saving: false, changed: false, blocked: 'Please fix the highlighted fields before saving.' })).toBe(
      'All changes saved.',
    )
  })
})

describe('near misses the dashboard meets', () => {
  it('never counts a missing value as equal to an empty one, from either side', () => {
    expect(deepEqual({}, null)).toBe(false)
    expect(deepEqual(1, {})).toBe(false)
    expect(deepEqual({}, 'x')).toBe(false)
    expect(deepEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false)
    expect(deepEqual([1], [1, undefined])).toBe(false)
  })

  it('starts loading with nothing saved, nothing saving and no message', () => {
    expect(initialEditorState<Draft, Draft>()).toEqual({
      phase: 'loading',
      saved: null,
      draft: null,
      version: undefined,
      saving: false,
      error: null,
      conflict: null,
    })
    expect(initialEditorState<Draft, Draft>({ draft: { title: 'A', tags: [] }, version: 'v9' })).toMatchObject({
      phase: 'ready',
      version: 'v9',
      saving: false,
    })
  })

  it('keeps the editor on screen while it reloads a value it already has', () => {
    const ready = loaded({ title: 'Balloons', tags: [] })
    expect(run(ready, { type: 'load' }).phase).toBe('ready')
    expect(run(initialEditorState<Draft, Draft>(), { type: 'load-failed' }, { type: 'load' }).phase).toBe('loading')
  })

  it('has no changes before both the saved value and the draft are known', () => {
    expect(hasChanges<Draft>({ saved: null, draft: { title: 'A', tags: [] } })).toBe(false)
    expect(hasChanges<Draft>({ saved: { title: 'A', tags: [] }, draft: null })).toBe(false)
  })
})

describe('editAction', () => {
  const start: Draft = { title: 'Arches', tags: ['a'] }
  it('an edit given a new draft replaces the draft', () => {
    const next: Draft = { title: 'Garlands', tags: [] }
    const state = run(loaded(start), editAction<Draft, Draft>(next))
    expect(state.draft).toEqual(next)
    expect(state.saved).toEqual(start)
  })

  it('an edit given a change applies it to the current draft', () => {
    const state = run(
      loaded(start),
      editAction<Draft, Draft>((d) => ({ ...d, title: `${d.title}!` })),
      editAction<Draft, Draft>((d) => ({ ...d, tags: [...d.tags, 'b'] })),
    )
    expect(state.draft).toEqual({ title: 'Arches!', tags: ['a', 'b'] })
  })
})

describe('deepEqual near misses', () => {
  it('never counts an object equal to a primitive with no keys of its own', () => {
    expect(deepEqual({}, 0)).toBe(false)
    expect(deepEqual({}, '')).toBe(false)
    expect(deepEqual({}, false)).toBe(false)
    expect(deepEqual(0, {})).toBe(false)
  })
})
