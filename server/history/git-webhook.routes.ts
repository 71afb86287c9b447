// POST /api/git/webhook: a push to the content remote (GitHub, Gitea, GitLab) asks the site to sync at once.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import type { AppEnv } from '../auth/auth.middleware'
import { httpError, notFound } from '../lib/errors'
import type { ContentHistory } from './content-history'

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * True when the request carries proof of the shared secret: GitHub's `X-Hub-Signature-256: sha256=<HMAC of the
 * body>`, Gitea's `X-Gitea-Signature: <HMAC>` (also sent by Forgejo) or GitLab's `X-Gitlab-Token: <secret>`.
 */
export function webhookVerified(secret: string, body: string, header: (name: string) => string | undefined): boolean {
  const hmac = createHmac('sha256', secret).update(body).digest('hex')
  const github = header('x-hub-signature-256')
  if (github !== undefined) return sameText(github.trim().toLowerCase(), `sha256=${hmac}`)
  const gitea = header('x-gitea-signature') ?? header('x-forgejo-signature')
  if (gitea !== undefined) return sameText(gitea.trim().toLowerCase(), hmac)
  const gitlab = header('x-gitlab-token')
  if (gitlab !== undefined) return sameText(gitlab, secret)
  return false
}

export function createGitWebhookRoutes({ history, secret }: { history: ContentHistory; secret: string | undefined }) {
  return new Hono<AppEnv>().post('/git/webhook', async (c) => {
    if (!secret || !history.sync.enabled) throw notFound('No content remote webhook is set up on this site')
    const body = await c.req.text()
    if (!webhookVerified(secret, body, (name) => c.req.header(name))) {
      throw httpError(401, 'The webhook signature or token does not match GIT_WEBHOOK_SECRET')
    }
    history.sync.notify()
    return c.json({ ok: true, sync: 'started' }, 202)
  })
}
