// The 8 MiB limit at its edge: a picture of exactly 8 MiB is not refused for its size (one byte more is: see
// uploads.routes.test.ts).
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../testing/test-app'
import { MAX_UPLOAD_BYTES } from './uploads.store'

const ctx = useTestApp({ login: true })

describe('the upload size limit', () => {
  it('a file of exactly 8 MiB passes the size check', async () => {
    const bytes = new Uint8Array(MAX_UPLOAD_BYTES)
    bytes.set([0xff, 0xd8, 0xff])
    const body = new FormData()
    body.append('image', new File([bytes], 'big.jpg', { type: 'image/jpeg' }))
    const res = await ctx.t.call('POST', '/api/upload', { body, cookie: ctx.cookie })
    const answer = (await res.json()) as { error?: string }
    expect(answer.error).not.toBe('Images can be at most 8 MiB')
    expect(res.status).not.toBe(413)
  })
})
