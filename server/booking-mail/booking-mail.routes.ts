// The booking e-mails under /api/admin (session on every call): their templates and settings (content, one commit
// per save), what is coming up for the inbox, a run now, and the switch that stops them for one lead.
import { Hono } from 'hono'
import { z } from 'zod'
import { requireAdmin, type AppEnv } from '../auth/auth.middleware'
import { InquiryStore } from '../inquiries/inquiries.store'
import type { MailOutbox } from '../inquiries/mail-outbox'
import type { ContentDeps } from '../lib/content-deps'
import { badRequest, notFound } from '../lib/errors'
import { jsonBody } from '../lib/http'
import { withVersion } from '../lib/stale-edit'
import type { BookingMailScheduler } from './booking-mail-scheduler'
import { BookingMailSaveSchema } from './booking-mail.schema'
import { readBookingMail, saveBookingMail } from './booking-mail.store'

const SwitchSchema = z.object({ off: z.boolean({ error: 'off must be true or false' }) }, { error: 'Send {off: true|false}' }).strict()

interface BookingMailDeps extends Pick<ContentDeps, 'repo' | 'store'> {
  bookingMail: BookingMailScheduler
  mailOutbox: Pick<MailOutbox, 'configured'>
  inquiries: InquiryStore
}

export function createBookingMailRoutes({ repo, store, bookingMail, mailOutbox, inquiries }: BookingMailDeps) {
  return new Hono<AppEnv>()
    .get('/admin/booking-mail', requireAdmin, async (c) => c.json(withVersion(await readBookingMail(store))))
    .put('/admin/booking-mail', requireAdmin, async (c) => {
      const parsed = BookingMailSaveSchema.safeParse(await jsonBody(c, z.unknown()))
      if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message)
      const { baseVersion, ...settings } = parsed.data
      return c.json(withVersion(await saveBookingMail(repo, store, settings, baseVersion)))
    })
    .get('/admin/booking-mail/upcoming', requireAdmin, async (c) =>
      c.json({ mailConfigured: mailOutbox.configured, items: await bookingMail.upcoming() }),
    )
    .post('/admin/booking-mail/run', requireAdmin, async (c) => c.json(await bookingMail.runOnce()))
    .put('/admin/inquiries/:id/booking-mail', requireAdmin, async (c) => {
      const { off } = await jsonBody(c, SwitchSchema)
      const id = c.req.param('id')
      const found = await inquiries.find(id).catch(() => null)
      if (!found) throw notFound('No such inquiry')
      const record = await inquiries.update(id, (r) => ({ ...r, bookingMail: { ...r.bookingMail, sent: r.bookingMail?.sent ?? [], off } }))
      return c.json({ off: record?.bookingMail?.off === true })
    })
}
