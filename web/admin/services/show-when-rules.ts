// "Show this question"'s rules (show-when-editor.tsx draws them): which dropdowns can control a question, the answers
// offered, a rule started on a dropdown, an answer ticked or unticked (kept in the dropdown's order), the select's name.
import type { FormRuleSource, ShowWhen } from '../../../server/services/form-rules'

type Dropdown = FormRuleSource['customDropdownFields'][number]

/** The dropdowns a question can depend on: every one in the form but itself. */
export const controllingDropdowns = (form: FormRuleSource, fieldId: string): Dropdown[] =>
  form.customDropdownFields.filter((d) => d.id !== fieldId)

/** The dropdown a rule depends on, if it is still in the form. */
export const ruleController = (form: FormRuleSource, rule: ShowWhen | null | undefined): Dropdown | undefined =>
  rule ? form.customDropdownFields.find((d) => d.id === rule.field) : undefined

/** The answers offered as checkboxes: the dropdown's options without spaces around them, blank ones left out. */
export const ruleOptions = (controller: Dropdown | undefined): string[] =>
  controller ? controller.options.map((o) => o.trim()).filter(Boolean) : []

/** A rule on the dropdown chosen, starting with its first answer ticked; none for "Always". */
export function startRule(form: FormRuleSource, field: string): ShowWhen | null {
  if (!field) return null
  const first = form.customDropdownFields.find((d) => d.id === field)?.options.find((o) => o.trim())
  return { field, values: first ? [first.trim()] : [] }
}

/**
 * The rule with one answer ticked or unticked: the answers in the dropdown's order, then any no longer offered (kept
 * so the rule's error can name them).
 */
export function toggleRuleValue(rule: ShowWhen, options: readonly string[], value: string, on: boolean): ShowWhen {
  const values = on ? [...rule.values, value] : rule.values.filter((v) => v !== value)
  return { ...rule, values: options.filter((o) => values.includes(o)).concat(values.filter((v) => !options.includes(v))) }
}

/** A dropdown as the select names it. */
export const dropdownName = (dropdown: Pick<Dropdown, 'header'>): string => dropdown.header.trim() || 'Untitled dropdown'
