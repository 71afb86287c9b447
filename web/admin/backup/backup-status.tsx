// One line under the dashboard header: when the last backup was made and its size, or a warning when it is more than
// two days old or failed, with a button to take one now.
import { useEffect, useState } from 'react'
import { formatStudioTime } from '../../../server/lib/studio-time'
import { backUpNow, formatSize, getBackupStatus, type BackupStatus } from './backup-api'
import './backup-status.css'

export function BackupStatusLine() {
  const [status, setStatus] = useState<BackupStatus | null>(null)
  const [failed, setFailed] = useState(false)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let live = true
    getBackupStatus().then(
      (s) => live && setStatus(s),
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [])

  const runNow = async () => {
    setBusy(true)
    try {
      setStatus(await backUpNow())
      setFailed(false)
    } catch {
      setFailed(true)
    } finally {
      setBusy(false)
    }
  }

  if (!status && !failed) return null
  const warning = failed ? 'The backup status could not be loaded.' : status!.warning
  const last = status?.last
  return (
    <div className={`backup-status${warning ? ' backup-status--warning' : ''}`} role="status">
      <p className="backup-status__text">
        {warning && <strong className="backup-status__warning">{warning} </strong>}
        {last ? (
          <span>
            Last backup <time dateTime={last.at}>{formatStudioTime(last.at)}</time> ({formatSize(last.size)})
          </span>
        ) : null}
      </p>
      {warning && (
        <button type="button" className="admin-button admin-button--outline backup-status__button" onClick={runNow} disabled={busy}>
          {busy ? 'Backing up…' : 'Back up now'}
        </button>
      )}
    </div>
  )
}
