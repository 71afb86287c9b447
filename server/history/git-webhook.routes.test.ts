// POST /git/webhook as a forge calls it: 404 on a site with no content remote or no secret, 401 for a wrong proof,
// 202 and one sync for a right one.
import { createHmac } from 'node:crypto'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { onError } from '../lib/errors'
import type { ContentHistory } from './content-history'
import { createGitWebhookRoutes } from './git-webhook.routes'

const secret = 'webhook-secret-0123456789'
const body = '{"ref":"refs/heads/main"}'
const signature = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`

function site(secretSet: string | undefined, remote: boolean) {
  const syncs: number[] = []
  const history = { sync: { enabled: remote, notify: () => syncs.push(1) } } as unknown as ContentHistory
  const app = new Hono().onError(onError).route('/', createGitWebhookRoutes({ history, secret: secretSet }))
  const push = (headers: Record<string, string>) => app.request('/git/webhook', { method: 'POST', body, headers })
  return { push, syncs }
}

describe('the push webhook', () => {
  it('is not there without a secret or without a content remote, whatever the proof', async () => {
    for (const [secretSet, remote] of [
      [undefined, true],
      [secret, false],
      ['', true],
    ] as const) {
      const { push, syncs } = site(secretSet, remote)
      const res = await push({ 'x-hub-signature-256': signature })
      expect(res.status, `${secretSet} ${remote}`).toBe(404)
      expect(await res.json()).toEqual({ error: 'No content remote webhook is set up on this site' })
      expect(syncs).toEqual([])
    }
  })

  it('answers 401 to a wrong proof and syncs nothing; 202 with the sync started to a right one', async () => {
    const { push, syncs } = site(secret, true)
    const wrong = await push({ 'x-hub-signature-256': `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}` })
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toEqual({ error: 'The webhook signature or token does not match GIT_WEBHOOK_SECRET' })
    expect(syncs).toEqual([])
    const right = await push({ 'x-hub-signature-256': signature })
    expect(right.status).toBe(202)
    expect(await right.json()).toEqual({ ok: true, sync: 'started' })
    expect(syncs).toEqual([1])
  })
})
