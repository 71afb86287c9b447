// Runs axe-core in a page (WCAG 2.0/2.1/2.2 A and AA, plus the landmark and heading best practices) and reports violations.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']
const BEST_PRACTICES = ['region', 'landmark-one-main', 'heading-order']

export interface AxeFinding {
  state: string
  rule: string
  impact: string | null
  targets: string[]
  summary: string
}

interface AxeResult {
  violations: { id: string; impact: string | null; nodes: { target: unknown[]; failureSummary?: string }[] }[]
}

/** axe's verdict on the page as it is now; `state` names what was on screen (route, viewport, open menu...). */
export async function axeFindings(page: Page, state: string): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE })
  // Animations settle first, so colours are measured as the visitor finally sees them.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((r) => setTimeout(r, 1_000)),
    ]),
  )
  const result = (await page.evaluate(
    async ({ tags, extra }) => {
      const axe = (
        window as unknown as { axe: { getRules: (t: string[]) => { ruleId: string }[]; run: (c: unknown, o: unknown) => Promise<unknown> } }
      ).axe
      const rules = [...axe.getRules(tags).map((r) => r.ruleId), ...extra]
      return axe.run(document, { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] })
    },
    { tags: TAGS, extra: BEST_PRACTICES },
  )) as AxeResult
  return result.violations.map((v) => ({
    state,
    rule: v.id,
    impact: v.impact,
    targets: v.nodes.map((n) => n.target.join(' ')),
    summary: v.nodes[0]?.failureSummary?.split('\n').slice(0, 2).join(' ') ?? '',
  }))
}

/** One line per rule and state, with the number of elements and the first few of them. */
export function describeFindings(findings: AxeFinding[]): string {
  return findings
    .map((f) => `${f.state}: ${f.rule} (${f.impact}) x${f.targets.length} ${f.targets.slice(0, 3).join(' | ')} — ${f.summary}`)
    .join('\n')
}

/** Prints how many elements fail each rule, and how many states were clean, for the measurement in the log. */
export function printCounts(label: string, states: string[], findings: AxeFinding[]): void {
  const perRule = new Map<string, number>()
  for (const f of findings) perRule.set(f.rule, (perRule.get(f.rule) ?? 0) + f.targets.length)
  const dirty = new Set(findings.map((f) => f.state))
  const rules = [...perRule].map(([rule, n]) => `${rule} ${n}`).join(', ') || 'none'
  console.log(`[axe] ${label}: ${states.length - dirty.size}/${states.length} states clean; violations by rule: ${rules}`)
}
