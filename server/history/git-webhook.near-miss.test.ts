// The push webhook's proof, with the values that almost pass: the right signature under another header's format, a
// prefix of the secret, one hex digit off, the right HMAC of a body one byte longer.
import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { webhookVerified } from './git-webhook.routes'

const secret = 'webhook-secret-0123456789'
const body = '{"ref":"refs/heads/main"}'
const hmac = createHmac('sha256', secret).update(body).digest('hex')
const verified = (headers: Record<string, string>, text = body) => webhookVerified(secret, text, (name) => headers[name])
const lastDigitOff = (hex: string) => `${hex.slice(0, -1)}${hex.endsWith('0') ? '1' : '0'}`

describe('the webhook proof', () => {
  it("passes each forge's exact proof, GitHub's and Gitea's hex in capitals or with spaces around", () => {
    expect(verified({ 'x-hub-signature-256': `sha256=${hmac}` })).toBe(true)
    expect(verified({ 'x-hub-signature-256': ` sha256=${hmac.toUpperCase()} ` })).toBe(true)
    expect(verified({ 'x-gitea-signature': hmac })).toBe(true)
    expect(verified({ 'x-gitea-signature': ` ${hmac.toUpperCase()}\n` })).toBe(true)
    expect(verified({ 'x-forgejo-signature': hmac })).toBe(true)
    expect(verified({ 'x-gitlab-token': secret })).toBe(true)
  })

  it('refuses the near misses', () => {
    const attempts: Record<string, string>[] = [
      { 'x-hub-signature-256': hmac }, // GitHub's header without its sha256= prefix
      { 'x-hub-signature-256': `sha1=${hmac}` },
      { 'x-hub-signature-256': `sha256=${lastDigitOff(hmac)}` },
      { 'x-hub-signature-256': `sha256=${hmac.slice(0, -1)}` },
      { 'x-hub-signature-256': `sha256=${hmac}0` },
      { 'x-hub-signature-256': 'sha256=' },
      { 'x-gitea-signature': `sha256=${hmac}` }, // Gitea's header in GitHub's format
      { 'x-gitea-signature': lastDigitOff(hmac) },
      { 'x-forgejo-signature': hmac.slice(1) },
      { 'x-gitlab-token': secret.slice(0, -1) },
      { 'x-gitlab-token': ` ${secret}` }, // a token is compared as sent
      { 'x-gitlab-token': secret.toUpperCase() },
      { 'x-gitlab-token': '' },
      { 'x-gitlab-token': hmac }, // the signature where the token belongs
    ]
    for (const headers of attempts) expect(verified(headers), JSON.stringify(headers)).toBe(false)
  })

  it('signs the body as sent: the right proof of a body one byte longer, or shorter, is refused', () => {
    expect(verified({ 'x-hub-signature-256': `sha256=${hmac}` }, `${body} `)).toBe(false)
    expect(verified({ 'x-gitea-signature': hmac }, body.slice(0, -1))).toBe(false)
  })

  it('a wrong GitHub signature is not rescued by a right token in another header (the first header present decides)', () => {
    expect(verified({ 'x-hub-signature-256': `sha256=${lastDigitOff(hmac)}`, 'x-gitlab-token': secret })).toBe(false)
    expect(verified({ 'x-gitea-signature': lastDigitOff(hmac), 'x-gitlab-token': secret })).toBe(false)
    expect(verified({ 'x-gitea-signature': lastDigitOff(hmac), 'x-forgejo-signature': hmac })).toBe(false)
  })

  it('refuses a request with no proof at all, or one signed with a prefix of the secret', () => {
    expect(verified({})).toBe(false)
    const withPrefix = createHmac('sha256', secret.slice(0, -1)).update(body).digest('hex')
    expect(verified({ 'x-hub-signature-256': `sha256=${withPrefix}` })).toBe(false)
  })
})
