import { describe, expect, it } from 'vitest'
import type { SyncStatus } from './history-api'
import { syncWords } from './sync-words'

const base: SyncStatus = { remote: 'origin', branch: 'main', state: 'in-sync', ahead: 0, behind: 0 }

describe('syncWords', () => {
  it('says each state in words, with counts', () => {
    expect(syncWords(base)).toBe('Up to date: the same as origin.')
    expect(syncWords({ ...base, state: 'ahead', ahead: 1 })).toBe('1 change waiting to be sent to origin.')
    expect(syncWords({ ...base, state: 'ahead', ahead: 3 })).toBe('3 changes waiting to be sent to origin.')
    expect(syncWords({ ...base, state: 'behind', behind: 2 })).toBe('2 changes from your developer waiting to be taken in from origin.')
    expect(syncWords({ ...base, state: 'pushing' })).toBe('Sending changes to origin…')
    expect(syncWords({ ...base, remote: null, state: 'no-remote' })).toMatch(/no remote copy/)
  })

  it('names the files and the side branch of a conflict, and the reason of an error', () => {
    expect(syncWords({ ...base, state: 'conflict', conflictFiles: ['content/faq.yaml'], sideBranch: 'main-site-2026-11-27' })).toBe(
      'Your developer changed the same lines as you in content/faq.yaml. Your saves are safe here and copied to origin as main-site-2026-11-27; the site shows your version until your developer merges the two.',
    )
    expect(syncWords({ ...base, state: 'error', lastError: 'Could not resolve host' })).toMatch(
      /keeps trying\. \(Could not resolve host\)$/,
    )
  })
})
