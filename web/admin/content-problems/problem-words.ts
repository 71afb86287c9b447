// A content problem in the owner's words: which part of the site, where in the file, what is wrong.
import { itemLabel, itemOfPath } from '../../../server/history/items'
import type { ContentProblem } from '../content-problems-api'

export function problemPlace(problem: ContentProblem): string {
  const item = itemOfPath(problem.file)
  const what = item ? itemLabel(item) : problem.file
  const where = problem.line ? `line ${problem.line}` : problem.field ? `field “${problem.field}”` : null
  return where ? `${what} (${problem.file}, ${where})` : `${what} (${problem.file})`
}

export function problemFallback(problem: ContentProblem): string {
  return problem.lastValidCommit
    ? `Visitors see its last valid version (${problem.lastValidCommit.slice(0, 7)}) until it is fixed.`
    : 'It has no earlier valid version, so it is left out of the site until it is fixed.'
}
