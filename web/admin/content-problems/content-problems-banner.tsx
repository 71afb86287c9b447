// Under the dashboard header when a content file does not read as valid content: which, where, why, and a one-click fix.
import { useCallback, useEffect, useState } from 'react'
import { serverMessage } from '../admin-api'
import { notifyError, notifySuccess } from '../ui/notify'
import { getContentProblems, putBackLastValid, type ContentProblem } from '../content-problems-api'
import { problemFallback, problemPlace } from './problem-words'
import './content-problems.css'

export function ContentProblemsBanner() {
  const [problems, setProblems] = useState<ContentProblem[]>([])
  const [busy, setBusy] = useState<string | null>(null)
  const refresh = useCallback(() => {
    getContentProblems().then(setProblems, () => undefined)
  }, [])
  useEffect(refresh, [refresh])

  const putBack = async (problem: ContentProblem) => {
    setBusy(problem.file)
    try {
      const result = await putBackLastValid(problem.file)
      notifySuccess('Put back', result.summary)
    } catch (error) {
      notifyError('Could not put it back', serverMessage(error) ?? 'Please try again.')
    } finally {
      setBusy(null)
      refresh()
    }
  }

  if (!problems.length) return null
  return (
    <section className="content-problems" aria-labelledby="content-problems-title">
      <h2 id="content-problems-title" className="content-problems__title">
        {problems.length === 1 ? 'A content file needs attention' : `${problems.length} content files need attention`}
      </h2>
      <ul className="content-problems__list">
        {problems.map((p) => (
          <li key={p.file} className="content-problems__item">
            <div>
              <strong>{problemPlace(p)}</strong>
              <p className="content-problems__message">{p.message}</p>
              <p className="content-problems__fallback">{problemFallback(p)}</p>
            </div>
            {p.lastValidCommit && (
              <button type="button" className="admin-button admin-button--outline" onClick={() => void putBack(p)} disabled={busy !== null}>
                {busy === p.file ? 'Putting back…' : 'Put back the last valid version'}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
