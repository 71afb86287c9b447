// Site settings from content/site.yaml: brand, contact details, social links, hero, "Why Choose" items, the about
// page, search and link-preview text, and feature flags. `SiteSettingsSchema` reads the file (fields added later get
// their defaults, so an older file still reads); `SiteSettingsInputSchema` checks what the dashboard saves.
import { z } from 'zod'
import { isShownAt, refineWindowFor, scheduleShapeFor, withoutOpenSides } from '../lib/schedule'
import { textBlock, textLine } from '../lib/text'
import { UPLOAD_URL } from '../lib/upload-url'

/** The specification's three "Why Choose" features: the items a site starts with. */
export const DEFAULT_WHY_ITEMS = [
  {
    title: 'Premium Quality',
    text: 'Professional-grade balloons, double-stuffed colours and sturdy frames that look flawless from the first guest to the last.',
  },
  {
    title: 'Custom Designs',
    text: 'Every installation is designed around your palette, venue and story. No templates, just your vision brought to life.',
  },
  { title: 'Delivery & Setup', text: 'We deliver across the Portland area and handle installation, so you can focus on the celebration.' },
]

export const DEFAULT_ABOUT = {
  story:
    'We began at a kitchen table in Portland, Oregon, with a bag of balloons, a hand pump and a birthday that deserved more than a bunch of helium strings. Word travelled from friends to neighbours to event planners, and the studio grew into a team that builds statement installations, sculptures, costumes and mosaics for celebrations across the region.\n\nWe still approach every project the same way: listen closely, sketch freely, and build with care so the moment your guests walk in feels like magic.',
  values: [
    { title: 'Quality', text: 'Professional-grade balloons, careful sizing and builds made to last through the final toast.' },
    { title: 'Creativity', text: 'Every design starts from your story: colours, textures and shapes composed just for you.' },
    { title: 'Service', text: 'Clear quotes, on-time delivery and a calm, friendly crew from first message to teardown.' },
  ],
  artistTitle: 'Meet the Artist',
  artist:
    'Our founder is a trained designer who fell in love with balloons as a sculptural medium: light, playful and endlessly colourful. From organic garlands to towering custom pieces, she leads every design and still shows up to install the big ones herself.',
  photo: '',
  photoAlt: '',
}

/** The headings, short texts and button labels around the home page's sections and on the contact and about pages. */
export const PAGE_TEXT_FIELDS = {
  servicesEyebrow: { label: 'Services: small heading', default: 'What we create', max: 60 },
  servicesTitle: { label: 'Services: heading', default: 'Our Services', max: 80 },
  servicesLead: {
    label: 'Services: text',
    default: 'From a single bouquet to a full venue transformation, every piece is designed and built by hand.',
    max: 300,
  },
  whyEyebrow: { label: 'Why Choose: small heading', default: 'The difference', max: 60 },
  testimonialsEyebrow: { label: 'Testimonials: small heading', default: 'Kind words', max: 60 },
  testimonialsTitle: { label: 'Testimonials: heading', default: 'What Our Clients Say', max: 80 },
  ctaEyebrow: { label: 'Closing call: small heading', default: "Let's celebrate", max: 60 },
  ctaTitle: { label: 'Closing call: heading', default: 'Ready to make your event unforgettable?', max: 120 },
  ctaText: {
    label: 'Closing call: text',
    default: "Tell us about your date, venue and colours, and we'll send a tailored quote, usually within one business day.",
    max: 300,
  },
  ctaButton: { label: 'Closing call: button', default: 'Contact Us', max: 40 },
  contactEyebrow: { label: 'Contact page: small heading', default: 'Say hello', max: 60 },
  contactTitle: { label: 'Contact page: heading', default: 'Contact Us', max: 80 },
  contactLead: {
    label: 'Contact page: text',
    default: 'Planning a celebration? Reach out and we will help you shape the idea, the palette and the budget.',
    max: 300,
  },
  contactReachTitle: { label: 'Contact page: heading of the e-mail and call buttons', default: 'Get in touch', max: 80 },
  contactSocialTitle: { label: 'Contact page: social links heading', default: 'Follow along', max: 80 },
  contactQuoteTitle: { label: 'Contact page: services heading', default: 'Request a quote', max: 80 },
  contactQuoteText: { label: 'Contact page: services text', default: 'Choose a service to open its inquiry form.', max: 200 },
  aboutEyebrow: { label: 'About page: small heading', default: 'About us', max: 60 },
  aboutStoryTitle: { label: 'About page: story heading', default: 'Our Story', max: 80 },
  aboutValuesTitle: { label: 'About page: values heading', default: 'Our Values', max: 80 },
  aboutButton: { label: 'About page: button', default: 'Work with us', max: 40 },
} as const
type PageTextKey = keyof typeof PAGE_TEXT_FIELDS
const pageTextEntries = Object.entries(PAGE_TEXT_FIELDS) as [PageTextKey, (typeof PAGE_TEXT_FIELDS)[PageTextKey]][]

const TitledText = z.object({ title: z.string(), text: z.string() })

/** Characters no link may hold: spaces, backslashes, control characters. */
const NOT_IN_LINK = String.raw`\s\\\u0000-\u001F\u007F-\u009F`
/**
 * A page of this site (`/contact`, `/#services`) or a full http(s) address, mailto: or tel:. No backslash anywhere:
 * browsers read `/\evil.example` (and `/\/`, `\\`) as `//evil.example`, a link to another site that looks like a page
 * of this one; no `//` start (scheme-relative), no spaces or control characters; a tel: number's spaces are plain
 * spaces, never a line break or a tab.
 */
const LINK = new RegExp(
  String.raw`^(\/(?![/\\])[^${NOT_IN_LINK}]*|https?:\/\/[^${NOT_IN_LINK}/?#]+[^${NOT_IN_LINK}]*|mailto:[^${NOT_IN_LINK}]+|tel:[+\d][\d ().-]*)$`,
)

/** True for a button link the site may render (the same rule as the dashboard's check). */
export const isSafeLink = (href: string): boolean => LINK.test(href)

export const SiteSettingsSchema = z.object({
  brand: z.object({
    name: z.string().min(1),
    tagline: z.string().default(''),
    /** The owner's first name, signing her reply e-mails ({ownerName}); empty: they are signed with the brand. */
    ownerName: z.string().optional(),
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
    tiktok: z.url().optional(),
    pinterest: z.url().optional(),
  }),
  hero: z.object({
    title: z.string().min(1),
    subtitle: z.string().default(''),
    image: z.string().min(1),
    /** What the hero picture shows, for screen readers; empty means decorative. */
    imageAlt: z.string().default(''),
    primaryLabel: z.string().default('Get a Quote'),
    // A hand-edited file gets the same rule as the dashboard: an unsafe link is read as the default page.
    primaryHref: z
      .string()
      .default('/contact')
      .transform((v) => (isSafeLink(v) ? v : '/contact')),
    secondaryLabel: z.string().optional(),
    secondaryHref: z
      .string()
      .default('/services')
      .transform((v) => (isSafeLink(v) ? v : '/services')),
    /**
     * A seasonal hero: its title, subtitle and picture take the standing hero's place while its window is open
     * (`showFrom`/`showUntil`, ISO 8601; absent: no limit). Outside it, the public site shows the standing hero.
     */
    seasonal: z
      .object({
        title: z.string().min(1),
        subtitle: z.string().default(''),
        image: z.string().min(1),
        imageAlt: z.string().default(''),
        ...scheduleShapeFor('Seasonal hero: '),
      })
      .superRefine(refineWindowFor('Seasonal hero: '))
      .transform(withoutOpenSides)
      .optional(),
  }),
  why: z.array(TitledText).default(DEFAULT_WHY_ITEMS),
  about: z
    .object({
      story: z.string().default(DEFAULT_ABOUT.story),
      values: z.array(TitledText).default(DEFAULT_ABOUT.values),
      artistTitle: z.string().default(DEFAULT_ABOUT.artistTitle),
      artist: z.string().default(DEFAULT_ABOUT.artist),
      photo: z.string().default(''),
      photoAlt: z.string().default(''),
    })
    .prefault({}),
  pages: z
    .object(
      Object.fromEntries(pageTextEntries.map(([key, f]) => [key, z.string().default(f.default)])) as Record<
        PageTextKey,
        z.ZodDefault<z.ZodString>
      >,
    )
    .prefault({}),
  seo: z
    .object({
      /** The home page's search and link-preview description; empty: one made from the brand and area. */
      description: z.string().default(''),
      /** The link-preview picture of pages without one of their own; empty: the built-in one. */
      shareImage: z.string().default(''),
      shareImageAlt: z.string().default(''),
    })
    .prefault({}),
  features: z
    .object({
      servicesEnabled: z.boolean().default(true),
      aboutEnabled: z.boolean().default(false),
    })
    .default({ servicesEnabled: true, aboutEnabled: false }),
})
export type SiteSettings = z.output<typeof SiteSettingsSchema>
export type SeasonalHero = NonNullable<SiteSettings['hero']['seasonal']>

/** The settings as the public site sees them at `now` (ms): the seasonal hero in the hero's place inside its window. */
export function publicSiteSettings(settings: SiteSettings, now: number): SiteSettings {
  const { seasonal, ...hero } = settings.hero
  // The owner's own name only signs her e-mails; the public site speaks as the brand.
  const { ownerName: _private, ...brand } = settings.brand
  if (!seasonal || !isShownAt(seasonal, now)) return { ...settings, brand, hero }
  const { title, subtitle, image, imageAlt } = seasonal
  return { ...settings, brand, hero: { ...hero, title, subtitle, image, imageAlt } }
}

// What the dashboard saves: every text held to its kind and length, links and pictures to their forms, each message
// naming the field as the editor labels it.

const line = (label: string, max: number) => textLine(label).max(max, `${label} is too long (${max} characters at most)`)
const required = (label: string, max: number) => line(label, max).min(1, `${label} is required`)
const block = (label: string, max: number) => textBlock(label).max(max, `${label} is too long (${max} characters at most)`)
const picture = (label: string) => line(label, 300).regex(UPLOAD_URL, `${label} must be an uploaded picture (/uploads/...)`)
const optionalPicture = (label: string) =>
  line(label, 300).refine((v) => v === '' || UPLOAD_URL.test(v), `${label} must be an uploaded picture (/uploads/...)`)
const link = (label: string) =>
  required(label, 500).regex(LINK, `${label} must be a page of this site (/contact) or a full address (https://...)`)
const profile = (label: string) =>
  line(label, 500).refine((v) => /^https:\/\/[^\s/]+\.[^\s/]+(\/\S*)?$/.test(v), `${label} must be a full address starting with https://`)
const optionalProfile = (label: string) =>
  line(label, 500)
    .refine(
      (v) => v === '' || /^https:\/\/[^\s/]+\.[^\s/]+(\/\S*)?$/.test(v),
      `${label} must be a full address starting with https://, or empty`,
    )
    .transform((v) => v || undefined)
/** Digits, spaces, `+ ( ) . -`, each `(` closed by a later `)` and none inside another: never `(503` or `503) 555`. */
const isPhone = (phone: string) => /^[+()\d][\d\s().+-]*\d[\d\s().-]*$/.test(phone) && /^[^()]*(\([^()]*\)[^()]*)*$/.test(phone)
const titledItems = (what: string, max: number) =>
  z
    .array(z.object({ title: required(`${what} title`, 80), text: block(`${what} text`, 600) }), { error: `${what}s must be a list` })
    .max(max, `At most ${max} ${what.toLowerCase()}s`)

export const SiteSettingsInputSchema = z.object({
  brand: z.object(
    {
      name: required('Brand name', 120),
      tagline: line('Tagline', 200),
      ownerName: line('Your name', 80)
        .transform((v) => v || undefined)
        .optional(),
    },
    { error: 'Brand is required' },
  ),
  contact: z.object(
    {
      email: line('Contact e-mail', 200).pipe(z.email({ error: 'Contact e-mail must be an e-mail address like name@example.com' })),
      phone: required('Phone', 40).refine(isPhone, 'Phone must be a phone number like (503) 555-0142'),
      area: required('Service area', 200),
      hours: line('Hours', 200),
    },
    { error: 'Contact details are required' },
  ),
  social: z.object(
    {
      instagram: profile('Instagram link'),
      facebook: profile('Facebook link'),
      tiktok: optionalProfile('TikTok link').optional(),
      pinterest: optionalProfile('Pinterest link').optional(),
    },
    { error: 'Social links are required' },
  ),
  hero: z.object(
    {
      title: required('Hero title', 120),
      subtitle: block('Hero subtitle', 400),
      image: picture('Hero picture'),
      imageAlt: line('Hero picture description', 200),
      primaryLabel: required('First button label', 40),
      primaryHref: link('First button link'),
      secondaryLabel: line('Second button label', 40)
        .transform((v) => v || undefined)
        .optional(),
      secondaryHref: link('Second button link'),
      seasonal: z
        .object(
          {
            title: required('Seasonal hero title', 120),
            subtitle: block('Seasonal hero subtitle', 400),
            image: picture('Seasonal hero picture'),
            imageAlt: line('Seasonal hero picture description', 200),
            ...scheduleShapeFor('Seasonal hero: '),
          },
          { error: 'Seasonal hero must be an object or null' },
        )
        .superRefine(refineWindowFor('Seasonal hero: '))
        .transform(withoutOpenSides)
        .nullable()
        .transform((v) => v ?? undefined)
        .optional(),
    },
    { error: 'Hero is required' },
  ),
  why: titledItems('Why Choose item', 6).min(1, 'Keep at least one Why Choose item'),
  about: z.object(
    {
      story: block('About story', 5000),
      values: titledItems('Value', 6),
      artistTitle: line('About second heading', 80),
      artist: block('About second text', 2000),
      photo: optionalPicture('About photo'),
      photoAlt: line('About photo description', 200),
    },
    { error: 'About page is required' },
  ),
  pages: z.object(
    Object.fromEntries(pageTextEntries.map(([key, f]) => [key, required(f.label, f.max)])) as Record<
      PageTextKey,
      ReturnType<typeof required>
    >,
    { error: 'Page texts are required' },
  ),
  seo: z.object(
    {
      description: line('Search description', 300),
      shareImage: optionalPicture('Share picture'),
      shareImageAlt: line('Share picture description', 200),
    },
    { error: 'Search and sharing is required' },
  ),
  features: z.object(
    {
      servicesEnabled: z.boolean({ error: 'Service pages on/off must be true or false' }),
      aboutEnabled: z.boolean({ error: 'About page on/off must be true or false' }),
    },
    { error: 'Features are required' },
  ),
})
export type SiteSettingsInput = z.input<typeof SiteSettingsInputSchema>
