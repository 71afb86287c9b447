// Site: what visitors read on every page, in one form: brand, contact, social links, the hero, "Why Choose", the
// about page, and search & sharing. One save is one commit; a save over someone else's change is refused (409).
import { Fragment, type ReactNode } from 'react'
import type { SiteSettings } from '../../../server/site/site.schema'
import { getSiteSettings, saveSiteSettings } from '../admin-api'
import { notifySuccess } from '../ui/notify'
import { Loading } from '../ui/loading'
import { Field } from '../ui/field'
import { SwitchField } from '../ui/switch-field'
import { PictureField } from '../ui/picture-field'
import { TitledListEditor } from '../ui/titled-list-editor'
import { EditPreview } from '../ui/edit-preview'
import { compareRows } from '../ui/stale-compare'
import { StaleEditDialog } from '../ui/stale-edit-dialog'
import { splitVersion, useVersionedEditor } from '../ui/use-versioned-editor'
import { LoadFailed } from '../ui/load-failed'
import { SaveBar } from '../ui/save-bar'
import { SitePreview } from './site-preview'
import { ScheduleBadge, ScheduleFields, scheduleFromInputs, scheduleInputs, useServerNow } from '../ui/schedule-fields'
import {
  PART_LABELS,
  blankSeasonal,
  changedSeasonal,
  fieldText,
  isAboutText,
  pageTextFields,
  siteProblem,
  withPart,
  type PageTextKey,
  type Seasonal,
} from './site-form'

function Section({ id, title, hint, children }: { id: string; title: string; hint?: string; children: ReactNode }) {
  return (
    <section className="admin-card" aria-labelledby={`site-${id}`}>
      <h2 className="admin-card__title" id={`site-${id}`}>
        {title}
      </h2>
      {hint && <p className="admin-card__hint">{hint}</p>}
      {children}
    </section>
  )
}

export function SitePanel() {
  const editor = useVersionedEditor({
    name: 'site',
    load: async () => splitVersion(await getSiteSettings()),
    toDraft: (settings: SiteSettings) => settings,
    check: siteProblem,
    save: async (form, baseVersion) => splitVersion(await saveSiteSettings({ ...form, baseVersion })),
    onSaved: () => notifySuccess('Changes saved', 'The website shows them now.'),
    saveError: (server) => server ?? 'Failed to save the settings. Please try again.',
  })
  const { draft: form, conflict } = editor
  const now = useServerNow()

  if (editor.phase === 'load-failed') return <LoadFailed message="Failed to load the site settings." onRetry={editor.retry} />
  if (!form) return <Loading label="Loading site settings..." />

  /** Sets one field of one part of the settings. */
  const set = <P extends keyof SiteSettings>(part: P, patch: Partial<SiteSettings[P]>) =>
    editor.edit((current) => withPart(current, part, patch))
  const text = <P extends 'brand' | 'contact' | 'social' | 'hero' | 'about' | 'pages' | 'seo'>(
    part: P,
    key: keyof SiteSettings[P] & string,
    label: string,
    options: { hint?: string; required?: boolean; type?: string; multiline?: boolean; max?: number } = {},
  ) => {
    const value = fieldText(form, part, key)
    const onChange = (v: string) => set(part, { [key]: v } as Partial<SiteSettings[P]>)
    return (
      <Field label={label} hint={options.hint} required={options.required}>
        {options.multiline ? (
          <textarea className="admin-input" rows={5} value={value} maxLength={options.max} onChange={(e) => onChange(e.target.value)} />
        ) : (
          <input
            className="admin-input"
            type={options.type ?? 'text'}
            value={value}
            maxLength={options.max ?? 500}
            onChange={(e) => onChange(e.target.value)}
          />
        )}
      </Field>
    )
  }

  /** The page texts (headings, short texts, button labels) whose keys pass `which`, each a required field. */
  const pageTexts = (which: (key: PageTextKey) => boolean) =>
    pageTextFields(which).map(({ key, label, max, multiline }) => (
      <Fragment key={key}>{text('pages', key, label, { required: true, max, multiline })}</Fragment>
    ))

  const seasonal = form.hero.seasonal
  /** Sets fields of the seasonal hero; null removes it. */
  const setSeasonal = (patch: Partial<Seasonal> | null) => set('hero', { seasonal: changedSeasonal(seasonal, patch) })

  const fields = (
    <div className="admin-site__form">
      <Section id="brand" title="Brand">
        {text('brand', 'name', 'Brand name', { required: true, max: 120 })}
        {text('brand', 'tagline', 'Tagline', { hint: 'One line under the name in the footer.', max: 200 })}
        {text('brand', 'ownerName', 'Your name', {
          hint: 'Signs your reply e-mails from the Inbox ({ownerName}); never shown on the site. Empty: they are signed with the brand name.',
          max: 80,
        })}
      </Section>
      <Section id="contact" title="Contact" hint="Shown in the footer, on the contact page and to search engines.">
        {text('contact', 'email', 'Contact e-mail', { required: true, type: 'email', max: 200 })}
        {text('contact', 'phone', 'Phone', { required: true, type: 'tel', max: 40 })}
        {text('contact', 'area', 'Service area', { required: true, max: 200 })}
        {text('contact', 'hours', 'Hours', {
          hint: 'E.g. "Mon–Sat, 9am–6pm · Closed Dec 24–26". Days and times written like this also reach search engines.',
          max: 200,
        })}
      </Section>
      <Section id="social" title="Social links" hint="Full addresses starting with https://. Leave TikTok or Pinterest empty to hide them.">
        {text('social', 'instagram', 'Instagram link', { required: true, type: 'url' })}
        {text('social', 'facebook', 'Facebook link', { required: true, type: 'url' })}
        {text('social', 'tiktok', 'TikTok link', { type: 'url' })}
        {text('social', 'pinterest', 'Pinterest link', { type: 'url' })}
      </Section>
      <Section id="hero" title="Hero" hint="The top of the home page.">
        {text('hero', 'title', 'Hero title', { required: true, max: 120 })}
        {text('hero', 'subtitle', 'Hero subtitle', { multiline: true, max: 400 })}
        <PictureField
          label="Hero picture"
          altLabel="Hero picture description"
          help="The home page shows this wide crop behind the title."
          aspect={1920 / 1000}
          url={form.hero.image}
          alt={form.hero.imageAlt}
          onChange={(image) => set('hero', { image })}
          onAltChange={(imageAlt) => set('hero', { imageAlt })}
        />
        <div className="admin-site__pair">
          {text('hero', 'primaryLabel', 'First button label', { required: true, max: 40 })}
          {text('hero', 'primaryHref', 'First button link', { required: true, hint: 'A page of this site (/contact) or a full address.' })}
        </div>
        <div className="admin-site__pair">
          {text('hero', 'secondaryLabel', 'Second button label', { hint: 'Empty: no second button.', max: 40 })}
          {text('hero', 'secondaryHref', 'Second button link', {
            required: true,
            hint: '/services goes to the services on the home page.',
          })}
        </div>
        <h3 className="admin-site__subhead">Seasonal hero</h3>
        <p className="admin-card__hint">
          A title, subtitle and picture for a season or an occasion: the home page shows them instead of the ones above between its dates,
          then goes back by itself. {seasonal && <ScheduleBadge window={seasonal} now={now} />}
        </p>
        {seasonal ? (
          <>
            <Field label="Seasonal hero title" required>
              <input
                className="admin-input"
                value={seasonal.title}
                maxLength={120}
                onChange={(e) => setSeasonal({ title: e.target.value })}
              />
            </Field>
            <Field label="Seasonal hero subtitle">
              <textarea
                className="admin-input"
                rows={3}
                value={seasonal.subtitle}
                maxLength={400}
                onChange={(e) => setSeasonal({ subtitle: e.target.value })}
              />
            </Field>
            <PictureField
              label="Seasonal hero picture"
              altLabel="Seasonal hero picture description"
              help="The home page shows this wide crop behind the seasonal title."
              aspect={1920 / 1000}
              url={seasonal.image}
              alt={seasonal.imageAlt}
              onChange={(image) => setSeasonal({ image })}
              onAltChange={(imageAlt) => setSeasonal({ imageAlt })}
            />
            <ScheduleFields
              legend="When the seasonal hero shows"
              suffix=" (seasonal hero)"
              value={scheduleInputs(seasonal)}
              onChange={(inputs) => setSeasonal(scheduleFromInputs(inputs))}
            />
            <button type="button" className="admin-button admin-button--ghost" onClick={() => setSeasonal(null)}>
              Remove seasonal hero
            </button>
          </>
        ) : (
          <button type="button" className="admin-button admin-button--outline" onClick={() => set('hero', { seasonal: blankSeasonal() })}>
            Add a seasonal hero
          </button>
        )}
      </Section>
      <Section id="why" title="Why Choose" hint="The reasons listed on the home page under the services (one to six).">
        <TitledListEditor noun="Why Choose item" items={form.why} min={1} max={6} onChange={(why) => set('why', why)} />
      </Section>
      <Section id="about" title="About page">
        <SwitchField
          label="Show the about page"
          hint="Off: /about is not found and the menus leave it out."
          checked={form.features.aboutEnabled}
          onChange={(aboutEnabled) => set('features', { aboutEnabled })}
        />
        {text('about', 'story', 'About story', { multiline: true, max: 5000, hint: 'A blank line starts a new paragraph.' })}
        <PictureField
          label="About photo"
          help="Shown beside the story."
          aspect={4 / 3}
          url={form.about.photo}
          alt={form.about.photoAlt}
          removable
          onChange={(photo) => set('about', { photo })}
          onAltChange={(photoAlt) => set('about', { photoAlt })}
        />
        <h3 className="admin-site__subhead">Values</h3>
        <TitledListEditor noun="Value" items={form.about.values} max={6} onChange={(values) => set('about', { values })} />
        {text('about', 'artistTitle', 'About second heading', { max: 80 })}
        {text('about', 'artist', 'About second text', { multiline: true, max: 2000 })}
        {pageTexts(isAboutText)}
      </Section>
      <Section
        id="pages"
        title="Page texts"
        hint="The headings, short texts and buttons around the home page's sections and on the contact page."
      >
        {pageTexts((key) => !isAboutText(key))}
      </Section>
      <Section id="seo" title="Search & sharing" hint="What search results and link previews (Facebook, messages) show for the home page.">
        {text('seo', 'description', 'Search description', {
          hint: 'About 150 characters. Empty: made from the brand and the area.',
          max: 300,
        })}
        <PictureField
          label="Share picture"
          help="Link previews show this 1200×630 crop for pages without a picture of their own."
          aspect={1200 / 630}
          url={form.seo.shareImage}
          alt={form.seo.shareImageAlt}
          removable
          onChange={(shareImage) => set('seo', { shareImage })}
          onAltChange={(shareImageAlt) => set('seo', { shareImageAlt })}
        />
      </Section>
    </div>
  )

  return (
    <div className="admin-site">
      <EditPreview label="Site" editor={fields} preview={<SitePreview settings={form} />} />
      <SaveBar
        saving={editor.saving}
        changed={editor.changed}
        error={editor.error}
        onDiscard={editor.discard}
        onSave={() => void editor.save()}
      />
      <StaleEditDialog
        {...editor.conflictDialog}
        rows={
          conflict
            ? compareRows(form as unknown as Record<string, unknown>, conflict.current as unknown as Record<string, unknown>, PART_LABELS)
            : []
        }
      />
    </div>
  )
}
