import { describe, expect, it } from 'vitest'
import { describeShowWhen, firstRuleProblem, ruleProblems, shownFieldIds, type FormRuleSource } from './form-rules'
import { ServiceSchema } from './services.schema'

const delivery = { id: 'dropdown_1', header: 'Delivery', options: ['Yes', 'No'] }
const style = {
  id: 'dropdown_2',
  header: 'Style',
  options: ['Organic arch', 'Classic arch', 'Column'],
  showWhen: { field: 'dropdown_1', values: ['Yes'] },
}
const form: FormRuleSource = {
  customTextFields: [
    { id: 'custom_1', header: 'Venue address', showWhen: { field: 'dropdown_1', values: ['Yes'] } },
    { id: 'custom_2', header: 'Arch length', showWhen: { field: 'dropdown_2', values: ['Organic arch', 'Classic arch'] } },
    { id: 'custom_3', header: 'Theme' },
  ],
  customDropdownFields: [delivery, style],
  customPhotoFields: [{ id: 'photos_1', header: 'Venue photos', showWhen: { field: 'dropdown_1', values: ['Yes'] } }],
}

describe('which questions are asked', () => {
  it('a question with a rule is asked only when its dropdown has one of the values', () => {
    expect([...shownFieldIds(form, {})].sort()).toEqual(['custom_3', 'dropdown_1'])
    expect([...shownFieldIds(form, { dropdown_1: 'No' })].sort()).toEqual(['custom_3', 'dropdown_1'])
    expect([...shownFieldIds(form, { dropdown_1: 'Yes' })].sort()).toEqual(['custom_1', 'custom_3', 'dropdown_1', 'dropdown_2', 'photos_1'])
    expect(shownFieldIds(form, { dropdown_1: 'Yes', dropdown_2: 'Column' }).has('custom_2')).toBe(false)
    expect(shownFieldIds(form, { dropdown_1: 'Yes', dropdown_2: 'Organic arch' }).has('custom_2')).toBe(true)
  })

  it('a question behind a hidden dropdown stays hidden, whatever that dropdown still holds', () => {
    expect(shownFieldIds(form, { dropdown_1: 'No', dropdown_2: 'Organic arch' }).has('custom_2')).toBe(false)
  })

  it('a broken rule (missing field, loop) hides its question instead of hanging', () => {
    const loop: FormRuleSource = {
      customTextFields: [{ id: 'custom_9', header: 'Orphan', showWhen: { field: 'dropdown_404', values: ['x'] } }],
      customDropdownFields: [
        { id: 'dropdown_1', header: 'A', options: ['x'], showWhen: { field: 'dropdown_2', values: ['x'] } },
        { id: 'dropdown_2', header: 'B', options: ['x'], showWhen: { field: 'dropdown_1', values: ['x'] } },
      ],
    }
    expect([...shownFieldIds(loop, { dropdown_1: 'x', dropdown_2: 'x' })]).toEqual([])
  })
})

describe('the rule in words', () => {
  it('names the dropdown and the answers', () => {
    expect(describeShowWhen({ field: 'dropdown_1', values: ['Yes'] }, form)).toBe('Shown only when "Delivery" is "Yes"')
    expect(describeShowWhen({ field: 'dropdown_2', values: ['Organic arch', 'Classic arch', 'Column'] }, form)).toBe(
      'Shown only when "Style" is "Organic arch", "Classic arch" or "Column"',
    )
    expect(describeShowWhen({ field: 'dropdown_9', values: ['Yes'] }, form)).toBe(
      'Shown only when a question that no longer exists is "Yes"',
    )
  })
})

describe('rules the builder and the server refuse', () => {
  it('a valid set of rules has no problem', () => {
    expect(ruleProblems(form)).toEqual([])
  })

  it('a rule pointing at a deleted field', () => {
    const broken = { ...form, customDropdownFields: [style] }
    expect(ruleProblems(broken).map((p) => p.fieldId)).toEqual(['custom_1', 'dropdown_2', 'photos_1'])
    expect(firstRuleProblem(broken)).toBe(
      '"Venue address" depends on a question that no longer exists. Choose another dropdown or show it always.',
    )
  })

  it('a rule pointing at a text field, at itself, at an answer no longer offered, or with no answers', () => {
    const bad = (showWhen: { field: string; values: string[] }) =>
      firstRuleProblem({
        customTextFields: [{ id: 'custom_1', header: 'Q' }],
        customDropdownFields: [{ id: 'dropdown_1', header: 'D', options: ['Yes'], showWhen }],
      })
    expect(bad({ field: 'custom_1', values: ['a'] })).toMatch(/"D" depends on a question that is not a dropdown/)
    expect(bad({ field: 'dropdown_1', values: ['Yes'] })).toBe('"D" cannot depend on its own answer.')
    const offered = firstRuleProblem({
      customTextFields: [{ id: 'custom_1', header: 'Q', showWhen: { field: 'dropdown_1', values: ['Maybe'] } }],
      customDropdownFields: [{ id: 'dropdown_1', header: 'D', options: ['Yes'] }],
    })
    expect(offered).toBe('"Q" depends on "Maybe", which is no longer an option of "D".')
  })

  it('a loop of rules', () => {
    const loop: FormRuleSource = {
      customTextFields: [],
      customDropdownFields: [
        { id: 'dropdown_1', header: 'A', options: ['x'], showWhen: { field: 'dropdown_2', values: ['x'] } },
        { id: 'dropdown_2', header: 'B', options: ['x'], showWhen: { field: 'dropdown_1', values: ['x'] } },
      ],
    }
    expect(firstRuleProblem(loop)).toBe('"A" and "B" depend on each other in a loop: one of them must be shown always.')
  })

  it('the service schema refuses a broken rule in a file, naming the question', () => {
    const result = ServiceSchema.safeParse({
      id: 'x',
      title: 'X',
      description: 'X',
      customTextFields: [
        { id: 'custom_1', header: 'Venue address', instructions: 'Where?', showWhen: { field: 'dropdown_7', values: ['Yes'] } },
      ],
    })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0].message).toMatch(/^"Venue address" depends on a question that no longer exists/)
  })
})
