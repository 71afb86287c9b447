// Hostile input answers 4xx, never 5xx, and changes nothing. Thousands of malformed paths and %-escapes, and bodies
// with invalid JSON, wrong types, huge strings, deep nesting, control and bidi characters, lone surrogates and
// prototype keys, go to every API call (docs/architecture.md), page and file route, with and without an admin
// session. Afterwards HEAD, `git status`, every content file and the data directory (but the sessions file) are as
// they were. Inputs come from a seeded PRNG: a failure names its seed and request, and FUZZ_SEED=<n> replays a run.
// A few checks go over a real socket to @hono/node-server, wired as server/index.ts wires it.
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer, type RequestListener, type Server, type ServerOptions } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverEntryPath } from './render/page-renderer'
import { REPO_ROOT } from './testing/temp-content'
import { createTestApp, TEST_ADMIN, TEST_ORIGIN, type TestApp } from './testing/test-app'

const SEED = Number(process.env.FUZZ_SEED ?? 20261123)
/** FUZZ_SCALE=10 sends ten times as many requests (a longer local hunt); the default keeps the suite fast. */
const SCALE = Number(process.env.FUZZ_SCALE ?? 1)
const runs = (n: number) => Math.max(1, Math.round(n * SCALE))

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
function prng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number) => Math.floor(next() * n)
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]
  const chance = (p: number) => next() < p
  return { next, int, pick, chance }
}
type Random = ReturnType<typeof prng>

// ---- hostile pieces ----------------------------------------------------------------------------------------------

/** Path segments: malformed and overlong escapes, encoded controls, bidi, traversal, prototype names, odd lengths. */
const BAD_SEGMENTS = [
  '%ZZ',
  '%',
  '%%',
  '%2',
  'a%',
  '%E0%A4%A',
  '%C0%AF',
  '%C0%AE%C0%AE',
  '%ED%A0%80',
  '%FF',
  '%FE%FF',
  '%F4%90%80%80',
  '%00',
  '%01',
  '%0A',
  '%0D%0A',
  '%1B',
  '%7F',
  '%C2%85',
  '%C2%9F',
  '%E2%80%AE',
  '%E2%81%A6',
  '%EF%BB%BF',
  '%2e%2e',
  '%2E',
  '%2F',
  '%2f%2f',
  '%5C',
  '%5c..',
  '..',
  '.',
  '%252e%252e',
  '%25ZZ',
  '%u0041',
  '%uD800',
  '%20',
  '+',
  ';',
  '%3B',
  '%3F',
  '%23',
  '%26',
  '*',
  '~',
  '$',
  "'",
  '(',
  ')',
  '!',
  '@',
  ',',
  '=',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
  'x'.repeat(300),
  'y'.repeat(5000),
  '%F0%9F%8E%88',
  'caf%C3%A9',
  'ä',
  '🎈',
  'נ',
  '\u202E',
  'index.html',
  'nope.yaml',
  'gone',
  'no-such-thing',
  'a.b.c',
  'hero-image.jpg%00.png',
  'x.jpg%2F..',
  'con',
  'nul',
  'aux',
]

/** Existing things a GET may name (reads only: never used with a method that changes anything). */
const REAL_SEGMENTS = ['bouquets', 'mosaics', 'secret', 'jane-d', 'sam-k', 'hero-image.jpg', '320', 'og', 'avif', 'webp']

const CONTROLS = ['\u0000', '\u0001', '\u0008', '\u000B', '\u000C', '\u001B', '\u001F', '\u007F', '\u0080', '\u0085', '\u009F']
const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069']
const LONE = ['\uD800', '\uDBFF', '\uDC00', '\uDFFF']
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', '__defineSetter__', 'toString', 'hasOwnProperty']

function segment(r: Random, reads: boolean): string {
  const base = reads && r.chance(0.3) ? r.pick(REAL_SEGMENTS) : r.pick(BAD_SEGMENTS)
  if (r.chance(0.3)) return base + r.pick(BAD_SEGMENTS.slice(0, 40))
  if (r.chance(0.1)) return r.pick(BAD_SEGMENTS.slice(0, 40)) + base
  return base
}

/** A string that some check must refuse in a one-line field (kinds chosen so every one-line field refuses all). */
function poisonLine(r: Random): unknown {
  switch (r.int(7)) {
    case 0:
      return `A${r.pick(CONTROLS)}B`
    case 1:
      return `${r.pick(['Bouquets', 'Jane', 'x'])}${r.pick(BIDI)}gpj.exe`
    case 2:
      return `ok${r.pick(LONE)}`
    case 3:
      return r.pick(['a\nb', 'a\r\nContent-Item: services/x', 'a\tb', 'a\u2028b'])
    case 4:
      return 'z'.repeat(r.pick([3000, 20_000, 200_000]))
    default:
      return wrongType(r)
  }
}

/** The same for a multi-line field, where tabs, line breaks and bidi controls are allowed. */
function poisonBlock(r: Random): unknown {
  switch (r.int(4)) {
    case 0:
      return `line one\n${r.pick(CONTROLS)} line two`
    case 1:
      return `ok${r.pick(LONE)}\nmore`
    case 2:
      return 'z'.repeat(r.pick([120_000, 300_000]))
    default:
      return wrongType(r)
  }
}

function wrongType(r: Random): unknown {
  return r.pick<unknown>([
    null,
    0,
    -1,
    1e308,
    true,
    false,
    [],
    ['a'],
    {},
    { toString: 'x' },
    JSON.parse('{"__proto__":{"a":1}}'),
    [[[]]],
    { length: 1, 0: 'a' },
  ])
}

function deep(depth: number, r: Random): unknown {
  let value: unknown = r.pick<unknown>(['x', 1, null])
  for (let i = 0; i < depth; i++) value = r.chance(0.5) ? [value] : { a: value }
  return value
}

/** Never a valid body for any route: not JSON, a bare value, unusable nesting, prototype keys alone. */
const JUNK_BODIES = [
  '',
  ' ',
  '{',
  '}',
  '{"a":',
  '{"title":"x",}',
  "{'title':'x'}",
  'nul',
  'undefined',
  'NaN',
  '{"a":NaN}',
  '\u0000',
  '\uFEFF{"title":"x"',
  '"string"',
  '123',
  '-0',
  '1e999',
  'null',
  'true',
  '[[[[[',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"__proto__":null}',
  `${'['.repeat(100_000)}`,
  `${'['.repeat(5000)}1${']'.repeat(5000)}`,
  `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
  '{"a":1,"a":{"b":2}}',
  '[{"__proto__":{"x":1}}]',
  '"\\ud800"',
  '"\\u0000"',
  '{"\\u0000":"x"}',
]

/** Sets a value at a path inside a copy of a JSON template. */
function withValue(template: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(template) as Record<string | number, unknown>
  let at = copy
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>
  const last = path.at(-1)!
  if (value === MISSING) delete at[last]
  else at[last] = value
  return copy
}
const MISSING = Symbol('missing')

// ---- the API calls with bodies (docs/architecture.md), each with the fields a poison may go into -------------------

interface BodyRoute {
  method: string
  path: (r: Random) => string
  template: unknown
  /** One-line text fields (control, line break, bidi, lone surrogate, length, type checked). */
  line?: (string | number)[][]
  /** Multi-line text fields (control, lone surrogate, length, type checked). */
  block?: (string | number)[][]
  /** Fields the call cannot do without (so leaving one out is refused too). */
  required?: (string | number)[][]
  /** Passwords: spaces and bidi characters allowed, controls and lone surrogates not. */
  secret?: (string | number)[][]
  /** Other places where a wrong value is refused (ids, enums, URLs). */
  strict?: (string | number)[][]
  /** Only without a session (logging out would end the session the other requests use). */
  anonymousOnly?: boolean
}

const futureDate = () => {
  const d = new Date(Date.now() + 40 * 86_400_000)
  return d.toISOString().slice(0, 10)
}

function bodyRoutes(head: string): BodyRoute[] {
  const fuzzId = (r: Random) => segment(r, false)
  const serviceTarget = (r: Random) => (r.chance(0.6) ? r.pick(['bouquets', 'mosaics', 'secret']) : fuzzId(r))
  const service = {
    title: 'T',
    description: 'D',
    aboutText: 'A',
    pricingInfo: 'P',
    visible: true,
    customTextFields: [{ id: 'custom_1', header: 'H', instructions: 'I' }],
    customDropdownFields: [{ id: 'dropdown_1', header: 'H', instructions: 'I', options: ['a'] }],
  }
  return [
    // The password is never wrong, only malformed: each wrong one costs a deliberately slow scrypt check.
    {
      method: 'POST',
      path: () => '/api/login',
      template: { ...TEST_ADMIN },
      line: [['username']],
      secret: [['password']],
      required: [['username'], ['password']],
    },
    { method: 'POST', path: () => '/api/logout', template: {}, anonymousOnly: true },
    {
      method: 'POST',
      path: () => '/api/services',
      template: { id: 'fuzzed', title: 'Fuzzed', description: 'D', aboutText: 'A', pricingInfo: 'P', inquiryFormTitle: 'Ask' },
      line: [['id'], ['title']],
      block: [['description'], ['aboutText'], ['pricingInfo']],
      required: [['id'], ['title'], ['description'], ['aboutText'], ['pricingInfo']],
    },
    {
      method: 'PUT',
      path: (r) => `/api/services/${serviceTarget(r)}`,
      template: service,
      line: [
        ['title'],
        ['inquiryFormTitle'],
        ['customTextFields', 0, 'header'],
        ['customTextFields', 0, 'instructions'],
        ['customDropdownFields', 0, 'options', 0],
      ],
      block: [['description'], ['aboutText'], ['pricingInfo']],
      strict: [['customTextFields', 0, 'id'], ['visible'], ['maxBalloonColors'], ['images'], ['fieldOrder']],
    },
    {
      method: 'PUT',
      path: (r) => `/api/services/${serviceTarget(r)}/images`,
      template: { images: [{ cropped: '/uploads/hero-image.jpg', original: '/uploads/hero-image.jpg' }] },
      strict: [['images'], ['images', 0, 'cropped'], ['images', 0, 'original']],
      required: [['images']],
    },
    { method: 'DELETE', path: (r) => `/api/services/${fuzzId(r)}`, template: {} },
    { method: 'PUT', path: () => '/api/service-order', template: ['mosaics', 'bouquets', 'secret'], strict: [[0], [1], [2]] },
    {
      method: 'PUT',
      path: (r) => `/api/service-content/${serviceTarget(r)}`,
      template: { aboutText: 'A', pricingInfo: 'P' },
      block: [['aboutText'], ['pricingInfo']],
      required: [['aboutText'], ['pricingInfo']],
    },
    {
      method: 'POST',
      path: () => '/api/testimonials',
      template: { quote: 'Q', author: 'A', position: 'P', imageSrc: '' },
      line: [['author'], ['position']],
      block: [['quote']],
      required: [['quote'], ['author']],
    },
    {
      method: 'PUT',
      path: (r) => `/api/testimonials/${r.chance(0.6) ? r.pick(['jane-d', 'sam-k']) : fuzzId(r)}`,
      template: { quote: 'Q', author: 'A', position: 'P' },
      line: [['author'], ['position']],
      block: [['quote']],
      required: [['quote'], ['author']],
    },
    { method: 'DELETE', path: (r) => `/api/testimonials/${fuzzId(r)}`, template: {} },
    {
      method: 'PUT',
      path: () => '/api/delivery-installation-content',
      template: { markdownContent: '# D' },
      block: [['markdownContent']],
      required: [['markdownContent']],
    },
    { method: 'DELETE', path: () => '/api/upload', template: { url: '/uploads/hero-image.jpg' }, line: [['url']], required: [['url']] },
    {
      method: 'POST',
      path: () => '/api/contact',
      template: {
        serviceId: 'bouquets',
        firstName: 'F',
        lastName: 'L',
        email: 'f@example.test',
        phone: '503-555-0100',
        address: '1 Main St',
        city: 'Portland',
        zipcode: '97201',
        eventDate: futureDate(),
        eventDetails: 'Party',
        referralSource: '',
        customFields: {},
        customDropdownFields: {},
      },
      line: [['firstName'], ['lastName'], ['email'], ['phone'], ['address'], ['city'], ['zipcode'], ['eventDate']],
      block: [['eventDetails']],
      required: [['firstName'], ['lastName'], ['email'], ['phone'], ['address'], ['city'], ['zipcode'], ['eventDate']],
    },
    {
      method: 'POST',
      path: () => '/api/subscribe',
      template: { email: 'f@example.test', firstName: 'F', lastName: 'L', segment_ids: ['weddings'] },
      line: [['email'], ['firstName'], ['lastName']],
      strict: [['segment_ids']],
      required: [['email'], ['firstName'], ['lastName'], ['segment_ids']],
    },
    {
      method: 'PATCH',
      path: (r) => `/api/admin/inquiries/${fuzzId(r)}`,
      template: { status: 'handled' },
      strict: [['status']],
      required: [['status']],
    },
    { method: 'POST', path: (r) => `/api/admin/inquiries/${fuzzId(r)}/retry-mail`, template: {} },
    {
      method: 'POST',
      path: () => '/api/admin/history/restore',
      template: { hash: head, item: 'all' },
      line: [['item']],
      strict: [['hash']],
      required: [['hash'], ['item']],
    },
    { method: 'POST', path: () => '/api/admin/history/sync', template: {} },
  ]
}

/** A body the route must refuse: the template with a poison in one of its checked fields, plus extra junk. */
function hostileJson(route: BodyRoute, r: Random): unknown | typeof NOT_POISONED {
  const targets: { path: (string | number)[]; kind: 'line' | 'block' | 'secret' | 'required' | 'strict' }[] = [
    ...(route.line ?? []).map((path) => ({ path, kind: 'line' as const })),
    ...(route.block ?? []).map((path) => ({ path, kind: 'block' as const })),
    ...(route.secret ?? []).map((path) => ({ path, kind: 'secret' as const })),
    ...(route.required ?? []).map((path) => ({ path, kind: 'required' as const })),
    ...(route.strict ?? []).map((path) => ({ path, kind: 'strict' as const })),
  ]
  if (targets.length === 0) return NOT_POISONED
  const target = r.pick(targets)
  const value =
    target.kind === 'line'
      ? poisonLine(r)
      : target.kind === 'block'
        ? poisonBlock(r)
        : target.kind === 'secret'
          ? r.pick<unknown>([
              `${TEST_ADMIN.password}${r.pick(CONTROLS)}`,
              `${TEST_ADMIN.password}${r.pick(LONE)}`,
              'p'.repeat(1001),
              wrongType(r),
            ])
          : target.kind === 'required'
            ? MISSING
            : r.pick<unknown>([
                `x${r.pick(CONTROLS)}`,
                'x'.repeat(5000),
                null,
                4.2,
                { a: 1 },
                [[1]],
                '../../etc/passwd',
                `bouquets${r.pick(LONE)}`,
                'NEW',
                ' ',
              ])
  let body = withValue(route.template, target.path, value)
  // Extra keys, prototype keys and deep nesting beside the poison.
  if (r.chance(0.3) && body && typeof body === 'object' && !Array.isArray(body)) {
    const extra = body as Record<string, unknown>
    Object.defineProperty(extra, r.pick(PROTO_KEYS), {
      value: r.chance(0.5) ? { polluted: true } : deep(r.int(200), r),
      enumerable: true,
      configurable: true,
      writable: true,
    })
  }
  if (r.chance(0.1) && body && typeof body === 'object' && !Array.isArray(body))
    (body as Record<string, unknown>).nested = deep(r.pick([10, 1000, 3000]), r)
  if (r.chance(0.05)) body = [body]
  return body
}
const NOT_POISONED = Symbol('not poisoned')

// ---- paths for reads, pages and files ------------------------------------------------------------------------------

type Seg = (r: Random) => string
/** Paths of every read, page and file route; `seg` makes the hostile parts. */
const PATH_TEMPLATES: ((r: Random, seg: Seg) => string)[] = [
  (r, seg) => `/api/services/${seg(r)}`,
  (r, seg) => `/api/service-content/${seg(r)}`,
  (r, seg) => `/api/${seg(r)}`,
  (r, seg) => `/api/admin/history/commits/${seg(r)}`,
  (r, seg) => `/api/admin/history/commits/${seg(r)}/file?path=${seg(r)}`,
  (r, seg) => `/api/admin/history/commits/${r.pick(['0123abc', 'HEAD', 'deadbeefdeadbeef'])}/file?path=uploads/${seg(r)}`,
  (r, seg) =>
    `/api/admin/history?item=${seg(r)}&limit=${r.pick(['0', '-1', '1e999', 'NaN', '%ZZ', '201', '1.5', 'x', '', '9'.repeat(400)])}&offset=${r.pick(['-1', '1e999', '0x10', '%00', '', 'Infinity'])}`,
  (r) => `/api/admin/history?item=${r.pick(['services/bouquets', 'all', 'testimonials', '%E2%80%AE', '%00', 'x'.repeat(500)])}`,
  (r, seg) => `/api/admin/inquiries?status=${seg(r)}`,
  (r, seg) =>
    `/api/admin/${r.pick(['inquiries.csv', 'subscribers.csv', 'history/items', 'history/status', 'history/sync', 'inquiries'])}${r.chance(0.5) ? `?${seg(r)}=${seg(r)}` : ''}`,
  (r, seg) => `/api/admin/inquiries/${seg(r)}`,
  (r, seg) =>
    `/api/${r.pick(['site-settings', 'service-order', 'services', 'testimonials', 'delivery-installation-content', 'flodesk-segments', 'image-versions', 'check-auth'])}?${seg(r)}=${seg(r)}`,
  (r, seg) => `/services/${seg(r)}`,
  (r, seg) => `/services/${seg(r)}/${seg(r)}`,
  (r, seg) => `/${seg(r)}`,
  (r, seg) => `/${r.pick(['about', 'contact', 'delivery-installation', 'thank-you', 'services', ''])}${seg(r)}`,
  (r, seg) => `/admin/${seg(r)}`,
  (r, seg) => `/uploads/${seg(r)}`,
  (r, seg) => `/uploads/${seg(r)}.${r.pick(['jpg', 'png', 'webp', 'gif', 'svg', 'yaml'])}`,
  (r, seg) => `/img/${seg(r)}/${seg(r)}`,
  (r, seg) => `/img/${r.pick(['320', '640', 'og', '0', '-1', '1e3', '%ZZ'])}/${seg(r)}.${r.pick(['avif', 'webp', 'jpg', '%ZZ'])}`,
  (r, seg) => `/img/${r.pick(['0123456789abcdef', '%ZZ', 'x'])}/${r.pick(['320', 'og'])}/${seg(r)}.avif`,
  (r, seg) => `/assets/${seg(r)}`,
  (r, seg) => `/${r.pick(['sitemap.xml', 'robots.txt', 'index.html', 'start-after-paint.js'])}${r.chance(0.5) ? seg(r) : ''}`,
]

// ---- the run --------------------------------------------------------------------------------------------------------

/** Every file under dir as path -> sha1 (skipping .git and, if given, names in skip). */
function fingerprint(dir: string, skip: Set<string> = new Set()): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (at: string) => {
    if (!existsSync(at)) return
    for (const name of readdirSync(at)) {
      const full = join(at, name)
      const rel = relative(dir, full)
      if (name === '.git' || skip.has(rel)) continue
      if (statSync(full).isDirectory()) walk(full)
      else out[rel] = createHash('sha1').update(readFileSync(full)).digest('hex')
    }
  }
  walk(dir)
  return out
}

interface Snapshot {
  head: string
  status: string
  refs: string
  content: Record<string, string>
  data: Record<string, string>
}

const snapshot = (t: TestApp): Snapshot => ({
  head: t.git('rev-parse', 'HEAD').trim(),
  status: t.git('status', '--porcelain', '--untracked-files=all'),
  refs: t.git('for-each-ref'),
  content: fingerprint(t.root),
  data: fingerprint(t.dataDir, new Set(['sessions.json'])),
})

/** The built web app when there is one (so page paths go through the server renderer), else a bare shell. */
function clientDir(): string {
  const built = join(REPO_ROOT, 'dist/client')
  if (existsSync(serverEntryPath(built))) return built
  stubDir = mkdtempSync(join(tmpdir(), 'fuzz-client-'))
  writeFileSync(
    join(stubDir, 'index.html'),
    '<!doctype html><html><head><meta name="viewport" content="width=device-width"></head><body><div id="root"></div></body></html>',
  )
  return stubDir
}
let stubDir: string | undefined

interface Attempt {
  method: string
  path: string
  headers: Record<string, string>
  body?: BodyInit
  note: string
  /** A poisoned body: it must be refused (4xx), not just survive. */
  refuse?: boolean
}

let t: TestApp
let cookie: string
let before: Snapshot

beforeAll(async () => {
  // TRUST_PROXY: each request names its own client address, so rate limits do not stop the bodies before validation.
  t = await createTestApp({ env: { CLIENT_DIR: clientDir(), TRUST_PROXY: '1' } })
  cookie = await t.login()
  before = snapshot(t)
})
afterAll(async () => {
  await t?.cleanup()
  if (stubDir) rmSync(stubDir, { recursive: true, force: true })
})

async function send(a: Attempt): Promise<Response> {
  return t.app.request(`${TEST_ORIGIN}${a.path}`, { method: a.method, headers: a.headers, body: a.body })
}

function sessionHeaders(r: Random, anonymousOnly = false): { headers: Record<string, string>; who: string } {
  const address = `10.${r.int(256)}.${r.int(256)}.${r.int(256)}`
  const roll = anonymousOnly ? 1 + r.int(2) : r.int(3)
  const headers: Record<string, string> = { 'X-Forwarded-For': address }
  if (roll === 0) headers.Cookie = cookie
  if (roll === 2)
    headers.Cookie = r.pick([
      `${cookie}x`,
      'sid=%ZZ',
      `${cookie.split('=')[0]}=${'a'.repeat(5000)}`,
      `${cookie.split('=')[0]}=__proto__`,
      'a=b; a=c',
      '=; ;=',
    ])
  return { headers, who: ['admin', 'anonymous', 'bogus cookie'][roll] }
}

/** What each request must answer: never 5xx; API errors as `{error}` JSON. */
async function check(a: Attempt, failures: string[]) {
  let res: Response
  try {
    res = await send(a)
  } catch (err) {
    failures.push(`threw ${String(err)}: ${described(a)}`)
    return
  }
  const text = await res.text()
  if (res.status >= 500) failures.push(`${res.status} ${text.slice(0, 200)}: ${described(a)}`)
  else if (a.refuse && res.status < 400) failures.push(`accepted with ${res.status}: ${described(a)}`)
  else if (a.path.startsWith('/api/') && res.status >= 400 && a.method !== 'HEAD') {
    let error: unknown
    try {
      error = (JSON.parse(text) as { error?: unknown }).error
    } catch {
      error = undefined
    }
    if (typeof error !== 'string' || !error) failures.push(`${res.status} without {error}: ${text.slice(0, 100)}: ${described(a)}`)
  }
}

const described = (a: Attempt) =>
  `seed ${SEED}: ${a.method} ${a.path.slice(0, 300)} (${a.note}) ${typeof a.body === 'string' ? JSON.stringify(a.body.slice(0, 200)) : a.body ? '[binary]' : ''}`

describe(`fuzzing every route (seed ${SEED})`, () => {
  it('malformed paths and query strings to every read, page and file route answer 4xx or a page, never 5xx', async () => {
    const r = prng(SEED)
    const failures: string[] = []
    for (let i = 0; i < runs(1000); i++) {
      const { headers, who } = sessionHeaders(r)
      const path = r.pick(PATH_TEMPLATES)(r, (r) => segment(r, true))
      await check({ method: r.pick(['GET', 'GET', 'GET', 'HEAD']), path, headers, note: who }, failures)
    }
    expect(failures.slice(0, 20)).toEqual([])
  }, 60_000)

  it('every method on every route with a malformed path answers 4xx, never 5xx', async () => {
    const r = prng(SEED + 1)
    const failures: string[] = []
    const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']
    for (let i = 0; i < runs(600); i++) {
      const { headers, who } = sessionHeaders(r)
      // Only made-up names: a DELETE must never meet a real service.
      const path = r.pick(PATH_TEMPLATES)(r, (r) => segment(r, false))
      const method = r.pick(methods)
      const body = method === 'GET' || method === 'OPTIONS' ? undefined : r.pick(JUNK_BODIES)
      await check(
        { method, path, headers: { ...headers, Origin: TEST_ORIGIN, 'Content-Type': 'application/json' }, body, note: who },
        failures,
      )
    }
    expect(failures.slice(0, 20)).toEqual([])
  }, 60_000)

  it('hostile JSON bodies to every API call answer 4xx, never 5xx, and the poisoned ones are all refused', async () => {
    const r = prng(SEED + 2)
    const routes = bodyRoutes(before.head)
    const failures: string[] = []
    for (let i = 0; i < runs(1500); i++) {
      const route = r.pick(routes)
      const { headers, who } = sessionHeaders(r, route.anonymousOnly)
      const poisoned = hostileJson(route, r)
      const junk = poisoned === NOT_POISONED || r.chance(0.15)
      let body: string
      try {
        body = junk ? r.pick(JUNK_BODIES) : JSON.stringify(poisoned)
      } catch {
        body = r.pick(JUNK_BODIES)
      }
      const type = r.chance(0.9)
        ? 'application/json'
        : r.pick([
            '',
            'text/plain',
            'application/json; charset=utf-16',
            'application/x-www-form-urlencoded',
            'multipart/form-data',
            'application/jsonx',
            'APPLICATION/JSON',
          ])
      const all = { ...headers, Origin: TEST_ORIGIN, ...(type ? { 'Content-Type': type } : {}) }
      const attempt = {
        method: route.method,
        path: route.path(r),
        headers: all,
        body,
        note: `${who}${junk ? ', junk body' : ''}`,
        refuse: !junk,
      }
      await check(attempt, failures)
    }
    expect(failures.slice(0, 20)).toEqual([])
  }, 60_000)

  it('multipart garbage to the upload answers 4xx and stores nothing', async () => {
    const r = prng(SEED + 3)
    const failures: string[] = []
    const garbage = (n: number) => Uint8Array.from({ length: n }, () => r.int(256))
    const signatures = [
      [],
      [0xff, 0xd8, 0xff],
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
      [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
    ]
    for (let i = 0; i < runs(120); i++) {
      const { headers, who } = sessionHeaders(r)
      let body: BodyInit
      const all: Record<string, string> = { ...headers, Origin: TEST_ORIGIN }
      if (r.chance(0.7)) {
        const form = new FormData()
        const bytes = new Uint8Array([...r.pick(signatures), ...garbage(r.pick([0, 1, 16, 4096]))])
        const name = r.pick([
          'x.jpg',
          '../../content/site.yaml',
          `a${r.pick(CONTROLS)}.jpg`,
          `${r.pick(BIDI)}gpj.exe`,
          `ok${r.pick(LONE)}.png`,
          'n'.repeat(5000),
          '',
          '__proto__',
        ])
        const field = r.pick(['image', 'image', 'file', '__proto__', 'image[]', ''])
        if (r.chance(0.8)) form.append(field, new File([bytes], name, { type: r.pick(['image/jpeg', 'text/html', '', 'image/svg+xml']) }))
        else form.append(field, r.pick(['text', '', 'x'.repeat(10_000)]))
        if (r.chance(0.2)) form.append('image', 'second')
        body = form
      } else {
        all['Content-Type'] = r.pick([
          'multipart/form-data',
          'multipart/form-data; boundary=',
          'multipart/form-data; boundary=xyz',
          'multipart/form-data; boundary="a"; boundary=b',
          'application/json',
        ])
        body = r.pick([
          '',
          '--xyz\r\n',
          '--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n\r\n\xff\xd8\xff\r\n',
          `--xyz\r\n${'Content-Disposition: form-data; name="image"\r\n'.repeat(1000)}`,
          '--xyz--',
          '{}',
        ])
      }
      await check({ method: 'POST', path: '/api/upload', headers: all, body, note: `${who}, multipart` }, failures)
    }
    expect(failures.slice(0, 20)).toEqual([])
  }, 60_000)

  it('left no trace: same HEAD, no uncommitted change, same content files and data (but sessions), no prototype pollution', () => {
    const after = snapshot(t)
    expect(after.head).toBe(before.head)
    expect(after.status).toBe(before.status)
    expect(after.refs).toBe(before.refs)
    expect(after.content).toEqual(before.content)
    expect(after.data).toEqual(before.data)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.keys(Object.prototype)).toEqual([])
  })
})

// ---- a real socket: what a browser or curl sees ---------------------------------------------------------------------

/** Writes raw bytes on one connection and collects what comes back until the server closes or `ms` pass. */
function rawExchange(port: number, data: string | Buffer, ms = 2000): Promise<{ text: string; closedByServer: boolean; error?: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let text = ''
    let error: string | undefined
    const timer = setTimeout(() => {
      socket.destroy()
      resolve({ text, closedByServer: false, error })
    }, ms)
    socket.on('data', (d) => (text += d.toString('latin1')))
    socket.on('error', (e) => (error = e.message))
    socket.on('close', () => {
      clearTimeout(timer)
      resolve({ text, closedByServer: true, error })
    })
    socket.write(data)
  })
}

const answers = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]))
const headerOf = (text: string, name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(text)?.[1]?.trim()

describe('over a real socket', () => {
  let server: Server
  let port: number

  beforeAll(async () => {
    const { readCache, auth } = t.deps
    // As server/index.ts: the read cache's Node-level shortcut in front of Hono.
    server = serve({
      fetch: readCache.recording(t.app.fetch, auth.cookieName),
      port: 0,
      hostname: '127.0.0.1',
      createServer: ((options: ServerOptions, listener: RequestListener) =>
        createServer(options, readCache.listener(listener, auth.cookieName))) as typeof createServer,
    }) as Server
    await new Promise((resolve) => (server.listening ? resolve(null) : server.once('listening', resolve)))
    port = (server.address() as AddressInfo).port
  })
  afterAll(() => new Promise((resolve) => server?.close(resolve)))

  const oversized = JSON.stringify({ quote: 'x'.repeat(600 * 1024), author: 'A' })
  const post = (length: number, body: string, extra = '') =>
    `POST /api/testimonials HTTP/1.1\r\nHost: site.test\r\nContent-Type: application/json\r\nCookie: ${cookie}\r\nContent-Length: ${length}\r\n${extra}\r\n${body}`

  it('a 413 says Connection: close and the server then closes the connection (the whole body sent)', async () => {
    const next = 'GET /api/testimonials HTTP/1.1\r\nHost: site.test\r\n\r\n'
    const { text, closedByServer } = await rawExchange(port, post(oversized.length, oversized) + next)
    expect(answers(text)).toEqual([413])
    expect(headerOf(text, 'connection')).toBe('close')
    expect(headerOf(text, 'keep-alive')).toBeUndefined()
    expect(text).toContain('{"error":"The request is too large"}')
    expect(closedByServer).toBe(true)
  })

  it('a 413 for a body still on its way, or a chunked one, says Connection: close too', async () => {
    const partial = await rawExchange(port, post(oversized.length, oversized.slice(0, 1000)))
    expect(answers(partial.text)).toEqual([413])
    expect(headerOf(partial.text, 'connection')).toBe('close')
    expect(partial.closedByServer).toBe(true)
    const size = 600 * 1024
    const chunked = await rawExchange(
      port,
      `POST /api/testimonials HTTP/1.1\r\nHost: site.test\r\nContent-Type: application/json\r\nCookie: ${cookie}\r\nTransfer-Encoding: chunked\r\n\r\n${size.toString(16)}\r\n${'x'.repeat(size)}\r\n0\r\n\r\n`,
    )
    expect(answers(chunked.text)).toEqual([413])
    expect(headerOf(chunked.text, 'connection')).toBe('close')
    expect(chunked.closedByServer).toBe(true)
  })

  it('a small 4xx keeps the connection usable for the next request', async () => {
    const body = '{"quote":"q","author":"a\\u0000b"}'
    const next = 'GET /api/service-order HTTP/1.1\r\nHost: site.test\r\nConnection: close\r\n\r\n'
    const { text } = await rawExchange(port, post(Buffer.byteLength(body), body, 'Origin: http://site.test\r\n') + next)
    expect(answers(text)).toEqual([400, 200])
    expect(text).toContain('Customer must not contain control characters')
  })

  it('malformed escapes in the raw request target: 400 {error} for the API and files, the not-found page for pages', async () => {
    for (const target of ['/api/services/%E0%A4%A', '/api/services/%ZZ', '/uploads/%ZZ', '/img/320/%ZZ.avif', '/api/testimonials/%C0%AF']) {
      const { text } = await rawExchange(port, `GET ${target} HTTP/1.1\r\nHost: site.test\r\nConnection: close\r\n\r\n`)
      expect(answers(text), target).toEqual([400])
      expect(headerOf(text, 'content-type'), target).toContain('application/json')
      expect(text, target).toContain('"error":')
    }
    for (const target of ['/services/%ZZ', '/services/%E0%A4%A', '/%ZZ', '/about%', '/services/%01']) {
      const { text } = await rawExchange(port, `GET ${target} HTTP/1.1\r\nHost: site.test\r\nConnection: close\r\n\r\n`)
      expect(answers(text), target).toEqual([404])
      expect(headerOf(text, 'content-type'), target).toContain('text/html')
    }
  })

  it('odd request lines are refused by Node or answered 4xx, and the cached-read shortcut passes them on safely', async () => {
    const targets = [
      '/api/services%ZZ',
      '/api/services/%',
      '/api/testimonials?%ZZ',
      '/api/service-content/%ED%A0%80',
      '*',
      'http://evil.test/api/services',
      '/api/services/\xff\xfe',
      '/api/%00',
      '/api/services//',
    ]
    for (const target of targets) {
      const { text } = await rawExchange(
        port,
        Buffer.from(`GET ${target} HTTP/1.1\r\nHost: site.test\r\nConnection: close\r\n\r\n`, 'latin1'),
      )
      const [status] = answers(text)
      expect(status, target).toBeGreaterThanOrEqual(200)
      expect(status, target).toBeLessThan(500)
    }
    // The shortcut still answers a plain cached read.
    await fetch(`http://127.0.0.1:${port}/api/service-order`)
    const { text } = await rawExchange(port, 'GET /api/service-order HTTP/1.1\r\nHost: site.test\r\nConnection: close\r\n\r\n')
    expect(answers(text)).toEqual([200])
  })
})
