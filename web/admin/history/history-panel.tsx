// History tab: the content changes newest first, one change as fields before/after, restore with confirmation, sync state.
import { useCallback, useEffect, useRef, useState } from 'react'
import { isRestorableItem, itemLabel } from '../../../server/history/items'
import { studioDateTime } from '../../../server/lib/studio-time'
import { Loading } from '../ui/loading'
import { notifyError, notifySuccess } from '../ui/notify'
import {
  getCommit,
  getHistoryStatus,
  imageAt,
  listHistory,
  listHistoryItems,
  pushNow,
  type CommitDetail,
  type HistoryEntry,
  type HistoryKind,
  HISTORY_KINDS,
  type ListFilter,
  type HistoryFilterItem,
  type HistoryStatus,
  type ItemChange,
  type RestoreResult,
} from './history-api'
import { ChangeConfirmDialog, type ChangeRequest } from './change-confirm-dialog'
import { FieldValue } from './field-value'
import '../ui/compare-table.css'
import './history.css'
import { syncWords } from './sync-words'

type RestoreRequest = Omit<Extract<ChangeRequest, { kind: 'restore' }>, 'kind'>

export function HistoryPanel() {
  const [filter, setFilter] = useState<ListFilter>({ item: 'all', kind: '' })
  const [filters, setFilters] = useState<HistoryFilterItem[]>([])
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null)
  const [hasMore, setHasMore] = useState(false)
  const [loadFailed, setLoadFailed] = useState(false)
  const [selected, setSelected] = useState<string | null>(null)
  const [detail, setDetail] = useState<CommitDetail | null>(null)
  const [status, setStatus] = useState<HistoryStatus | null>(null)
  const [request, setRequest] = useState<ChangeRequest | null>(null)

  const refreshStatus = useCallback(() => {
    getHistoryStatus().then(setStatus, () => undefined)
  }, [])

  // Each list request gets a number; an answer that is not the latest one (an older, slower filter) is ignored, so
  // it can neither replace the list shown nor reset the selection.
  const listRequest = useRef(0)
  const load = useCallback(async (list: ListFilter, select?: string) => {
    const id = ++listRequest.current
    setLoadFailed(false)
    try {
      const page = await listHistory(list)
      if (id !== listRequest.current) return
      setEntries(page.entries)
      setHasMore(page.hasMore)
      setSelected(select ?? page.entries[0]?.hash ?? null)
    } catch {
      if (id === listRequest.current) setLoadFailed(true)
    }
  }, [])
  const changeFilter = (next: Partial<ListFilter>) => {
    // The old list goes at once: nothing of it can be clicked while the filtered one loads.
    listRequest.current++
    setEntries(null)
    setSelected(null)
    setFilter((f) => ({ ...f, ...next }))
  }

  useEffect(() => {
    void load(filter)
  }, [filter, load])
  useEffect(() => {
    listHistoryItems().then(setFilters, () => undefined)
    refreshStatus()
    const timer = setInterval(refreshStatus, 10_000)
    return () => clearInterval(timer)
  }, [refreshStatus])
  // On a narrow screen the detail opens below the list: a tapped change is brought into view once it has loaded.
  const detailRef = useRef<HTMLElement>(null)
  const tapped = useRef(false)
  useEffect(() => {
    if (!detail || !tapped.current) return
    tapped.current = false
    if (window.matchMedia('(max-width: 860px)').matches) detailRef.current?.scrollIntoView({ block: 'start' })
  }, [detail])
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
    const id = listRequest.current
    try {
      const page = await listHistory(filter, entries.length)
      if (id !== listRequest.current) return
      setEntries([...entries, ...page.entries])
      setHasMore(page.hasMore)
    } catch {
      notifyError('Error', 'Could not load more changes.')
    }
  }

  /** After a confirmed undo or restore: say what happened and show the new change. */
  const done = async (result: RestoreResult) => {
    const images = result.restoredImages.length ? ` ${result.restoredImages.length} image(s) brought back.` : ''
    if (result.hash) notifySuccess(result.summary.startsWith('Undo') ? 'Change undone' : 'Restored', `${result.title}.${images}`)
    else notifySuccess('Nothing changed', result.title)
    setRequest(null)
    await load(filter, result.hash ?? undefined)
    listHistoryItems().then(setFilters, () => undefined)
    refreshStatus()
  }
  /** "Get changes now": fetch from the remote at once, then show what arrived. */
  const [syncing, setSyncing] = useState(false)
  const getChangesNow = async () => {
    setSyncing(true)
    try {
      await pushNow()
      await load(filter)
    } catch {
      notifyError('Error', 'Could not reach the server to get changes.')
    } finally {
      setSyncing(false)
      refreshStatus()
    }
  }
  const labelOf = (item: string) => filters.find((f) => f.item === item)?.label ?? itemLabel(item)
  const askRestore = (r: RestoreRequest) => setRequest({ kind: 'restore', ...r })

  return (
    <div className="history">
      <StatusBar status={status} onPush={() => void getChangesNow()} syncing={syncing} />
      <div className="history__toolbar">
        <div className="history__filter-field">
          <label className="admin-field__label" htmlFor="history-filter">
            Show changes to
          </label>
          <select
            id="history-filter"
            className="admin-input history__filter"
            value={filter.item}
            onChange={(e) => changeFilter({ item: e.target.value })}
          >
            <option value="all">Everything</option>
            {filters.map((f) => (
              <option key={f.item} value={f.item}>
                {f.item.startsWith('services/') ? `Service: ${f.label}` : f.label}
              </option>
            ))}
          </select>
        </div>
        <div className="history__filter-field">
          <label className="admin-field__label" htmlFor="history-kind">
            Kind of change
          </label>
          <select
            id="history-kind"
            className="admin-input history__filter"
            value={filter.kind}
            onChange={(e) => changeFilter({ kind: e.target.value as ListFilter['kind'] })}
          >
            <option value="">Every kind</option>
            {(Object.keys(HISTORY_KINDS) as HistoryKind[]).map((k) => (
              <option key={k} value={k}>
                {HISTORY_KINDS[k]}
              </option>
            ))}
          </select>
        </div>
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
            {entries.length === 0 && (
              <p className="admin-empty-note">
                {filter.item === 'all' && !filter.kind ? 'No changes yet.' : 'No changes match these filters.'}
              </p>
            )}
            <ol>
              {entries.map((e) => (
                <li key={e.hash}>
                  <button
                    type="button"
                    className="history__entry"
                    data-commit={e.shortHash}
                    aria-current={e.hash === selected ? 'true' : undefined}
                    onClick={() => {
                      tapped.current = true
                      setSelected(e.hash)
                    }}
                  >
                    <span className="history__summary">{e.title}</span>
                    <span className="history__meta">
                      {studioDateTime(e.date)} · {whoMade(e)}
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
          <section className="history__detail" aria-label="Change details" ref={detailRef}>
            {selected && !detail && <Loading label="Loading change..." />}
            {detail && (
              <CommitView
                detail={detail}
                onRestore={askRestore}
                onUndo={() => setRequest({ kind: 'undo', hash: detail.hash, summary: detail.title })}
              />
            )}
          </section>
        </div>
      )}
      <ChangeConfirmDialog request={request} labelOf={labelOf} onDone={(r) => void done(r)} onCancel={() => setRequest(null)} />
    </div>
  )
}

function StatusBar({ status, onPush, syncing }: { status: HistoryStatus | null; onPush: () => void; syncing: boolean }) {
  if (!status) return null
  const { sync, uncommitted } = status
  return (
    <>
      {uncommitted.length > 0 && (
        <div className="history__banner" role="status">
          <strong>Files changed on the server outside the dashboard</strong>
          <p>
            The site shows these as they are, but they are not saved in the history yet. They can't be changed here until a developer
            commits or discards them:
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
            {syncWords(sync)}
            {sync.lastFetchAt && <span className="history__sync-when"> Last checked {studioDateTime(sync.lastFetchAt)}.</span>}
          </span>
          <button type="button" className="admin-button admin-button--small admin-button--outline" onClick={onPush} disabled={syncing}>
            {syncing ? 'Getting changes…' : 'Get changes now'}
          </button>
        </div>
      )}
    </>
  )
}

function CommitView({ detail, onRestore, onUndo }: { detail: CommitDetail; onRestore: (r: RestoreRequest) => void; onUndo: () => void }) {
  const at = studioDateTime(detail.date)
  const contentChanges = detail.changes.filter((c) => !c.path.startsWith('uploads/'))
  const imageChanges = detail.changes.filter((c) => c.path.startsWith('uploads/'))
  return (
    <div className="admin-card history__commit">
      <div className="history__commit-head">
        <div>
          <h2 className="admin-card__title">{detail.title}</h2>
          <p className="history__meta">
            {at} · {whoMade(detail)}
          </p>
          <p className="history__meta">
            Saved as “{detail.summary}” <code>{detail.shortHash}</code>
          </p>
        </div>
        <div className="history__commit-actions">
          {detail.parent && !detail.first && detail.changes.length > 0 && (
            <button type="button" className="admin-button admin-button--primary admin-button--small" onClick={onUndo}>
              Undo this change
            </button>
          )}
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
      </div>
      {detail.changes.length === 0 && <p className="admin-empty-note">Nothing on the site changed: only how the files are written.</p>}
      {detail.first && <p>Everything the site started with: {detail.held}. Open an item to see it.</p>}
      {contentChanges.map((change) =>
        detail.first ? (
          <details key={change.path} className="history__item history__fold">
            <summary>{change.label}</summary>
            <ItemChangeView change={change} detail={detail} at={at} onRestore={onRestore} />
          </details>
        ) : (
          <ItemChangeView key={change.path} change={change} detail={detail} at={at} onRestore={onRestore} />
        ),
      )}
      {imageChanges.length > 0 && (
        <details className="history__item history__fold" open={!detail.first}>
          <summary>Picture files ({imageChanges.length})</summary>
          <div className="history__thumbs">
            {imageChanges.map((c) => (
              <figure key={c.path} className={`history__thumb history__thumb--${c.change}`}>
                <img src={c.imageUrl} alt={c.label} loading="lazy" />
                <figcaption>{c.change === 'added' ? 'Added' : c.change === 'removed' ? 'Removed' : 'Replaced'}</figcaption>
              </figure>
            ))}
          </div>
        </details>
      )}
    </div>
  )
}

/** Who made a change: the owner in the dashboard, or a developer with git. */
function whoMade(e: HistoryEntry): string {
  return e.source === 'dashboard' ? `${e.author}, in the dashboard` : `${e.author}, a developer's git commit`
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
  const restorable = isRestorableItem(change.item)
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
                <FieldValue field={f} side="before" imageSrc={(url) => imageAt(detail.parent ?? detail.hash, url)} />
              </td>
              <td className="history__after">
                <FieldValue field={f} side="after" imageSrc={(url) => imageAt(detail.hash, url)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
