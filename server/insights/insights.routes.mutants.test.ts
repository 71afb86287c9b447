// The report's longest range at its edge: exactly 800 days (with the 800 before them) is read; 801 is refused,
// naming the limit.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app'
import { addDays } from './insights-report'

let t: TestApp
let admin: string
beforeEach(async () => {
  t = await createTestApp()
  admin = await t.login()
})
afterEach(() => t.cleanup())

describe('the range of a report', () => {
  it('reads a range of exactly 800 days and refuses 801', async () => {
    const from = '2024-01-01'
    const exact = await t.call('GET', `/api/admin/insights?from=${from}&to=${addDays(from, 799)}`, { cookie: admin })
    expect(exact.status).toBe(200)
    const r = await exact.json()
    expect([r.days.length, r.previous.days.length, r.to]).toEqual([800, 800, '2026-03-10'])
    const over = await t.call('GET', `/api/admin/insights?from=${from}&to=${addDays(from, 800)}`, { cookie: admin })
    expect([over.status, (await over.json()).error]).toEqual([400, 'The range may span at most 800 days'])
  })
})
