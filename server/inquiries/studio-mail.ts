// The inquiry mail queue built from the SMTP settings (studio e-mail, visitor confirmation): one per data directory,
// made and started in createAppDeps.
import type { ContentDeps } from '../lib/content-deps'
import { readSiteSettings } from '../site/site.store'
import type { InquiryStore } from './inquiries.store'
import { MailOutbox, smtpSender } from './mail-outbox'
import { formatStudioTime } from '../lib/studio-time'
import type { InquiryRecord } from './inquiry-record.schema'
import type { PhotoLinks } from './inquiry-mail'
import { PHOTO_LINK_TTL_MS, type PhotoLinkSigner } from './photo-links'

/** Signed links (PHOTO_LINK_TTL_MS from now) to each photo of the inquiry, labelled by question and number. */
export async function photoLinksFor(
  signer: PhotoLinkSigner,
  origin: string,
  record: InquiryRecord,
  now = Date.now(),
): Promise<PhotoLinks | undefined> {
  const groups = record.inquiry.photos ?? []
  if (!groups.some((g) => g.files.length)) return undefined
  const expires = Math.floor((now + PHOTO_LINK_TTL_MS) / 1000)
  const links = []
  for (const group of groups) {
    for (const [i, file] of group.files.entries()) {
      const label = `${group.header} ${i + 1} of ${group.files.length} (${file.name})`
      links.push({ label, url: `${origin}${await signer.signedPath(record.id, file.id, expires)}` })
    }
  }
  return { links, until: formatStudioTime(new Date(expires * 1000).toISOString()) }
}

/** The address in SMTP_URL's user name, when it is one: many providers only relay mail from the account's address. */
function smtpUserAddress(smtpUrl: string): string | undefined {
  try {
    const user = decodeURIComponent(new URL(smtpUrl).username)
    return user.includes('@') ? user : undefined
  } catch {
    return undefined
  }
}

interface MailOutboxDeps extends Pick<ContentDeps, 'config' | 'store'> {
  inquiries: InquiryStore
  photoLinks: PhotoLinkSigner
}

/** Builds and starts the queue on the app's inquiry store. */
export function startMailOutbox({ config, store, inquiries, photoLinks }: MailOutboxDeps): MailOutbox {
  const outbox = new MailOutbox({
    store: inquiries,
    sender: config.smtpUrl ? smtpSender(config.smtpUrl) : null,
    retryScheduleMs: config.mailRetryDelaysMs,
    confirmVisitor: config.mailConfirmVisitor,
    photoLinks: (record) => photoLinksFor(photoLinks, config.publicOrigin, record),
    async addresses() {
      const site = await readSiteSettings(store).catch(() => null)
      const to = config.mailTo ?? site?.contact.email
      if (!to) throw new Error('No recipient: set MAIL_TO or the contact e-mail in content/site.yaml')
      const from = config.mailFrom ?? smtpUserAddress(config.smtpUrl ?? '') ?? to
      return { from, to, brand: site?.brand.name ?? 'Studio', contact: { email: site?.contact.email, phone: site?.contact.phone } }
    },
  })
  outbox.start().catch((err) => console.error('The inquiry mail queue could not start:', err))
  return outbox
}
