// Questions that depend on answers: which custom questions a visitor is asked, given the dropdown answers so far, the
// rule in words, and what is wrong with a set of rules. Zod-free and Node-free: the public form, the builder and the
// server all use these same functions, so the browser and POST /api/contact agree on what is asked.

/** Show a question only when the dropdown `field` is answered with one of `values`. */
export interface ShowWhen {
  field: string
  values: string[]
}

/** What the rules need to know of a custom question (text, dropdown or photos). */
export interface RuleField {
  id: string
  header: string
  showWhen?: ShowWhen | null
  /** Dropdowns only. */
  options?: readonly string[]
}

export interface FormRuleSource {
  customTextFields: readonly RuleField[]
  customDropdownFields: readonly (RuleField & { options: readonly string[] })[]
  customPhotoFields?: readonly RuleField[]
}

export const allCustomFields = (form: FormRuleSource): RuleField[] => [
  ...form.customTextFields,
  ...form.customDropdownFields,
  ...(form.customPhotoFields ?? []),
]

const quoted = (s: string) => `"${s}"`

/** "Yes", "Yes" or "Maybe", "A", "B" or "C". */
function orList(values: readonly string[]): string {
  const q = values.map(quoted)
  return q.length <= 1 ? (q[0] ?? '') : `${q.slice(0, -1).join(', ')} or ${q.at(-1)}`
}

/** The rule as the builder and the inbox say it: 'Shown only when "Delivery" is "Yes"'. */
export function describeShowWhen(rule: ShowWhen, form: FormRuleSource): string {
  const controller = form.customDropdownFields.find((f) => f.id === rule.field)
  const name = controller ? quoted(controller.header.trim() || 'Untitled dropdown') : 'a question that no longer exists'
  return `Shown only when ${name} is ${orList(rule.values)}`
}

/**
 * Whether each custom question is asked, given the dropdown answers (by field id). A question with a rule is asked
 * when its dropdown is itself asked and answered with one of the rule's values; a rule pointing at a missing field,
 * or caught in a loop, hides its question (the builder and the server refuse such rules; this only keeps a
 * hand-edited file from hanging the form).
 */
export function shownFieldIds(form: FormRuleSource, dropdownAnswers: Readonly<Record<string, string | undefined>>): Set<string> {
  const fields = new Map(allCustomFields(form).map((f) => [f.id, f]))
  const dropdowns = new Set(form.customDropdownFields.map((f) => f.id))
  const memo = new Map<string, boolean>()
  const shown = (id: string, path: Set<string>): boolean => {
    const known = memo.get(id)
    if (known !== undefined) return known
    // Only ever asked about a known question: one of `fields`, or a rule's dropdown once `dropdowns` has it.
    const rule = fields.get(id)!.showWhen
    let result: boolean
    if (!rule) result = true
    else if (path.has(id) || !dropdowns.has(rule.field)) result = false
    else {
      const answer = dropdownAnswers[rule.field]
      result = answer !== undefined && rule.values.includes(answer) && shown(rule.field, new Set([...path, id]))
    }
    memo.set(id, result)
    return result
  }
  return new Set([...fields.keys()].filter((id) => shown(id, new Set())))
}

export interface RuleProblem {
  /** The question whose rule is wrong. */
  fieldId: string
  message: string
}

/** What is wrong with the form's rules, one sentence per question, naming it as the owner titled it. */
export function ruleProblems(form: FormRuleSource): RuleProblem[] {
  const fields = allCustomFields(form)
  const dropdowns = new Map(form.customDropdownFields.map((f) => [f.id, f]))
  const byId = new Map(fields.map((f) => [f.id, f]))
  const name = (f: RuleField) => quoted(f.header.trim() || 'Untitled question')
  const problems: RuleProblem[] = []
  for (const field of fields) {
    const rule = field.showWhen
    if (!rule) continue
    const controller = dropdowns.get(rule.field)
    if (!controller) {
      const what = byId.has(rule.field) ? 'a question that is not a dropdown' : 'a question that no longer exists'
      problems.push({ fieldId: field.id, message: `${name(field)} depends on ${what}. Choose another dropdown or show it always.` })
      continue
    }
    if (controller.id === field.id) {
      problems.push({ fieldId: field.id, message: `${name(field)} cannot depend on its own answer.` })
      continue
    }
    if (rule.values.length === 0) {
      problems.push({ fieldId: field.id, message: `${name(field)}: choose at least one answer of ${name(controller)} that shows it.` })
      continue
    }
    const unknown = rule.values.filter((v) => !controller.options.includes(v))
    if (unknown.length) {
      problems.push({
        fieldId: field.id,
        message: `${name(field)} depends on ${orList(unknown)}, which is no longer an option of ${name(controller)}.`,
      })
      continue
    }
    const loop = loopFrom(field.id, byId)
    if (loop) {
      problems.push({
        fieldId: field.id,
        message: `${loop.map((id) => name(byId.get(id)!)).join(' and ')} depend on each other in a loop: one of them must be shown always.`,
      })
    }
  }
  return problems
}

/** The questions of a loop of rules through `start` (start first), or null when following its rules ends. */
function loopFrom(start: string, byId: Map<string, RuleField>): string[] | null {
  const seen: string[] = []
  let at: string | undefined = start
  while (at !== undefined) {
    if (seen.includes(at)) return at === start ? seen : null
    seen.push(at)
    at = byId.get(at)?.showWhen?.field
  }
  return null
}

/** The first problem as one message, or null: what the server answers when a save would break the form. */
export function firstRuleProblem(form: FormRuleSource): string | null {
  return ruleProblems(form)[0]?.message ?? null
}
