// The quote form's conditional questions, as the owner reads them in the builder and the inbox: the rule in words
// for a blank or empty dropdown, the problems of a broken rule, and a loop that does not pass through a question.
import { describe, expect, it } from 'vitest'
import { describeShowWhen, firstRuleProblem, ruleProblems, shownFieldIds, type FormRuleSource } from './form-rules'

const dropdown = (id: string, header: string, showWhen?: { field: string; values: string[] }) => ({
  id,
  header,
  options: ['Yes', 'No'],
  showWhen,
})

describe('a rule in words', () => {
  it('names an untitled dropdown, and says nothing after "is" when no answer is chosen', () => {
    const form: FormRuleSource = { customTextFields: [], customDropdownFields: [dropdown('dropdown_1', '   ')] }
    expect(describeShowWhen({ field: 'dropdown_1', values: ['Yes'] }, form)).toBe('Shown only when "Untitled dropdown" is "Yes"')
    expect(describeShowWhen({ field: 'dropdown_1', values: [] }, form)).toBe('Shown only when "Untitled dropdown" is ')
    expect(describeShowWhen({ field: 'dropdown_1', values: ['Yes', 'No', 'Maybe'] }, form)).toBe(
      'Shown only when "Untitled dropdown" is "Yes", "No" or "Maybe"',
    )
  })
})

describe('what is wrong with the rules', () => {
  it('names an untitled question, and a rule with no answer chosen', () => {
    const form: FormRuleSource = {
      customTextFields: [{ id: 'custom_1', header: '  ', showWhen: { field: 'dropdown_1', values: [] } }],
      customDropdownFields: [dropdown('dropdown_1', 'Delivery')],
    }
    expect(ruleProblems(form)).toEqual([
      { fieldId: 'custom_1', message: '"Untitled question": choose at least one answer of "Delivery" that shows it.' },
    ])
    expect(firstRuleProblem(form)).toBe('"Untitled question": choose at least one answer of "Delivery" that shows it.')
  })

  it('a loop is blamed on the questions in it, not on one that depends on it', () => {
    const form: FormRuleSource = {
      customTextFields: [{ id: 'custom_1', header: 'Venue', showWhen: { field: 'dropdown_1', values: ['Yes'] } }],
      customDropdownFields: [
        dropdown('dropdown_1', 'Delivery', { field: 'dropdown_2', values: ['Yes'] }),
        dropdown('dropdown_2', 'Setup', { field: 'dropdown_1', values: ['Yes'] }),
      ],
    }
    expect(ruleProblems(form).map((p) => p.fieldId)).toEqual(['dropdown_1', 'dropdown_2'])
    expect(firstRuleProblem(form)).toBe('"Delivery" and "Setup" depend on each other in a loop: one of them must be shown always.')
    // Asked of a hand-edited file: nothing in the loop, nor what hangs on it, is asked.
    expect([...shownFieldIds(form, { dropdown_1: 'Yes', dropdown_2: 'Yes' })]).toEqual([])
  })

  it('no problem: no message', () => {
    expect(firstRuleProblem({ customTextFields: [], customDropdownFields: [dropdown('dropdown_1', 'Delivery')] })).toBeNull()
  })
})
