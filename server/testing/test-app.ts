// Test app factory: the real createApp on a temporary content repo, with small fixture content and a login helper.
import { randomBytes, scryptSync } from 'node:crypto'
import { afterEach, beforeEach } from 'vitest'
import sharp from 'sharp'
import { createApp } from '../app'
import { createAppDeps, stopAppDeps, type AppDeps } from '../app-deps'
import { loadConfig, type Config } from '../lib/config'
import { makeTempContentRoot, type TempContentRoot } from './temp-content'

export const TEST_ADMIN = { username: 'owner', password: 'test-password-123' }
export const TEST_ORIGIN = 'http://site.test'

/** A real JPEG, small enough to keep fixtures fast. */
export async function makeJpeg(width = 8, height = 6): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: '#e4573d' } })
      .jpeg()
      .toBuffer(),
  )
}

const service = (id: string, title: string, extra = '') => `title: ${title}
description: ${title} for every occasion.
aboutText: All about ${title}.
pricingInfo: |
  Small: $50
  Large: $120
visible: true
${extra}`

/** Minimal content: three services (one hidden), an order, two testimonials, delivery page, site settings, segments. */
export function fixtureFiles(jpeg: Uint8Array): Record<string, string | Uint8Array> {
  return {
    'content/site.yaml': `brand:
  name: Test Balloon Studio
contact:
  email: hello@example.test
  phone: 503-555-0100
social:
  instagram: https://instagram.com/test
  facebook: https://facebook.com/test
hero:
  title: Balloons for every party
  image: /uploads/hero-image.jpg
`,
    'content/services/bouquets.yaml': service(
      'bouquets',
      'Bouquets',
      `images:
  - cropped: /uploads/bouquet-one.jpg
    original: /uploads/bouquet-one.jpg
  - cropped: /uploads/shared-image.jpg
    original: /uploads/shared-image.jpg
`,
    ),
    'content/services/mosaics.yaml': service(
      'mosaics',
      'Mosaics',
      `images:
  - cropped: /uploads/shared-image.jpg
    original: /uploads/shared-image.jpg
`,
    ),
    'content/services/secret.yaml': service('secret', 'Secret').replace('visible: true', 'visible: false'),
    'content/service-order.yaml': '- mosaics\n- gone\n- bouquets\n',
    'content/testimonials.yaml': `- id: jane-d
  quote: Wonderful!
  author: Jane D.
  position: Bride
  imageSrc: /uploads/testimonial-jane.jpg
- id: sam-k
  quote: The arch was perfect.
  author: Sam K.
`,
    'content/delivery-installation.md': '# Delivery\n\nWe deliver across Portland.\n',
    'content/mailing-list-segments.yaml': '- id: weddings\n  name: Weddings\n',
    'uploads/hero-image.jpg': jpeg,
    'uploads/bouquet-one.jpg': jpeg,
    'uploads/shared-image.jpg': jpeg,
    'uploads/testimonial-jane.jpg': jpeg,
  }
}

let hash: string | undefined
/**
 * The test admin's hash at a low scrypt cost (N=2^10): a hash carries its own cost, and at the product's full cost
 * (2^17, tested in auth.routes.test.ts) every test login spent a third of a second or more hashing.
 */
function testPasswordHash(): string {
  if (hash) return hash
  const salt = randomBytes(16)
  const key = scryptSync(TEST_ADMIN.password, salt, 32, { N: 1024, r: 8, p: 1 })
  return (hash = ['scrypt', 1024, 8, 1, salt.toString('base64'), key.toString('base64')].join('$'))
}

export interface TestApp extends TempContentRoot {
  app: ReturnType<typeof createApp>
  deps: AppDeps
  config: Config
  /**
   * Sends a request to the app; JSON bodies get the JSON content type and the site's Origin. It arrives from `peer`
   * (default 127.0.0.1, as from a proxy on the same machine), the socket address a real connection would have.
   */
  call: (
    method: string,
    path: string,
    options?: { json?: unknown; body?: BodyInit; cookie?: string; headers?: Record<string, string>; peer?: string },
  ) => Promise<Response>
  /** Logs in and returns the Cookie header value. */
  login: () => Promise<string>
  /** Commit subjects, newest first. */
  subjects: () => string[]
}

export async function createTestApp(
  options: {
    files?: Record<string, string | Uint8Array>
    seed?: boolean
    env?: Record<string, string> | ((root: string) => Record<string, string>)
  } = {},
): Promise<TestApp> {
  const files = options.files ?? fixtureFiles(await makeJpeg())
  const content = makeTempContentRoot({ seed: options.seed ?? false, files })
  const config = loadConfig({
    CONTENT_ROOT: content.root,
    DATA_DIR: content.dataDir,
    ADMIN_USERNAME: TEST_ADMIN.username,
    PUBLIC_ORIGIN: TEST_ORIGIN,
    CLIENT_DIR: `${content.root}/no-client-build`,
    ...(typeof options.env === 'function' ? options.env(content.root) : options.env),
  })
  const deps = await createAppDeps(config, { passwordHash: testPasswordHash() })
  const app = createApp(deps)
  const call: TestApp['call'] = async (method, path, { json, body, cookie, headers = {}, peer = '127.0.0.1' } = {}) =>
    app.request(
      `${TEST_ORIGIN}${path}`,
      {
        method,
        headers: {
          ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}),
          ...(method !== 'GET' && method !== 'HEAD' ? { Origin: TEST_ORIGIN } : {}),
          ...(cookie ? { Cookie: cookie } : {}),
          ...headers,
        },
        body: json !== undefined ? JSON.stringify(json) : body,
      },
      // The socket as @hono/node-server's getConnInfo reads it (under `server`, so nothing takes this for a real
      // connection's `incoming`).
      { server: { incoming: { socket: { remoteAddress: peer } } } },
    )
  const login = async () => {
    const res = await call('POST', '/api/login', { json: TEST_ADMIN })
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`)
    return (res.headers.get('set-cookie') ?? '').split(';')[0]
  }
  const subjects = () => content.git('log', '--format=%s').trim().split('\n')
  // Background work ends before the directories go: mail sends, image copies, remote-push retries, watchers.
  const cleanup = async () => {
    await stopAppDeps(deps)
    content.cleanup()
  }
  return { ...content, cleanup, app, deps, config, call, login, subjects }
}

/** Registers beforeEach/afterEach for a fresh test app per test; `ctx.cookie` is an admin session when login is set. */
export function useTestApp(options: { login?: boolean } = {}): { t: TestApp; cookie: string } {
  const ctx = {} as { t: TestApp; cookie: string }
  beforeEach(async () => {
    ctx.t = await createTestApp()
    ctx.cookie = options.login ? await ctx.t.login() : ''
  })
  afterEach(() => ctx.t.cleanup())
  return ctx
}
