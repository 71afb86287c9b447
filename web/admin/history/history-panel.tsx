// History tab: the content changes newest first, one change as fields before/after, restore with confirmation, sync state.
import { useCallback, useEffect, useState } from 'react'
import { isKnownItem, itemLabel } from '../../../server/history/items'
import { studioDateTime } from '../../../server/lib/studio-time'
import { ConfirmDialog } from '../ui/confirm-dialog'
import { Loading } from '../ui/loading'
import { notifyError, notifySuccess } from '../ui/notify'
import {
  getCommit,
  getHistoryStatus,
  imageAt,
  listHistory,
  listHistoryItems,
  pushNow,
  restoreItem,
  type CommitDetail,
  type FieldChange,
  type HistoryEntry,
  type HistoryFilterItem,
  type HistoryStatus,
  type ItemChange,
} from './history-api'
import './history.css'


interface RestoreRequest {
  hash: string
  item: string
  label: string
  description: string
}

export function HistoryPanel() {
  const [filter, setFilter] = useState('all')
  const [filters, setFilters] = useState<HistoryFilterItem[]>([])
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null)
  const [hasMore, setHasMore] = useState(false)
  const [loadFailed, setLoadFailed] = useState(false)
  const [selected, setSelected] = useState<string | null>(null)
  const [detail, setDetail] = useState<CommitDetail | null>(null)
  const [status, setStatus] = useState<HistoryStatus | null>(null)
  const [restore, setRestore] = useState<RestoreRequest | null>(null)
  const [restoring, setRestoring] = useState(false)

  const refreshStatus = useCallback(() => {
    getHistoryStatus().then(setStatus, () => undefined)
  }, [])

  const load = useCallback(
    async (item: string, select?: string) => {
      setLoadFailed(false)
      try {
        const page = await listHistory(item)
        setEntries(page.entries)
        setHasMore(page.hasMore)
        setSelected(select ?? page.entries[0]?.hash ?? null)
      } catch {
        setLoadFailed(true)
      }
    },
    [],
  )

  useEffect(() => {
    void load(filter)
  }, [filter, load])
  useEffect(() => {
    listHistoryItems().then(setFilters, () => undefined)
    refreshStatus()
    const timer = setInterval(refreshStatus, 10_000)
    return () => clearInterval(timer)
  }, [refreshStatus])
  useEffect(() => {
    setDetail(null)
    if (!selected) return
    let live = true
    getCommit(selected).then(
      (d) => live && setDetail(d),
      () => live && notifyError('Error', 'Could not load this change.'),
    )
    return () => {
      live = false
    }
  }, [selected])

  const loadMore = async () => {
    if (!entries) return
    try {
      const page = await listHistory(filter, entries.length)
      setEntries([...entries, ...page.entries])
      setHasMore(page.hasMore)
    } catch {
      notifyError('Error', 'Could not load more changes.')
    }
  }

  const confirmRestore = async () => {
    if (!restore) return
    setRestoring(true)
    try {
      const result = await restoreItem(restore.hash, restore.item)
      if (result.hash) {
        const images = result.restoredImages.length ? ` ${result.restoredImages.length} image(s) brought back.` : ''
        notifySuccess('Restored', `${result.summary}.${images}`)
      } else notifySuccess('Nothing to restore', result.summary)
      setRestore(null)
      await load(filter, result.hash ?? undefined)
      listHistoryItems().then(setFilters, () => undefined)
      refreshStatus()
    } catch (err) {
      notifyError('Restore failed', (err as Error).message || 'There was a problem restoring. Please try again.')
    } finally {
      setRestoring(false)
    }
  }

  return (
    <div className="history">
      <StatusBar status={status} onPush={() => pushNow().then(refreshStatus, () => undefined)} />
      <div className="history__toolbar">
        <label className="admin-field__label" htmlFor="history-filter">
          Show changes to
        </label>
        <select id="history-filter" className="admin-input history__filter" value={filter} onChange={(e) => setFilter(e.target.value)}>
          <option value="all">Everything</option>
          {filters.map((f) => (
            <option key={f.item} value={f.item}>
              {f.item.startsWith('services/') ? `Service: ${f.label}` : f.label}
            </option>
          ))}
        </select>
      </div>
      {loadFailed ? (
        <div className="admin-card admin-empty">
          <p className="admin-error-text" role="alert">
            Could not load the history.
          </p>
          <button type="button" className="admin-button admin-button--primary" onClick={() => void load(filter)}>
            Try again
          </button>
        </div>
      ) : entries === null ? (
        <Loading label="Loading history..." />
      ) : (
        <div className="history__layout">
          <nav className="admin-card history__list" aria-label="Changes">
            {entries.length === 0 && <p className="admin-empty-note">No changes yet.</p>}
            <ol>
              {entries.map((e) => (
                <li key={e.hash}>
                  <button
                    type="button"
                    className="history__entry"
                    aria-current={e.hash === selected ? 'true' : undefined}
                    onClick={() => setSelected(e.hash)}
                  >
                    <span className="history__summary">{e.summary}</span>
                    <span className="history__meta">
                      {studioDateTime(e.date)} · {e.author}
                    </span>
                  </button>
                </li>
              ))}
            </ol>
            {hasMore && (
              <button type="button" className="admin-button admin-button--ghost admin-button--block" onClick={() => void loadMore()}>
                Show older changes
              </button>
            )}
          </nav>
          <section className="history__detail" aria-label="Change details">
            {selected && !detail && <Loading label="Loading change..." />}
            {detail && <CommitView detail={detail} onRestore={setRestore} />}
          </section>
        </div>
      )}
      <ConfirmDialog
        open={restore !== null}
        title={restore ? `Restore ${restore.label}?` : ''}
        description={restore?.description ?? ''}
        confirmLabel={restoring ? 'Restoring...' : 'Restore'}
        destructive={false}
        busy={restoring}
        onConfirm={() => void confirmRestore()}
        onCancel={() => setRestore(null)}
      />
    </div>
  )
}

function StatusBar({ status, onPush }: { status: HistoryStatus | null; onPush: () => void }) {
  if (!status) return null
  const { sync, uncommitted } = status
  return (
    <>
      {uncommitted.length > 0 && (
        <div className="history__banner" role="status">
          <strong>Files changed on the server outside the dashboard</strong>
          <p>
            The site shows these as they are, but they are not saved in the history yet. They can't be changed here until a
            developer commits or discards them:
          </p>
          <ul>
            {uncommitted.map((f) => (
              <li key={f.path}>
                <code>{f.path}</code> ({f.state})
              </li>
            ))}
          </ul>
        </div>
      )}
      {sync.state !== 'no-remote' && (
        <div className={`history__sync history__sync--${sync.state}`} role="status" data-testid="sync-status">
          <span className="history__sync-dot" aria-hidden="true" />
          <span>
            {sync.state === 'in-sync' && `Backed up: in sync with ${sync.remote}.`}
            {sync.state === 'pushing' && `Sending changes to ${sync.remote}...`}
            {sync.state === 'ahead' && `${sync.ahead} change(s) waiting to be sent to ${sync.remote}.`}
            {sync.state === 'error' &&
              `Not in sync: ${sync.ahead} change(s) not yet sent to ${sync.remote}. Your saves are safe on this server; it keeps retrying. (${sync.lastError ?? 'push failed'})`}
          </span>
          {(sync.state === 'error' || sync.state === 'ahead') && (
            <button type="button" className="admin-button admin-button--small admin-button--outline" onClick={onPush}>
              Try now
            </button>
          )}
        </div>
      )}
    </>
  )
}

function CommitView({ detail, onRestore }: { detail: CommitDetail; onRestore: (r: RestoreRequest) => void }) {
  const at = studioDateTime(detail.date)
  const contentChanges = detail.changes.filter((c) => !c.path.startsWith('uploads/'))
  const imageChanges = detail.changes.filter((c) => c.path.startsWith('uploads/'))
  return (
    <div className="admin-card history__commit">
      <div className="history__commit-head">
        <div>
          <h2 className="admin-card__title">{detail.summary}</h2>
          <p className="history__meta">
            {at} · {detail.author} · <code>{detail.shortHash}</code>
          </p>
        </div>
        <button
          type="button"
          className="admin-button admin-button--outline admin-button--small"
          onClick={() =>
            onRestore({
              hash: detail.hash,
              item: 'all',
              label: 'the whole site',
              description: `Every page and setting goes back to how it was right after this change (${at}). This is saved as a new change, so nothing in the history is lost and you can undo it the same way.`,
            })
          }
        >
          Restore whole site to here
        </button>
      </div>
      {detail.changes.length === 0 && <p className="admin-empty-note">This change did not touch the site's content.</p>}
      {contentChanges.map((change) => (
        <ItemChangeView key={change.path} change={change} detail={detail} at={at} onRestore={onRestore} />
      ))}
      {imageChanges.length > 0 && (
        <div className="history__item">
          <h3 className="admin-subsection__title">Image files</h3>
          <div className="history__thumbs">
            {imageChanges.map((c) => (
              <figure key={c.path} className={`history__thumb history__thumb--${c.change}`}>
                <img src={c.imageUrl} alt={c.label} loading="lazy" />
                <figcaption>{c.change === 'added' ? 'Added' : c.change === 'removed' ? 'Removed' : 'Replaced'}</figcaption>
              </figure>
            ))}
          </div>
        </div>
      )}
    </div>
  )
}

function ItemChangeView({
  change,
  detail,
  at,
  onRestore,
}: {
  change: ItemChange
  detail: CommitDetail
  at: string
  onRestore: (r: RestoreRequest) => void
}) {
  const restorable = isKnownItem(change.item) && change.item !== 'mailing-list-segments'
  const label = change.label || itemLabel(change.item)
  const removed = change.change === 'removed'
  const bringBack = removed && detail.parent
  return (
    <div className="history__item">
      <div className="history__item-head">
        <h3 className="admin-subsection__title">
          {label} <span className={`history__badge history__badge--${change.change}`}>{change.change}</span>
        </h3>
        {restorable && (!removed || bringBack) && (
          <button
            type="button"
            className="admin-button admin-button--small admin-button--primary"
            onClick={() =>
              onRestore(
                bringBack
                  ? {
                      hash: detail.parent!,
                      item: change.item,
                      label,
                      description: `${label} comes back the way it was just before this change removed it (${at}). This is saved as a new change; nothing in the history is lost.`,
                    }
                  : {
                      hash: detail.hash,
                      item: change.item,
                      label,
                      description: `${label} goes back to how it was right after this change (${at}). Other parts of the site stay as they are. This is saved as a new change, so nothing in the history is lost and you can undo it the same way.`,
                    },
              )
            }
          >
            {bringBack ? 'Bring this back' : 'Restore this version'}
          </button>
        )}
      </div>
      <table className="history__fields">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {change.fields.map((f) => (
            <tr key={f.field}>
              <th scope="row">{f.label}</th>
              <td className="history__before">
                <Value field={f} side="before" hash={detail.parent ?? detail.hash} />
              </td>
              <td className="history__after">
                <Value field={f} side="after" hash={detail.hash} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function Value({ field, side, hash }: { field: FieldChange; side: 'before' | 'after'; hash: string }) {
  const value = field[side]
  if (value === null) return <span className="history__none">(none)</span>
  if (field.kind === 'images') {
    const urls = Array.isArray(value) ? value : [value]
    if (urls.length === 0) return <span className="history__none">(no images)</span>
    return (
      <div className="history__thumbs">
        {urls.map((url, i) => (
          <img key={`${url}-${i}`} className="history__thumb-img" src={imageAt(hash, url)} alt={`${field.label} ${i + 1}`} loading="lazy" />
        ))}
      </div>
    )
  }
  const text = Array.isArray(value) ? value.join('\n') : value
  return <span className="history__text">{text === '' ? <span className="history__none">(empty)</span> : text}</span>
}
