// The content remote's sync state in the owner's words: what it means and what, if anything, someone must do.
import type { SyncStatus } from './history-api'

const changes = (n: number) => (n === 1 ? '1 change' : `${n} changes`)

export function syncWords(sync: SyncStatus): string {
  const remote = sync.remote ?? 'the remote'
  switch (sync.state) {
    case 'no-remote':
      return 'This site keeps its history on this server only (no remote copy is set up).'
    case 'in-sync':
      return `Up to date: the same as ${remote}.`
    case 'pushing':
      return `Sending changes to ${remote}…`
    case 'ahead':
      return `${changes(sync.ahead)} waiting to be sent to ${remote}.`
    case 'behind':
      return `${changes(sync.behind)} from your developer waiting to be taken in from ${remote}.`
    case 'conflict':
      return (
        `Your developer changed the same lines as you in ${(sync.conflictFiles ?? []).join(', ') || 'some files'}. ` +
        `Your saves are safe here and copied to ${remote} as ${sync.sideBranch ?? 'a side branch'}; ` +
        'the site shows your version until your developer merges the two.'
      )
    case 'error':
      return `Not in sync with ${remote}: your saves are safe on this server and it keeps trying. (${sync.lastError ?? 'sync failed'})`
  }
}
