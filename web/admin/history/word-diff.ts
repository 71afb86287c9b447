// Which words (or, for long texts, which lines) a change added and removed, so History can highlight just those.

export interface DiffPart {
  text: string
  /** `same` on both sides; `removed` only before; `added` only after. */
  op: 'same' | 'added' | 'removed'
}

/** Above this many token pairs a word diff costs too much: lines are compared instead (then, if still too many, none). */
const MAX_CELLS = 1_000_000

const words = (text: string) => text.match(/\s+|[^\s]+/g) ?? []
const lines = (text: string) => text.match(/[^\n]*\n|[^\n]+$/g) ?? []

/** The two texts as one run of parts (word level, line level for long texts); null when too long to compare. */
export function diffText(before: string, after: string): DiffPart[] | null {
  return diffTokens(words(before), words(after)) ?? diffTokens(lines(before), lines(after))
}

function diffTokens(a: string[], b: string[]): DiffPart[] | null {
  // Common start and end first: most edits change a little in the middle of a long text.
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let end = 0
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++
  const midA = a.slice(start, a.length - end)
  const midB = b.slice(start, b.length - end)
  const n = midA.length
  const m = midB.length
  if ((n + 1) * (m + 1) > MAX_CELLS) return null
  const parts: DiffPart[] = []
  const push = (text: string, op: DiffPart['op']) => {
    const last = parts[parts.length - 1]
    if (last && last.op === op) last.text += text
    else if (text) parts.push({ text, op })
  }
  push(a.slice(0, start).join(''), 'same')
  // Longest common subsequence of the middle tokens, read front to back.
  const lcs = new Uint32Array((n + 1) * (m + 1))
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * (m + 1) + j] =
        midA[i] === midB[j] ? lcs[(i + 1) * (m + 1) + j + 1] + 1 : Math.max(lcs[(i + 1) * (m + 1) + j], lcs[i * (m + 1) + j + 1])
    }
  }
  let i = 0
  let j = 0
  while (i < n || j < m) {
    if (i < n && j < m && midA[i] === midB[j]) {
      push(midA[i++], 'same')
      j++
    } else if (j < m && (i === n || lcs[i * (m + 1) + j + 1] >= lcs[(i + 1) * (m + 1) + j])) push(midB[j++], 'added')
    else push(midA[i++], 'removed')
  }
  push(a.slice(a.length - end).join(''), 'same')
  return parts
}
