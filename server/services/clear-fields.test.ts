// Clearing a service's optional settings: null removes each from the file and from what the site shows; an empty text
// where a date belongs is refused, naming the field, not taken as a clear.
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../testing/test-app'

const ctx = useTestApp({ login: true })
const put = (json: unknown) => ctx.t.call('PUT', '/api/services/mosaics', { json, cookie: ctx.cookie })
const file = () => ctx.t.git('show', 'HEAD:content/services/mosaics.yaml')

describe('clearing a service setting', () => {
  it('a schedule cleared one side at a time', async () => {
    expect((await put({ showFrom: '2020-01-01T00:00:00Z', showUntil: '2099-01-01T00:00:00Z' })).status).toBe(200)
    expect(file()).toMatch(/showFrom:/)
    const res = await put({ showFrom: null })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).not.toHaveProperty('showFrom')
    expect(body).toHaveProperty('showUntil')
    expect(file()).not.toMatch(/showFrom/)
    expect(file()).toMatch(/showUntil:/)
    expect((await put({ showUntil: null })).status).toBe(200)
    expect(file()).not.toMatch(/showFrom|showUntil/)
  })

  it('an empty date is refused naming the field, and the schedule stays', async () => {
    expect((await put({ showUntil: '2099-01-01T00:00:00Z' })).status).toBe(200)
    const before = file()
    for (const [field, value] of [
      ['showUntil', ''],
      ['showFrom', ' '],
    ] as const) {
      const res = await put({ [field]: value })
      expect(res.status, field).toBe(400)
      expect((await res.json()).error, field).toMatch(field === 'showUntil' ? /^Show until/ : /^Show from/)
    }
    expect(file()).toBe(before)
  })

  it('the maximum number of balloon colors cleared with null', async () => {
    expect((await put({ maxBalloonColors: 3 })).status).toBe(200)
    expect(file()).toMatch(/maxBalloonColors: 3/)
    const res = await put({ maxBalloonColors: null })
    expect(res.status).toBe(200)
    expect((await res.json()).maxBalloonColors ?? null).toBeNull()
    expect(file()).not.toMatch(/maxBalloonColors: 3/)
  })
})
