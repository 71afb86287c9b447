// "Show this question" as the owner sets it: the dropdowns offered, the answers to tick, a rule started on a dropdown
// with its first answer, answers kept in the dropdown's order, and the name of an untitled dropdown.
import { describe, expect, it } from 'vitest'
import type { FormRuleSource } from '../../../server/services/form-rules'
import { controllingDropdowns, dropdownName, ruleController, ruleOptions, startRule, toggleRuleValue } from './show-when-rules'

const form: FormRuleSource = {
  customTextFields: [{ id: 'custom_1', header: 'Venue notes' }],
  customDropdownFields: [
    { id: 'dropdown_2', header: 'Setting', options: [' Indoors ', '', 'Outdoors', '  '] },
    { id: 'dropdown_3', header: '  ', options: ['  ', ' Yes', 'No'] },
    { id: 'dropdown_4', header: 'Empty', options: ['', ' '] },
  ],
}

describe('the dropdowns and answers offered', () => {
  it('any dropdown of the form but the question itself', () => {
    expect(controllingDropdowns(form, 'custom_1').map((d) => d.id)).toEqual(['dropdown_2', 'dropdown_3', 'dropdown_4'])
    expect(controllingDropdowns(form, 'dropdown_3').map((d) => d.id)).toEqual(['dropdown_2', 'dropdown_4'])
  })

  it("the rule's dropdown while it is in the form; none for a deleted one or no rule", () => {
    expect(ruleController(form, { field: 'dropdown_3', values: [] })?.id).toBe('dropdown_3')
    expect(ruleController(form, { field: 'dropdown_9', values: ['Yes'] })).toBeUndefined()
    expect(ruleController(form, null)).toBeUndefined()
    expect(ruleController(form, undefined)).toBeUndefined()
  })

  it('the answers without spaces around them, blank ones left out', () => {
    expect(ruleOptions(form.customDropdownFields[0])).toEqual(['Indoors', 'Outdoors'])
    expect(ruleOptions(form.customDropdownFields[2])).toEqual([])
    expect(ruleOptions(undefined)).toEqual([])
  })

  it('names an untitled dropdown so', () => {
    expect(dropdownName({ header: ' Setting ' })).toBe('Setting')
    expect(dropdownName({ header: '  ' })).toBe('Untitled dropdown')
  })
})

describe('changing the rule', () => {
  it('"Always" removes the rule; a dropdown starts one with its first real answer ticked', () => {
    expect(startRule(form, '')).toBeNull()
    expect(startRule(form, 'dropdown_2')).toEqual({ field: 'dropdown_2', values: ['Indoors'] })
    expect(startRule(form, 'dropdown_3')).toEqual({ field: 'dropdown_3', values: ['Yes'] })
    expect(startRule(form, 'dropdown_4')).toEqual({ field: 'dropdown_4', values: [] })
    expect(startRule(form, 'dropdown_9')).toEqual({ field: 'dropdown_9', values: [] })
  })

  it("keeps ticked answers in the dropdown's order, then those no longer offered", () => {
    const options = ['Indoors', 'Outdoors', 'Tent']
    const rule = { field: 'dropdown_2', values: ['Tent', 'Gone'] }
    expect(toggleRuleValue(rule, options, 'Indoors', true)).toEqual({ field: 'dropdown_2', values: ['Indoors', 'Tent', 'Gone'] })
    expect(toggleRuleValue(rule, options, 'Tent', false)).toEqual({ field: 'dropdown_2', values: ['Gone'] })
    expect(toggleRuleValue(rule, options, 'Gone', false)).toEqual({ field: 'dropdown_2', values: ['Tent'] })
    expect(toggleRuleValue({ field: 'dropdown_2', values: [] }, options, 'Outdoors', true).values).toEqual(['Outdoors'])
    expect(rule.values).toEqual(['Tent', 'Gone'])
  })
})
