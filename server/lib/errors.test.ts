// What a visitor or the owner reads when a request fails, and what the operator's log keeps of it.
import { Hono } from 'hono'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z, ZodError } from 'zod'
import { conflict, firstZodMessage, forbidden, httpError, onError, tooManyRequests } from './errors'
import { logger } from './logger'

const app = new Hono()
app.get('/forbidden', () => {
  throw forbidden()
})
app.get('/busy', () => {
  throw tooManyRequests()
})
app.get('/taken', () => {
  throw conflict('That name is taken')
})
app.get('/invalid', (c) => c.json(z.object({ name: z.string({ error: 'Name is required' }) }).parse({})))
app.get('/refused', () => {
  throw httpError(422, 'Refused')
})
const cause = new Error('disk full')
app.get('/failed', () => {
  throw httpError(500, 'Could not save', cause)
})
app.get('/upstream', () => {
  throw httpError(502, 'The mail service did not answer')
})
app.onError(onError)

const answer = async (path: string) => {
  const res = await app.request(path)
  return { status: res.status, body: await res.json() }
}

afterEach(() => vi.restoreAllMocks())

describe('error answers', () => {
  it('say what went wrong in the words the helpers give, with their status', async () => {
    expect(await answer('/forbidden')).toEqual({ status: 403, body: { error: 'Forbidden' } })
    expect(await answer('/busy')).toEqual({ status: 429, body: { error: 'Too many attempts. Please try again later.' } })
    expect(await answer('/taken')).toEqual({ status: 409, body: { error: 'That name is taken' } })
    expect(await answer('/invalid')).toEqual({ status: 400, body: { error: 'Name is required' } })
    expect(firstZodMessage(new ZodError([]))).toBe('Invalid input')
  })

  it("log a server failure once, with its cause and the request's method and path, and never a refusal", async () => {
    const error = vi.spyOn(logger, 'error').mockImplementation(() => undefined)
    expect(await answer('/refused')).toEqual({ status: 422, body: { error: 'Refused' } })
    expect(error).not.toHaveBeenCalled()

    expect(await answer('/failed')).toEqual({ status: 500, body: { error: 'Could not save' } })
    expect(error).toHaveBeenCalledTimes(1)
    expect(error).toHaveBeenLastCalledWith({ err: cause }, 'GET /failed failed')

    expect(await answer('/upstream')).toEqual({ status: 502, body: { error: 'The mail service did not answer' } })
    expect(error).toHaveBeenCalledTimes(2)
    const [fields, message] = error.mock.calls[1] as unknown as [{ err: Error }, string]
    expect(fields.err.message).toBe('The mail service did not answer')
    expect(message).toBe('GET /upstream failed')
  })
})
