// Helpers for the public-site browser tests: admin API calls and site-settings edits on a test's own content root.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse, stringify } from 'yaml'
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './site'
import { colorsShownFor } from '../../../server/inquiries/balloon-colors'
import type { Service } from '../../../server/services/services.schema'

interface SiteRef {
  url: string
  root?: string
  git?: (...args: string[]) => string
}

/** Calls the API as the dashboard would (JSON, same Origin, session cookie when given); throws on a non-2xx answer. */
export async function api<T = unknown>(site: SiteRef, method: string, path: string, body?: unknown, cookie?: string): Promise<T> {
  const res = await fetch(`${site.url}${path}`, {
    method,
    headers: {
      Origin: site.url,
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`)
  return (text ? JSON.parse(text) : null) as T
}

/** Logs in with POST /api/login and returns the session cookie. */
export async function adminCookie(site: SiteRef): Promise<string> {
  const res = await fetch(`${site.url}/api/login`, {
    method: 'POST',
    headers: { Origin: site.url, 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
  })
  if (!res.ok) throw new Error(`login answered ${res.status}`)
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  if (!cookie) throw new Error('login set no cookie')
  return cookie
}

type ServiceInput = { id: string; title: string } & Partial<Omit<Service, 'id' | 'title'>>

/** Creates a service (or replaces its fields when it exists) through the admin API. */
export async function putService(site: SiteRef, cookie: string, input: ServiceInput): Promise<Service> {
  const { id, ...fields } = input
  const existing = await api<Service[]>(site, 'GET', '/api/services', undefined, cookie)
  if (!existing.some((s) => s.id === id)) {
    await api(
      site,
      'POST',
      '/api/services',
      {
        id,
        title: input.title,
        description: input.description ?? `${input.title} for every celebration.`,
        aboutText: input.aboutText ?? `All about ${input.title}.`,
        pricingInfo: input.pricingInfo ?? 'Starting at: $100',
      },
      cookie,
    )
  }
  return api<Service>(site, 'PUT', `/api/services/${id}`, fields, cookie)
}

/** Changes feature flags as a developer would: edit content/site.yaml and commit it with plain git. */
export function setFeatures(site: Required<SiteRef>, features: { servicesEnabled?: boolean; aboutEnabled?: boolean }): void {
  const file = join(site.root, 'content/site.yaml')
  const settings = parse(readFileSync(file, 'utf8'))
  settings.features = { ...settings.features, ...features }
  writeFileSync(file, stringify(settings))
  site.git('add', '--', 'content/site.yaml')
  site.git('commit', '-q', '-m', `Set features ${JSON.stringify(features)}`)
}

/** A valid POST /api/contact body for whatever the service asks (its colours, text and dropdown fields answered). */
export function inquiryFor(service: Service, extra: Record<string, string> = {}) {
  const answer = (f: { id: string; header: string }, value: string) => [f.id, { header: f.header, value }]
  return {
    firstName: 'Rosalind',
    lastName: 'Inboxtest',
    email: 'rosalind@example.com',
    phone: '503-555-0199',
    address: '12 SE Division St',
    city: 'Portland',
    zipcode: '97202',
    eventDate: '2031-03-15',
    eventDetails: 'Garden party for 30 guests',
    referralSource: 'internet search',
    serviceId: service.id,
    service: service.title,
    ...(service.showBalloonColorSelection ? { balloonColors: [colorsShownFor(service)[0].name] } : {}),
    customFields: Object.fromEntries(service.customTextFields.map((f) => answer(f, 'About ten feet'))),
    customDropdownFields: Object.fromEntries(service.customDropdownFields.map((f) => answer(f, f.options[0]))),
    ...extra,
  }
}

/** Sends a valid inquiry for the site's first service through the public form's API; its id and the service. */
export async function sendInquiry(site: SiteRef, extra: Record<string, string> = {}): Promise<{ id: string; service: Service }> {
  const [service] = await api<Service[]>(site, 'GET', '/api/services')
  const { id } = await api<{ id: string }>(site, 'POST', '/api/contact', inquiryFor(service, extra))
  return { id, service }
}
