// The composition root: every long-lived part of the app is made here and wired in the open, then handed to
// createApp (server/app.ts). index.ts and the tests build their apps the same way.
import { createAuth, type Auth } from './auth/auth'
import { BookingMailScheduler } from './booking-mail/booking-mail-scheduler'
import { ContentHistory } from './history/content-history'
import { createImageDerivatives, type ImageDerivatives } from './images/image-derivatives'
import { CalendarStore } from './calendar/calendar.store'
import { InquiryStore } from './inquiries/inquiries.store'
import { PhotoStore } from './inquiries/inquiry-photos.store'
import type { MailOutbox } from './inquiries/mail-outbox'
import { PhotoLinkSigner } from './inquiries/photo-links'
import { ReplyTemplateStore } from './inquiries/reply-templates.store'
import { startMailOutbox } from './inquiries/studio-mail'
import { SubscriberStore } from './mailing-list/subscribers.store'
import type { Config } from './lib/config'
import type { ContentDeps } from './lib/content-deps'
import { closeContentWatchers } from './cache/content-generation'
import { ContentStore } from './lib/content-store'
import { ContentRepo } from './lib/git'
import { excludeFromContent } from './lib/git-exclude'
import { readRepoState } from './lib/git-state'
import { InsightsCollector } from './insights/collector'
import { PublicReadCache } from './cache/read-cache'
import { clockNow, moveClockTo } from './lib/clock'
import { QuoteStore } from './quotes/quotes.store'
import { contentScheduleBoundaries } from './schedule/schedule'
import { BackupSchedule } from './ops/backup-schedule'
import { PendingUploads } from './uploads/pending-uploads'
import { QuoteMail } from './quotes/quote-mail-channel'
import { IMAGE_VERSIONS_READ } from './uploads/uploads.routes'
import { CONTENT_READS } from './kinds/content-kinds'

/**
 * The stores of the data directory (personal data, never in git): one of each per app, so each file's writes go
 * through one queue. Make one app per data directory in a process.
 */
export interface DataStores {
  /** DATA_DIR/inquiries: the quote form's records and the inbox's index of them. */
  inquiries: InquiryStore
  /** DATA_DIR/photo-holding and DATA_DIR/inquiry-photos: the quote form's photos. */
  inquiryPhotos: PhotoStore
  /** DATA_DIR/photo-link-key: signs the studio e-mail's photo links. */
  photoLinks: PhotoLinkSigner
  /** DATA_DIR/reply-templates.json: the inbox's reply templates. */
  replyTemplates: ReplyTemplateStore
  /** DATA_DIR/calendar: blocked dates and the feed secret. */
  calendar: CalendarStore
  /** DATA_DIR/subscribers: the mailing list kept locally. */
  subscribers: SubscriberStore
  /** DATA_DIR/quotes: the quotes, their signatures and payments. */
  quotes: QuoteStore
}

function createDataStores(dataDir: string): DataStores {
  return {
    inquiries: new InquiryStore(dataDir),
    inquiryPhotos: new PhotoStore(dataDir),
    photoLinks: new PhotoLinkSigner(dataDir),
    replyTemplates: new ReplyTemplateStore(dataDir),
    calendar: new CalendarStore(dataDir),
    subscribers: new SubscriberStore(dataDir),
    quotes: new QuoteStore(dataDir),
  }
}

export interface AppDeps extends ContentDeps, DataStores {
  auth: Auth
  /** Content history: restore, the uncommitted-edit guard, remote push. */
  history: ContentHistory
  /** Resized image copies, shared by the upload and image routes and the start-up warm-up. */
  images: ImageDerivatives
  /** Uploads not yet used by a save (DATA_DIR/pending-uploads): committed with the save that refers to them. */
  pendingUploads: PendingUploads
  /** The inquiry e-mail queue (studio copy and visitor confirmation), started with the app. */
  mailOutbox: MailOutbox
  /** The client's quote e-mails (link, signed copy, receipts), sent and retried through the mail outbox. */
  quoteMail: QuoteMail
  /** The booking e-mails (reminders, follow-ups, thank-yous): made here, started by index.ts, run by hand in tests. */
  bookingMail: BookingMailScheduler
  /** Cached public API reads; the server's Node-level shortcut shares it. */
  readCache: PublicReadCache
  /** Cookieless page-view and conversion counts, written to DATA_DIR/insights twice a second. */
  insights: InsightsCollector
  /** Backups of the data directory and the content repo: status for the dashboard and /healthz; index.ts starts the daily run. */
  backups: BackupSchedule
}

interface AppDepsOptions {
  /** Skip resolving the admin password from the environment (tests hash theirs once per file). */
  passwordHash?: string
  log?: (line: string) => void
}

export async function createAppDeps(config: Config, options: AppDepsOptions = {}): Promise<AppDeps> {
  const repo = new ContentRepo(config.contentRoot, config.gitAuthor)
  const store = new ContentStore(config.contentRoot)
  // Sessions, inquiries and backups may sit inside the content work tree (the defaults do): git is told to ignore them.
  await excludeFromContent(config.contentRoot, [config.dataDir, config.backupDir]).catch((err) =>
    console.error(`Could not keep the data folders out of the content repository: ${(err as Error).message}`),
  )
  // Saves belong on GIT_BRANCH, else on the branch checked out now: a later checkout elsewhere refuses them.
  const branch = config.gitBranch ?? (await readRepoState(config.contentRoot).catch(() => null))?.branch ?? null
  const history = new ContentHistory({
    root: config.contentRoot,
    repo,
    remote: config.gitRemote,
    branch,
    author: config.gitAuthor,
    syncIntervalMs: config.gitSyncMs,
    retry: { maxDelayMs: Math.min(60_000, config.gitSyncMs ?? 60_000) },
  })
  // Every content change is refused (409) mid-merge or off the branch, and over uncommitted hand edits of its files;
  // it is pushed after its commit.
  repo.beforeChange(() => history.guardState())
  repo.beforeChange((items) => history.guard(items))
  repo.onCommit(() => history.afterCommit())
  // An upload joins the commit of the first save that refers to it; its resized copies are made after that commit.
  const images = createImageDerivatives({ store, dataDir: config.dataDir })
  const pendingUploads = new PendingUploads(config.dataDir, config.contentRoot)
  repo.addCompanionFiles((paths) => pendingUploads.companionsOf(paths))
  repo.onCommit(({ items }) => {
    for (const item of items) if (item.startsWith('uploads/')) void images.afterUpload(item.slice('uploads/'.length))
    pendingUploads.settle(items).catch((err) => console.error('Could not settle pending uploads:', err))
  })
  if (config.fakeNow !== undefined) moveClockTo(config.fakeNow)
  // Kept public answers and pages turn over when a scheduled item appears or leaves, as when a file changes.
  const data = createDataStores(config.dataDir)
  const readCache = new PublicReadCache(config.contentRoot, { content: CONTENT_READS, uploads: [IMAGE_VERSIONS_READ] })
  readCache.followSchedule({ boundaries: () => contentScheduleBoundaries(store), cdnSeconds: config.publicCacheSeconds })
  const mailOutbox = startMailOutbox({ config, store, ...data })
  // Judged by the schedules' clock, so FAKE_NOW and PUT /api/admin/clock move it too.
  const bookingMail = new BookingMailScheduler({
    config,
    store,
    inquiries: data.inquiries,
    quotes: data.quotes,
    outbox: mailOutbox,
    now: () => new Date(clockNow()),
  })
  return {
    config,
    repo,
    store,
    ...data,
    auth: await createAuth(config, options),
    history,
    images,
    pendingUploads,
    mailOutbox,
    quoteMail: new QuoteMail({ dataDir: config.dataDir, publicOrigin: config.publicOrigin, outbox: mailOutbox, ...data }),
    bookingMail,
    readCache,
    insights: await InsightsCollector.start({ dataDir: config.dataDir }),
    backups: new BackupSchedule(config),
  }
}

/** Ends the background work: mail sends in progress are finished and marked, pushes and watchers stop. */
export async function stopAppDeps(deps: AppDeps): Promise<void> {
  deps.history.stop()
  await deps.auth.activity.flush()
  await deps.bookingMail.stop().catch((err) => console.error('Could not stop the booking e-mails:', err))
  await deps.mailOutbox.stop().catch((err) => console.error('Could not stop the mail outbox:', err))
  await deps.images.idle()
  deps.readCache.close()
  await deps.insights.stop().catch((err) => console.error('Could not write the last insights counts:', err))
  await deps.backups.stop()
  closeContentWatchers(deps.config.contentRoot)
}
