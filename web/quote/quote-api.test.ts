// The client's quote page calls: the quote by its link's token, accepting it, and paying.
import { beforeEach, expect, it } from 'vitest'
import { calls, fakeApi, type FakeApi } from '../lib/testing-api'
import { acceptQuote, getQuote, startCheckout } from './quote-api'

let server: FakeApi
beforeEach(() => {
  server = fakeApi({}, { answer: 1 })
})

it('reads, accepts and pays the quote of the token, escaped', async () => {
  expect(await getQuote('a/b')).toEqual({ answer: 1 })
  await acceptQuote('a/b', { name: 'Ana Li', agree: true, addOns: [1] })
  await startCheckout('a/b')
  expect(calls(server)).toEqual([
    { method: 'GET', url: '/api/quotes/a%2Fb', body: undefined },
    { method: 'POST', url: '/api/quotes/a%2Fb/accept', body: { name: 'Ana Li', agree: true, addOns: [1] } },
    { method: 'POST', url: '/api/quotes/a%2Fb/checkout', body: undefined },
  ])
})
