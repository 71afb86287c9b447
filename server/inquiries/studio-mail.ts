// The inquiry mail queue built from the SMTP settings (studio e-mail, visitor confirmation): one per data directory, taken over by a newer app instance.
import type { ContentDeps } from '../lib/content-deps'
import { readSiteSettings } from '../site/site.store'
import { InquiryStore } from './inquiries.store'
import { MailOutbox, smtpSender } from './mail-outbox'

const running = new Map<string, MailOutbox>()

/** The address in SMTP_URL's user name, when it is one: many providers only relay mail from the account's address. */
function smtpUserAddress(smtpUrl: string): string | undefined {
  try {
    const user = decodeURIComponent(new URL(smtpUrl).username)
    return user.includes('@') ? user : undefined
  } catch {
    return undefined
  }
}

/** Builds and starts the queue; a queue already running on this data directory stops first (a restart in-process). */
export function startMailOutbox({ config, store }: Pick<ContentDeps, 'config' | 'store'>): MailOutbox {
  const outbox = new MailOutbox({
    store: InquiryStore.for(config.dataDir),
    sender: config.smtpUrl ? smtpSender(config.smtpUrl) : null,
    retryScheduleMs: config.mailRetryDelaysMs,
    confirmVisitor: config.mailConfirmVisitor,
    async addresses() {
      const site = await readSiteSettings(store).catch(() => null)
      const to = config.mailTo ?? site?.contact.email
      if (!to) throw new Error('No recipient: set MAIL_TO or the contact e-mail in content/site.yaml')
      const from = config.mailFrom ?? smtpUserAddress(config.smtpUrl ?? '') ?? to
      return { from, to, brand: site?.brand.name ?? 'Studio', contact: { email: site?.contact.email, phone: site?.contact.phone } }
    },
  })
  const previous = running.get(config.dataDir)
  running.set(config.dataDir, outbox)
  outbox.start(previous).catch((err) => console.error('The inquiry mail queue could not start:', err))
  return outbox
}
