// Starts the site: configuration, content repository housekeeping, the app's parts (app-deps.ts), then the HTTP server.
import './lib/env-file-startup'
import { mkdir } from 'node:fs/promises'
import { createServer, type RequestListener, type Server, type ServerOptions } from 'node:http'
import { serve } from '@hono/node-server'
import { createApp } from './app'
import { createAppDeps, stopAppDeps } from './app-deps'
import { checkBuild } from './lib/build-stamp'
import { requireContentRepository } from './lib/content-root'
import { describeFolders, loadSiteConfig } from './lib/site-folders'
import { ContentRepo } from './lib/git'
import { logger, logRequests, routeConsoleToLogger, type LoggedListener } from './lib/logger'
import { createBeaconIntake } from './insights/beacon-intake'
import { collectShortcut } from './insights/collect-shortcut'

/** A setting the site cannot start with: one clear line naming the variable, no stack trace. */
function refuse(err: unknown): never {
  process.stderr.write(`Not starting: ${(err as Error).message}\n`)
  process.exit(1)
}

const { config, envFile } = (() => {
  try {
    return loadSiteConfig()
  } catch (err) {
    refuse(err)
  }
})()
// In production every line is JSON (pino), scrubbed of e-mail addresses and secrets, whoever writes it.
if (config.isProduction) routeConsoleToLogger()
console.log(describeFolders(config, envFile))
await requireContentRepository(config.contentRoot).catch(refuse)
// The built web app is served as it is: a start never builds. A missing build stops a production start; a stale one is
// reported (the pages would not match the code).
// Run as the bundle (dist/app/index.mjs, what `npm run serve` and the service start), the server's own sources count too.
const bundled = !import.meta.url.endsWith('.ts')
const build = checkBuild(config.clientDir, undefined, bundled ? ['client', 'server', 'app'] : ['client', 'server'])
if (build.state !== 'ok') {
  if (build.state === 'missing' && config.isProduction) refuse(new Error(build.message))
  console.warn(build.message)
}
await mkdir(config.dataDir, { recursive: true, mode: 0o700 })
const housekeeping = new ContentRepo(config.contentRoot, config.gitAuthor)
await housekeeping.ensureRepository()
const recovered = await housekeeping.recover()
if (recovered.removedLock) console.log('Removed a stale .git/index.lock left by an earlier crash')
for (const file of recovered.removedTemp) console.log(`Removed leftover temp file ${file}`)
// The password generated on a very first start is for the owner's eyes, as plain lines: the logger would scrub it.
const deps = await createAppDeps(config, { log: (line) => process.stdout.write(`${line}\n`) })
// Uncommitted edits under content/ are reported and kept, never committed or discarded; unpushed commits are pushed.
await deps.history.startup()
const app = createApp(deps)
const { auth, readCache } = deps

// Cookie-less reads of cached public API answers are answered before Hono (same bytes, headers and freshness check),
// and so are cookie-less page-view beacons (server/insights/collect-shortcut.ts).
const beacons = createBeaconIntake(deps)
const listen = (listener: RequestListener) => logRequests(collectShortcut(readCache.listener(listener, auth.cookieName), beacons, config))
let logged: LoggedListener | undefined
const options = {
  fetch: readCache.recording(app.fetch, auth.cookieName),
  port: config.port,
  hostname: config.host,
  createServer: ((serverOptions: ServerOptions, listener: RequestListener) =>
    createServer(serverOptions, (logged = listen(listener)))) as typeof createServer,
}
const server = serve(options, (info) => {
  console.log(`Balloon studio site on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${info.port} (admin: /admin)`)
})

// SIGTERM: stop accepting connections, let requests in flight (saves, inquiries) finish within SHUTDOWN_TIMEOUT, then
// stop the background work (a mail send in progress is finished and marked, insights counts are written, a backup in
// progress completes), flush the log and exit 0. A second signal exits at once.
let stopping = false
async function shutdown(signal: string) {
  if (stopping) process.exit(1)
  stopping = true
  logger.info(`${signal}: finishing the requests in flight, then stopping`)
  const http = server as Server
  const forced = setTimeout(() => {
    logger.warn(`Requests still open after ${config.shutdownTimeoutMs / 1000} s are cut off`)
    http.closeAllConnections()
  }, config.shutdownTimeoutMs)
  // Keep-alive connections that finish their request in flight are closed as soon as they fall idle.
  const idle = setInterval(() => http.closeIdleConnections(), 100)
  await new Promise((resolve) => http.close(resolve))
  clearInterval(idle)
  clearTimeout(forced)
  await stopAppDeps(deps)
  logged?.flushReads()
  logger.info('Stopped')
  logger.flush(() => process.exit(0))
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))

// Backups: one now if the newest archive is older than BACKUP_INTERVAL_HOURS, then one every interval.
if (config.backupIntervalHours > 0) {
  void deps.backups.start()
  console.log(`Backups every ${config.backupIntervalHours} h into ${config.backupDir} (keeping ${config.backupKeep})`)
}

// Booking e-mails (balance reminders, quote follow-ups, event confirmations, thank-yous): a run now, then every interval.
if (config.bookingMailMinutes > 0) {
  deps.bookingMail.start()
  console.log(
    `Booking e-mails checked every ${config.bookingMailMinutes} min${deps.mailOutbox.configured ? '' : ' (e-mail is not set up: none are sent)'}`,
  )
}

// Resized copies of the page images that are missing (a new deployment, an emptied cache, files changed with git) are
// made in the background, one image at a time, so first visitors get them from the cache rather than waiting.
if (config.imageWarmUp) {
  deps.images.warmUp().then((s) => {
    if (s)
      console.log(
        `Image copies: ${s.made} made for ${s.images} page images in ${(s.ms / 1000).toFixed(1)} s${s.failed ? `, ${s.failed} failed` : ''}`,
      )
  })
}
