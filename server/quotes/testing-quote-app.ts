// Test helper: a signed-in test app with a new lead to quote, fresh for each test (read inside a test: `app.t`,
// `app.cookie`, `app.inquiryId`).
import { beforeEach } from 'vitest'
import { sampleInquiry } from '../inquiries/testing-inquiry'
import { useTestApp, type TestApp } from '../testing/test-app'

export function useQuoteApp(): { readonly t: TestApp; readonly cookie: string; readonly inquiryId: string } {
  const ctx = useTestApp({ login: true })
  const app = {} as { t: TestApp; cookie: string; inquiryId: string }
  beforeEach(async () => {
    app.t = ctx.t
    app.cookie = ctx.cookie
    app.inquiryId = (await ctx.t.deps.inquiries.create(sampleInquiry() as never, { state: 'sent', attempts: 1 })).id
  })
  return app
}
