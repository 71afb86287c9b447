// The About page exists only while ABOUT_ENABLED is on.
import { getSiteSettings } from '../../lib/public-api'
import { notFound } from '../../lib/not-found-response'

export async function aboutLoader({ request }: { request: Request }): Promise<null> {
  const settings = await getSiteSettings(request.signal).catch(() => null)
  if (!settings?.features.aboutEnabled) notFound()
  return null
}
