// The calls for content files that do not read: the list (unwrapped), the Pricing tab's calls, and putting one back.
import { beforeEach, expect, it } from 'vitest'
import { calls, fakeApi, type FakeApi } from '../lib/testing-api'
import { getContentProblems, putBackLastValid } from './content-problems-api'
import { getPricing, savePricing } from './pricing-api'

let server: FakeApi
beforeEach(() => {
  server = fakeApi({ 'GET /admin/content-problems': { problems: [{ file: 'content/faq.yaml' }] } }, { answer: 1 })
})

it('lists the problems and puts a file back', async () => {
  expect(await getContentProblems()).toEqual([{ file: 'content/faq.yaml' }])
  expect(await putBackLastValid('content/faq.yaml')).toEqual({ answer: 1 })
  expect(calls(server)).toEqual([
    { method: 'GET', url: '/api/admin/content-problems', body: undefined },
    { method: 'POST', url: '/api/admin/content-problems/restore', body: { file: 'content/faq.yaml' } },
  ])
})

it('reads the price list and saves it whole with the version read', async () => {
  await getPricing()
  await savePricing({ items: [] } as never, 'v3')
  expect(calls(server)).toEqual([
    { method: 'GET', url: '/api/pricing', body: undefined },
    { method: 'PUT', url: '/api/pricing', body: { items: [], baseVersion: 'v3' } },
  ])
})
