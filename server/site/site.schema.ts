// Site settings from content/site.yaml: brand, contact details, social links, hero text and feature flags.
import { z } from 'zod'

export const SiteSettingsSchema = z.object({
  brand: z.object({
    name: z.string().min(1),
    tagline: z.string().default(''),
  }),
  contact: z.object({
    email: z.email(),
    phone: z.string().min(1),
    area: z.string().default('Portland, Oregon'),
    hours: z.string().default(''),
  }),
  social: z.object({
    instagram: z.url(),
    facebook: z.url(),
  }),
  hero: z.object({
    title: z.string().min(1),
    subtitle: z.string().default(''),
    image: z.string().min(1),
    primaryLabel: z.string().default('Get a Quote'),
    primaryHref: z.string().default('/contact'),
    secondaryLabel: z.string().optional(),
    secondaryHref: z.string().default('/services'),
  }),
  features: z.object({
    servicesEnabled: z.boolean().default(true),
    aboutEnabled: z.boolean().default(false),
  }).default({ servicesEnabled: true, aboutEnabled: false }),
})
export type SiteSettings = z.output<typeof SiteSettingsSchema>
