// Starts the site: configuration, content repository housekeeping, admin credentials, then the HTTP server.
import { mkdir } from 'node:fs/promises'
import { createServer, type RequestListener, type ServerOptions } from 'node:http'
import { serve } from '@hono/node-server'
import { createApp } from './app'
import { createAuth } from './auth/auth'
import { createContentHistory } from './history/history.routes'
import { loadConfig } from './config'
import { ContentStore } from './lib/content-store'
import { PublicReadCache } from './lib/read-cache'
import { ContentRepo } from './lib/git'
import { stopMailOutbox } from './inquiries/studio-mail'
import { imageDerivativesFor } from './images/image-derivatives'

const config = loadConfig()
await mkdir(config.dataDir, { recursive: true, mode: 0o700 })
const repo = new ContentRepo(config.contentRoot, config.gitAuthor)
await repo.ensureRepository()
const recovered = await repo.recover()
if (recovered.removedLock) console.log('Removed a stale .git/index.lock left by an earlier crash')
for (const file of recovered.removedTemp) console.log(`Removed leftover temp file ${file}`)
// Uncommitted edits under content/ are reported and kept, never committed or discarded; unpushed commits are pushed.
const history = createContentHistory({ repo, config })
await history.startup()
const auth = await createAuth(config)
const readCache = new PublicReadCache(config.contentRoot)
const app = createApp({ config, repo, store: new ContentStore(config.contentRoot), auth, history, readCache })

// Cookie-less reads of cached public API answers are answered before Hono (same bytes, headers and freshness check).
const options = {
  fetch: readCache.recording(app.fetch, auth.cookieName),
  port: config.port,
  hostname: config.host,
  createServer: ((serverOptions: ServerOptions, listener: RequestListener) =>
    createServer(serverOptions, readCache.listener(listener, auth.cookieName))) as typeof createServer,
}
const server = serve(options, (info) => {
  console.log(`Balloon studio site on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${info.port} (admin: /admin)`)
  console.log(`Content: ${config.contentRoot}  Data: ${config.dataDir}`)
})

// Stop the mail outbox first so a message SMTP already accepted is marked sent before exit (no double e-mail).
async function shutdown() {
  setTimeout(() => process.exit(0), 5000).unref()
  await stopMailOutbox(config.dataDir).catch((err) => console.error('Could not stop the mail outbox:', err))
  readCache.close()
  server.close(() => process.exit(0))
}
process.on('SIGTERM', shutdown)
process.on('SIGINT', shutdown)

// Resized copies of the page images that are missing (a new deployment, an emptied cache, files changed with git) are
// made in the background, one image at a time, so first visitors get them from the cache rather than waiting.
if (config.imageWarmUp) {
  imageDerivativesFor({ config, store: new ContentStore(config.contentRoot) })
    .warmUp()
    .then((s) => {
      if (s) console.log(`Image copies: ${s.made} made for ${s.images} page images in ${(s.ms / 1000).toFixed(1)} s${s.failed ? `, ${s.failed} failed` : ''}`)
    })
}
