// The inbox's quote calls: an inquiry's quotes, and a new quote for it.
import { beforeEach, expect, it } from 'vitest'
import { calls, fakeApi, type FakeApi } from '../../lib/testing-api'
import { createQuote, listQuotes } from './quotes-api'

let server: FakeApi
beforeEach(() => {
  server = fakeApi({}, { answer: 1 })
})

it('lists and creates the quotes of the inquiry named', async () => {
  expect(await listQuotes('a b')).toEqual({ answer: 1 })
  expect(await createQuote('a b', { lines: [] } as never)).toEqual({ answer: 1 })
  expect(calls(server)).toEqual([
    { method: 'GET', url: '/api/admin/inquiries/a%20b/quotes', body: undefined },
    { method: 'POST', url: '/api/admin/inquiries/a%20b/quotes', body: { lines: [] } },
  ])
})
