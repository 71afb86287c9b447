// The owner, signed in: through the dashboard's login form, or as the dashboard calls the API.
import type { Page } from 'playwright-core'
import { gotoReady } from './browser'
import { adminCookie } from './public-fixtures'
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './site'

export type OwnerApi = (method: string, path: string, body?: unknown) => Promise<Response>

/** Logs in through the dashboard's form as a person would. */
export async function loginAsOwner(page: Page, siteUrl: string): Promise<void> {
  await gotoReady(page, `${siteUrl}/admin`)
  await page.getByLabel('Username').fill(ADMIN_USERNAME)
  await page.getByLabel('Password').fill(ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.getByRole('tab', { name: 'Service Management' }).waitFor()
}

/** Logs in and returns a caller of `/api<path>` with the owner's session, as the dashboard calls it. */
export async function ownerApi(site: { url: string }): Promise<OwnerApi> {
  const cookie = await adminCookie(site)
  return (method, path, body) =>
    fetch(`${site.url}/api${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', Origin: site.url, Cookie: cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
}
