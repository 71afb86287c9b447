// "Show this question": always, or only when a dropdown of the same form has one of chosen answers; the rule is said
// in words under it, and a rule that no longer holds (its dropdown deleted, an answer gone, a loop) shows why.
import { useId } from 'react'
import { describeShowWhen, type FormRuleSource, type ShowWhen } from '../../../server/services/form-rules'
import { controllingDropdowns, dropdownName, ruleController, ruleOptions, startRule, toggleRuleValue } from './show-when-rules'

interface ShowWhenEditorProps {
  fieldId: string
  fieldName: string
  rule: ShowWhen | null | undefined
  form: FormRuleSource
  error?: string
  onChange: (rule: ShowWhen | null) => void
}

export function ShowWhenEditor({ fieldId, fieldName, rule, form, error, onChange }: ShowWhenEditorProps) {
  const id = useId()
  const dropdowns = controllingDropdowns(form, fieldId)
  const controller = ruleController(form, rule)
  const options = ruleOptions(controller)
  const toggle = (value: string, on: boolean) => {
    if (!rule) return
    onChange(toggleRuleValue(rule, options, value, on))
  }
  return (
    <div className="admin-field admin-show-when">
      <label className="admin-field__label" htmlFor={`${id}-when`}>
        Show this question
      </label>
      <select
        id={`${id}-when`}
        className="admin-input"
        value={rule?.field ?? ''}
        aria-describedby={`${id}-words${error ? ` ${id}-error` : ''}`}
        onChange={(e) => onChange(startRule(form, e.target.value))}
      >
        <option value="">Always</option>
        {rule && !controller && <option value={rule.field}>When a deleted question has an answer</option>}
        {dropdowns.map((d) => (
          <option key={d.id} value={d.id}>
            Only when “{dropdownName(d)}” is…
          </option>
        ))}
      </select>
      {rule && controller && (
        <fieldset className="admin-fieldset admin-show-when__values">
          <legend className="admin-field__hint">
            Answers of “{dropdownName(controller)}” that show {fieldName}
          </legend>
          {options.map((option) => (
            <label key={option} className="admin-check">
              <input type="checkbox" checked={rule.values.includes(option)} onChange={(e) => toggle(option, e.target.checked)} /> {option}
            </label>
          ))}
        </fieldset>
      )}
      <p className="admin-field__hint" id={`${id}-words`}>
        {rule ? `${describeShowWhen(rule, form)}.` : 'Always shown.'}
        {rule && ' When hidden, it is not required and its answer is not sent.'}
      </p>
      {error && (
        <p className="admin-field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
