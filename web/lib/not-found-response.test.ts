import { describe, expect, it } from 'vitest'
import { isNotFound, notFound } from './not-found-response'

describe("a loader's not-found", () => {
  it('throws an error the routes know as a 404, and no other error passes for one', () => {
    let thrown: unknown
    try {
      notFound()
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(Error)
    expect((thrown as Error).message).toBe('Not Found')
    expect(isNotFound(thrown)).toBe(true)
    expect(isNotFound(new Error('Not Found'))).toBe(false)
    expect(isNotFound({ message: 'Not Found' })).toBe(false)
    expect(isNotFound(null)).toBe(false)
    expect(isNotFound(undefined)).toBe(false)
  })
})
