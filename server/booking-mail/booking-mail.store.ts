// The booking e-mails' settings in content/booking-mail.yaml: read with the defaults when there is none yet; each save
// is one commit.
import type { ContentStore } from '../lib/content-store'
import type { ContentRepo } from '../lib/git'
import { assertBaseVersion } from '../lib/stale-edit'
import { DEFAULT_BOOKING_MAIL } from './booking-mail.defaults'
import { BOOKING_MAIL_KIND } from './booking-mail.kind'
import { BOOKING_MAILS, BookingMailSchema, type BookingMailSettings } from './booking-mail.schema'

export async function readBookingMail(store: ContentStore): Promise<BookingMailSettings> {
  return store.readYaml(BOOKING_MAIL_KIND.file, BookingMailSchema, { ifMissing: () => structuredClone(DEFAULT_BOOKING_MAIL) })
}

/** "Update booking e-mails: 4 of 5 on". */
function describe(s: BookingMailSettings): string {
  return `Update booking e-mails: ${BOOKING_MAILS.filter((k) => s[k].on).length} of ${BOOKING_MAILS.length} on`
}

/** One commit; with a baseVersion, refuses (409) when the settings changed since the editor loaded them. */
export async function saveBookingMail(
  repo: ContentRepo,
  store: ContentStore,
  settings: BookingMailSettings,
  baseVersion?: string,
): Promise<BookingMailSettings> {
  return repo.change({
    message: describe(settings),
    items: [BOOKING_MAIL_KIND.item],
    apply: async () => {
      assertBaseVersion(await readBookingMail(store), baseVersion)
      const path = await store.writeYaml(BOOKING_MAIL_KIND.file, BookingMailSchema, settings)
      return { paths: [path], result: await readBookingMail(store) }
    },
  })
}
