// The schedules' clock against a fixed real time (fake Date): moved, it reads the chosen instant and runs on from it;
// reset, it reads the real time again; the dashboard can tell which.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clockMoved, clockNow, moveClockTo, resetClock } from './clock'

const REAL = Date.parse('2026-11-25T16:00:00Z')
const PREVIEW = Date.parse('2026-12-01T17:00:00Z')

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(REAL)
})
afterEach(() => {
  resetClock()
  vi.useRealTimers()
})

describe('schedule clock', () => {
  it('reads the real time until moved; moved, it reads the instant and runs on; reset, the real time again', () => {
    expect(clockNow()).toBe(REAL)
    expect(clockMoved()).toBe(false)
    moveClockTo(PREVIEW)
    expect(clockNow()).toBe(PREVIEW)
    expect(clockMoved()).toBe(true)
    vi.setSystemTime(REAL + 90_000)
    expect(clockNow()).toBe(PREVIEW + 90_000)
    resetClock()
    expect(clockNow()).toBe(REAL + 90_000)
    expect(clockMoved()).toBe(false)
  })

  it('moved to the past as well', () => {
    moveClockTo(Date.parse('2026-01-01T08:00:00Z'))
    expect(clockNow()).toBe(Date.parse('2026-01-01T08:00:00Z'))
    expect(clockMoved()).toBe(true)
  })
})
