import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isHttps, loadConfig, PROJECT_ROOT } from './config'

describe('configuration defaults', () => {
  it('serves this checkout: content from its root, the data directory and the built app beside it', () => {
    const config = loadConfig({})
    expect(existsSync(join(config.contentRoot, 'content/site.yaml'))).toBe(true)
    expect(existsSync(join(config.contentRoot, 'package.json'))).toBe(true)
    expect(config.dataDir).toBe(join(config.contentRoot, 'data'))
    expect(config.clientDir).toBe(join(config.contentRoot, 'dist/client'))
  })
})

describe('configuration from the environment', () => {
  it('the documented defaults, with only CONTENT_ROOT set', () => {
    expect(loadConfig({ CONTENT_ROOT: '/srv/site' })).toEqual({
      port: 3000,
      host: '0.0.0.0',
      contentRoot: '/srv/site',
      dataDir: '/srv/site/data',
      publicOrigin: 'http://localhost:3000',
      adminUsername: 'admin',
      adminPassword: undefined,
      adminPasswordHash: undefined,
      gitAuthor: { name: 'Studio Admin', email: 'admin@localhost' },
      gitRemote: undefined,
      gitBranch: undefined,
      gitSyncMs: 60_000,
      gitWebhookSecret: undefined,
      smtpUrl: undefined,
      mailTo: undefined,
      mailFrom: undefined,
      mailConfirmVisitor: true,
      flodeskApiKey: undefined,
      flodeskApiUrl: 'https://api.flodesk.com/v1',
      stripe: undefined,
      mailRetryDelaysMs: [5000, 30000, 120000, 600000, 1800000],
      bookingMailMinutes: 15,
      trustProxy: [],
      clientDir: join(PROJECT_ROOT, 'dist/client'),
      imageWarmUp: true,
      backupDir: '/srv/site/backups',
      backupKeep: 14,
      backupIntervalHours: 24,
      backupS3: undefined,
      publicCacheSeconds: undefined,
      shutdownTimeoutMs: 10000,
      isProduction: false,
      fakeNow: undefined,
    })
  })

  it('every setting read as the README describes it (blank values count as unset)', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      CONTENT_ROOT: ' /srv/site ',
      DATA_DIR: '/var/lib/site',
      PUBLIC_ORIGIN: 'https://balloons.example/some/path',
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: '   ',
      GIT_AUTHOR_NAME: 'Studio',
      GIT_REMOTE: 'origin',
      GIT_BRANCH: 'site/main',
      GIT_SYNC_SECONDS: '5',
      GIT_WEBHOOK_SECRET: 'a-long-shared-secret-123',
      MAIL_CONFIRM_VISITOR: 'OFF',
      FLODESK_API_URL: 'http://flodesk.test/v1',
      MAIL_RETRY_DELAYS: '1, 2.5,60',
      TRUST_PROXY: 'true',
      CLIENT_DIR: '/srv/client',
      IMAGE_WARMUP: 'No',
      BACKUP_DIR: '/srv/bk',
      BACKUP_KEEP: '3',
      BACKUP_INTERVAL_HOURS: 'off',
      PUBLIC_CACHE_SECONDS: '60',
      BACKUP_S3_BUCKET: 'studio-backups',
      BACKUP_ENCRYPTION_KEY: 'age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p',
      AWS_ENDPOINT_URL: 'http://s3.test',
      SHUTDOWN_TIMEOUT: '2.5',
      NODE_ENV: 'production',
    })
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      contentRoot: '/srv/site',
      dataDir: '/var/lib/site',
      publicOrigin: 'https://balloons.example',
      adminUsername: 'owner',
      adminPassword: undefined,
      gitAuthor: { name: 'Studio', email: 'admin@balloons.example' },
      gitRemote: 'origin',
      gitBranch: 'site/main',
      gitSyncMs: 5_000,
      gitWebhookSecret: 'a-long-shared-secret-123',
      mailConfirmVisitor: false,
      flodeskApiUrl: 'http://flodesk.test/v1',
      mailRetryDelaysMs: [1000, 2500, 60000],
      trustProxy: ['127.0.0.0/8', '::1'],
      clientDir: '/srv/client',
      imageWarmUp: false,
      backupDir: '/srv/bk',
      backupKeep: 3,
      backupIntervalHours: 0,
      publicCacheSeconds: 60,
      backupS3: {
        bucket: 'studio-backups',
        prefix: '',
        endpoint: 'http://s3.test',
        region: 'us-east-1',
        recipients: ['age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p'],
      },
      shutdownTimeoutMs: 2500,
      isProduction: true,
    })
    expect(isHttps(config)).toBe(true)
    expect(isHttps(loadConfig({ PUBLIC_ORIGIN: 'http://https.example' }))).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual(['127.0.0.0/8', '::1'])
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toEqual([])
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.2, 192.168.0.0/16 ,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.2',
      '192.168.0.0/16',
      'fd00::/8',
    ])
    for (const bad of ['10.0.0.300', '10.0.0.0/33', 'proxy.local', '10.0.0.1,', '::1/129']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(
        /TRUST_PROXY must be 1 \(a proxy on this machine\) or the proxies' addresses/,
      )
    }
    expect(loadConfig({ MAIL_CONFIRM_VISITOR: 'on' }).mailConfirmVisitor).toBe(true)
    expect(
      loadConfig({
        BACKUP_S3_BUCKET: 'b',
        BACKUP_S3_PREFIX: 'site/',
        BACKUP_S3_UNENCRYPTED: '1',
        AWS_ENDPOINT_URL_S3: 'http://s3a.test',
        AWS_ENDPOINT_URL: 'http://s3b.test',
        AWS_REGION: 'eu-west-1',
      }).backupS3,
    ).toEqual({
      bucket: 'b',
      prefix: 'site/',
      endpoint: 'http://s3a.test',
      region: 'eu-west-1',
      recipients: null,
    })
  })

  it('refuses a bucket without an encryption key unless BACKUP_S3_UNENCRYPTED=1, and refuses a secret key or a malformed one', () => {
    expect(() => loadConfig({ BACKUP_S3_BUCKET: 'b' })).toThrow(
      /BACKUP_S3_BUCKET copies customer data off the machine: set BACKUP_ENCRYPTION_KEY .* or BACKUP_S3_UNENCRYPTED=1/,
    )
    expect(() => loadConfig({ BACKUP_S3_BUCKET: 'b', BACKUP_S3_UNENCRYPTED: '0' })).toThrow(/BACKUP_ENCRYPTION_KEY/)
    const other = 'age1lggyhqrw2nlhcxprm67z43rta597azn8gknawjehu9d9dl0jq3yqqvfafg'
    expect(
      loadConfig({
        BACKUP_S3_BUCKET: 'b',
        BACKUP_ENCRYPTION_KEY: ` age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p, ${other} `,
      }).backupS3?.recipients,
    ).toEqual(['age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p', other])
    expect(() =>
      loadConfig({ BACKUP_ENCRYPTION_KEY: 'AGE-SECRET-KEY-1GFPYYSJZGFPYYSJZGFPYYSJZGFPYYSJZGFPYYSJZGFPYYSJZGFPQ4EGAEX' }),
    ).toThrow(/must be the public key .*belongs off the server/)
    expect(() => loadConfig({ BACKUP_ENCRYPTION_KEY: 'age1notakey' })).toThrow(/BACKUP_ENCRYPTION_KEY must be age public keys/)
    expect(() => loadConfig({ BACKUP_S3_UNENCRYPTED: 'maybe' })).toThrow(/BACKUP_S3_UNENCRYPTED must be 1/)
    expect(loadConfig({}).backupS3).toBeUndefined()
  })

  it.each([
    [{ PORT: '70000' }, 'PORT'],
    [{ PUBLIC_ORIGIN: 'ftp://x.example' }, 'PUBLIC_ORIGIN: PUBLIC_ORIGIN must be an http(s) URL'],
    [{ GIT_REMOTE: 'origin; rm -rf /' }, 'GIT_REMOTE: GIT_REMOTE must be a remote name such as origin'],
    [{ GIT_BRANCH: 'main branch' }, 'GIT_BRANCH: GIT_BRANCH must be a branch name'],
    [{ MAIL_CONFIRM_VISITOR: 'maybe' }, 'MAIL_CONFIRM_VISITOR: MAIL_CONFIRM_VISITOR must be on or off (1/0, true/false)'],
    [{ FLODESK_API_URL: 'file:///etc/passwd' }, 'FLODESK_API_URL: FLODESK_API_URL must be an http(s) URL'],
    [{ MAIL_RETRY_DELAYS: '5,,30' }, 'MAIL_RETRY_DELAYS: MAIL_RETRY_DELAYS must be seconds separated by commas, e.g. 5,30,120,600,1800'],
    [{ BACKUP_KEEP: '0' }, 'BACKUP_KEEP'],
    [{ BACKUP_KEEP: 'many' }, 'BACKUP_KEEP: BACKUP_KEEP must be a whole number of archives'],
    [{ BACKUP_INTERVAL_HOURS: 'daily' }, 'BACKUP_INTERVAL_HOURS: BACKUP_INTERVAL_HOURS must be hours (e.g. 24) or off'],
    [{ PUBLIC_CACHE_SECONDS: '1.5' }, 'PUBLIC_CACHE_SECONDS'],
    [{ AWS_ENDPOINT_URL_S3: 'nope' }, 'AWS_ENDPOINT_URL_S3: AWS_ENDPOINT_URL_S3 must be an http(s) URL'],
    [{ AWS_ENDPOINT_URL: 'nope' }, 'AWS_ENDPOINT_URL: AWS_ENDPOINT_URL must be an http(s) URL'],
    [{ SHUTDOWN_TIMEOUT: 'soon' }, 'SHUTDOWN_TIMEOUT: SHUTDOWN_TIMEOUT must be seconds'],
    [{ FAKE_NOW: 'tomorrow' }, 'FAKE_NOW: FAKE_NOW must be an ISO 8601 date and time, e.g. 2026-12-01T09:00:00-08:00'],
    [
      { FAKE_NOW: '2026-12-01T09:00:00-08:00', NODE_ENV: 'production' },
      'FAKE_NOW moves the clock for previews and tests; it is not allowed with NODE_ENV=production',
    ],
  ])('refuses to start with %o, naming the setting', (env, message) => {
    expect(() => loadConfig(env)).toThrow(`Invalid configuration: ${message}`)
  })
})

describe('configuration values, each spelling', () => {
  it('on/off settings accept each documented spelling', () => {
    const confirm = (v: string) => loadConfig({ MAIL_CONFIRM_VISITOR: v }).mailConfirmVisitor
    expect(['1', 'true', 'on', 'yes', 'YES'].map(confirm)).toEqual([true, true, true, true, true])
    expect(['0', 'false', 'off', 'no', 'False'].map(confirm)).toEqual([false, false, false, false, false])
    const warm = (v: string) => loadConfig({ IMAGE_WARMUP: v }).imageWarmUp
    expect(['0', 'false', 'off', 'no', 'OFF'].map(warm)).toEqual([false, false, false, false, false])
    expect(['1', 'on', 'yes'].map(warm)).toEqual([true, true, true])
    const hours = (v: string) => loadConfig({ BACKUP_INTERVAL_HOURS: v }).backupIntervalHours
    expect(['off', 'false', 'no', 'NO', '0'].map(hours)).toEqual([0, 0, 0, 0, 0])
    expect(hours('48')).toBe(48)
    expect(hours('8784')).toBe(8784)
    const sync = (v: string) => loadConfig({ GIT_SYNC_SECONDS: v }).gitSyncMs
    expect(['off', 'OFF', 'false', 'no', '0'].map(sync)).toEqual([null, null, null, null, null])
    expect([sync('1'), sync('5'), sync('86400')]).toEqual([1000, 5000, 86_400_000])
  })

  it('card payments need both Stripe settings, each refused by name when malformed', () => {
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' }).stripe).toBeUndefined()
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_def', STRIPE_API_URL: 'http://127.0.0.1:1234' }).stripe,
    ).toEqual({
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_def',
      apiUrl: 'http://127.0.0.1:1234',
    })
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(
      'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…)',
    )
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(
      'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)',
    )
  })

  it('a sync interval or webhook secret that cannot be used is refused naming the variable', () => {
    expect(() => loadConfig({ GIT_SYNC_SECONDS: 'soon' })).toThrow('GIT_SYNC_SECONDS must be seconds (e.g. 60) or off')
    expect(() => loadConfig({ GIT_SYNC_SECONDS: '1.5' })).toThrow('GIT_SYNC_SECONDS must be whole seconds')
    expect(() => loadConfig({ GIT_SYNC_SECONDS: '86401' })).toThrow('GIT_SYNC_SECONDS must be a day (86400) or less')
    expect(() => loadConfig({ GIT_WEBHOOK_SECRET: 'short' })).toThrow('GIT_WEBHOOK_SECRET must be at least 16 characters')
  })

  it('BOOKING_MAIL_MINUTES: minutes between booking e-mail runs, off or 0 for none, anything else refused by name', () => {
    expect(loadConfig({ BOOKING_MAIL_MINUTES: '5' }).bookingMailMinutes).toBe(5)
    expect(loadConfig({ BOOKING_MAIL_MINUTES: 'off' }).bookingMailMinutes).toBe(0)
    expect(() => loadConfig({ BOOKING_MAIL_MINUTES: 'often' })).toThrow('BOOKING_MAIL_MINUTES must be minutes (e.g. 15) or off')
  })

  it.each([
    '-f',
    '--force',
    'main/-f',
    '.main',
    'site/.main',
    'main..old',
    'main.',
    'main.lock',
    'site/main.lock/x',
    'main/',
    '/main',
    'site//main',
  ])('refuses the branch %s', (branch) => {
    expect(() => loadConfig({ GIT_BRANCH: branch })).toThrow('Invalid configuration: GIT_BRANCH: GIT_BRANCH must be a branch name')
  })

  it('takes the remote and branch names git takes, the near misses of the refused ones included', () => {
    for (const remote of ['origin', 'up-stream', 'backup.2', '_mirror', 'origin-']) {
      expect(loadConfig({ GIT_REMOTE: remote }).gitRemote).toBe(remote)
    }
    for (const branch of ['main', 'site/main', 'release-1.2', 'main-', 'a.b/c_d', 'x.locked', 'lock/main', '_draft']) {
      expect(loadConfig({ GIT_BRANCH: branch }).gitBranch).toBe(branch)
    }
  })

  it('numbers with several digits and fractions; FAKE_NOW outside production starts the clock there', () => {
    expect(loadConfig({ MAIL_RETRY_DELAYS: '10,20.25,300.5' }).mailRetryDelaysMs).toEqual([10_000, 20_250, 300_500])
    expect(loadConfig({ MAIL_RETRY_DELAYS: '1.25, 7' }).mailRetryDelaysMs).toEqual([1250, 7000])
    expect(loadConfig({ FAKE_NOW: '2026-12-01T09:00:00-08:00' }).fakeNow).toBe(Date.parse('2026-12-01T17:00:00Z'))
    expect(loadConfig({ FAKE_NOW: '2026-12-01T09:00', NODE_ENV: 'development' }).fakeNow).toBe(Date.parse('2026-12-01T17:00:00Z'))
  })

  it.each([
    [{ PUBLIC_ORIGIN: 'git+https://x.example' }, 'PUBLIC_ORIGIN: PUBLIC_ORIGIN must be an http(s) URL'],
    [{ PUBLIC_ORIGIN: 'https+x://x.example' }, 'PUBLIC_ORIGIN: PUBLIC_ORIGIN must be an http(s) URL'],
    [{ FLODESK_API_URL: 'git+https://x.example' }, 'FLODESK_API_URL: FLODESK_API_URL must be an http(s) URL'],
    [{ FLODESK_API_URL: 'https+x://x.example' }, 'FLODESK_API_URL: FLODESK_API_URL must be an http(s) URL'],
    [{ AWS_ENDPOINT_URL_S3: 'git+https://x.example' }, 'AWS_ENDPOINT_URL_S3: AWS_ENDPOINT_URL_S3 must be an http(s) URL'],
    [{ AWS_ENDPOINT_URL_S3: 'https+x://x.example' }, 'AWS_ENDPOINT_URL_S3: AWS_ENDPOINT_URL_S3 must be an http(s) URL'],
    [{ AWS_ENDPOINT_URL: 'git+https://x.example' }, 'AWS_ENDPOINT_URL: AWS_ENDPOINT_URL must be an http(s) URL'],
    [{ AWS_ENDPOINT_URL: 'https+x://x.example' }, 'AWS_ENDPOINT_URL: AWS_ENDPOINT_URL must be an http(s) URL'],
    [{ GIT_REMOTE: 'bad name;origin' }, 'GIT_REMOTE: GIT_REMOTE must be a remote name such as origin'],
    // Near misses: names git would read as an option, or that git refuses as a branch.
    [{ GIT_REMOTE: '-origin' }, 'GIT_REMOTE: GIT_REMOTE must be a remote name such as origin'],
    [{ GIT_REMOTE: '--mirror' }, 'GIT_REMOTE: GIT_REMOTE must be a remote name such as origin'],
    [{ GIT_REMOTE: '.origin' }, 'GIT_REMOTE: GIT_REMOTE must be a remote name such as origin'],
    [{ BACKUP_INTERVAL_HOURS: '-1' }, 'BACKUP_INTERVAL_HOURS'],
    [{ BACKUP_INTERVAL_HOURS: '8785' }, 'BACKUP_INTERVAL_HOURS'],
    [{ PUBLIC_CACHE_SECONDS: 'soon' }, 'PUBLIC_CACHE_SECONDS: PUBLIC_CACHE_SECONDS must be a whole number of seconds'],
    [{ MAIL_RETRY_DELAYS: '5.' }, 'MAIL_RETRY_DELAYS: MAIL_RETRY_DELAYS must be seconds separated by commas'],
    [{ MAIL_RETRY_DELAYS: '5,3.x' }, 'MAIL_RETRY_DELAYS: MAIL_RETRY_DELAYS must be seconds separated by commas'],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(`Invalid configuration: ${message}`)
  })
})
