// The quote inquiry form: every field of the spec, validated with the shared schema as the visitor types. It guides
// rather than blocks: Submit stays focusable, says what is still needed, and when pressed lists each problem.
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { studioToday } from '../../../server/lib/studio-time'
import { REFERRAL_SOURCES } from '../../../server/inquiries/inquiry-fields'
import type { Service } from '../../lib/public-api'
import { ColorPicker } from './color-picker'
import { HoneypotField, withHoneypot } from '../../components/honeypot'
import type { DeliveryZone } from '../../../server/pricing/delivery-estimate'
import type { PhotoReport } from './photo-field'
import {
  answerChecklist,
  askedFields,
  askedWithoutAnswers,
  customKey,
  describedBy,
  emptyState,
  estimateNote,
  fieldId,
  LABELS,
  photosToSend,
  photosUploading,
  pressFocus,
  stillNeeded,
  summaryTitle,
  toInquiryPayload,
  typedValues,
  withTyped,
  type ContactField,
  type FormState,
} from './inquiry-form-model'

/** Photos questions bring their own chunk (checks, thumbnails, uploads): a service without one never loads it. */
const PhotoField = lazy(() => import('./photo-field'))

/** Values already in the form's fields when it mounts (typed before hydration), or null when there are none. */
function typedBeforeHydration(form: HTMLFormElement | null, service: Service): Partial<FormState> | null {
  if (!form) return null
  return typedValues(service, (id) => {
    const el = form.querySelector<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(`#inq-${CSS.escape(id)}`)
    return el?.value ?? ''
  })
}

type InquiryActions = typeof import('./inquiry-actions')
let actionsModule: Promise<InquiryActions> | undefined
const importActions = () => (actionsModule ??= import('./inquiry-actions'))

/** Validation and sending, once loaded: null until the visitor starts on the form (and on the server). */
function useInquiryActions(): [InquiryActions | null, () => void] {
  const [actions, setActions] = useState<InquiryActions | null>(null)
  const load = useCallback(() => {
    void importActions().then(setActions, (error: unknown) => console.error(error))
  }, [])
  return [actions, load]
}

export function InquiryForm({ service, deliveryZones: zones = [] }: { service: Service; deliveryZones?: readonly DeliveryZone[] }) {
  const today = studioToday()
  const [actions, loadActions] = useInquiryActions()
  const schema = useMemo(() => actions?.inquirySchemaFor(service, today), [actions, service, today])
  const [state, setState] = useState<FormState>(emptyState)
  /** Fields whose error may show: set on blur or submit attempt, cleared while the visitor edits that field. */
  const [shown, setShown] = useState<Record<string, boolean>>({})
  const [submitting, setSubmitting] = useState(false)
  /** Counts presses of Submit on an incomplete form: each shows every problem and moves focus to the summary. */
  const [attempts, setAttempts] = useState(0)
  const summaryRef = useRef<HTMLDivElement>(null)
  // What each photos question holds, as it reports it; how to wait for its photos still on their way.
  const [photoState, setPhotoState] = useState<Record<string, Omit<PhotoReport, 'settle'>>>({})
  const settlers = useRef<Record<string, PhotoReport['settle']>>({})
  const reportPhotos = useCallback((fieldId: string, { settle, ...state }: PhotoReport) => {
    settlers.current[fieldId] = settle
    setPhotoState((all) => ({ ...all, [fieldId]: state }))
  }, [])
  const photoTokens = (fieldId: string) => photoState[fieldId]?.tokens ?? []
  const uploading = photosUploading(photoState)
  const settlePhotos = async () =>
    Object.fromEntries(await Promise.all(Object.entries(settlers.current).map(async ([id, settle]) => [id, await settle()] as const)))
  /** When the form appeared: the time trap (a person takes seconds, a script milliseconds). */
  const [openedAt] = useState(() => Date.now())

  // The app starts after the page's first paint, so a quick visitor may type into the server-rendered fields
  // before React takes over: keep what they typed instead of leaving it on screen but out of the form's state.
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    const typed = typedBeforeHydration(formRef.current, service)
    if (typed) setState((s) => withTyped(s, typed))
    if (typed || formRef.current?.contains(document.activeElement)) loadActions()
  }, [service, loadActions])

  // Asked for only once the visitor uses the date field, so the page's first load carries none of it.
  const [noteFor, setNoteFor] = useState<((date: string) => string | null) | null>(null)
  const checkAvailability = () => {
    if (!noteFor)
      void importActions().then(
        (a) => a.availabilityNotes(today).then((f) => setNoteFor(() => f)),
        () => undefined,
      )
  }

  // Which questions the answers ask (server/services/form-rules.ts, in the actions chunk); until it has loaded nothing
  // has been answered, so exactly the questions without a rule are asked.
  const asked: ReadonlySet<string> = actions ? actions.shownFieldIds(service, state.answers) : askedWithoutAnswers(service)
  const payload = toInquiryPayload(service, state, asked, photoTokens, 0)
  // Until the validation has loaded the form counts as incomplete (as it is when empty), with no messages yet.
  const result = schema?.safeParse(payload) ?? { success: false as const, error: null }
  const errors = result.success || !result.error || !actions ? {} : actions.fieldErrors(result.error)
  const errorFor = (key: string) => (shown[key] ? errors[key] : undefined)

  const customFields = askedFields(service, asked)
  // The required answers still empty: what the line beside Submit names until the validation has loaded (it loads as
  // soon as the visitor starts on the form), and in the server's HTML.
  const { order, required, empty, nameOf } = answerChecklist(service, customFields, state)
  const needed = actions ? order.filter((key) => key in errors) : empty
  const problems = order.filter((key) => errorFor(key))

  // A press of Submit on an incomplete form (once validation has loaded) shows every problem; focus then goes to the
  // one answer missing, or to the summary of them all, after that render is on screen (see the layout effect below).
  const [focusFor, setFocusFor] = useState<{ press: number; target: string } | null>(null)
  useEffect(() => {
    if (attempts === 0 || !actions) return
    setShown(Object.fromEntries(Object.keys(errors).map((k) => [k, true])))
    setFocusFor({ press: attempts, target: pressFocus(order, errors) })
    // Only a new press (or the validation arriving after one) runs this, not every change of the answers.
  }, [attempts, actions])
  const focusedPress = useRef(0)
  useLayoutEffect(() => {
    if (!focusFor || focusedPress.current === focusFor.press) return
    focusedPress.current = focusFor.press
    if (focusFor.target === 'summary') {
      summaryRef.current?.focus({ preventScroll: true })
      summaryRef.current?.scrollIntoView({ block: 'start' })
    } else {
      actions?.goToField(focusFor.target)
    }
  }, [focusFor, actions])

  const reveal = (key: string) => setShown((s) => ({ ...s, [key]: true }))
  const edit = (key: string, patch: Partial<FormState>) => {
    setState((s) => ({ ...s, ...patch }))
    setShown((s) => ({ ...s, [key]: false }))
  }
  const setField = (field: ContactField, value: string) => edit(field, { [field]: value })
  const setAnswer = (id: string, value: string) => edit(customKey(service, id), { answers: { ...state.answers, [id]: value } })

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (submitting) return
    if (!result.success || !actions) {
      loadActions()
      setAttempts((n) => n + 1)
      return
    }
    // Read now: React lets go of the event's form once this handler first waits.
    const honeypot = withHoneypot(event, {})
    setSubmitting(true)
    // Photos still on their way are waited for; those that failed are left out, the inquiry goes all the same.
    const sent = uploading > 0 ? await settlePhotos() : null
    const final = schema!.safeParse(toInquiryPayload(service, state, asked, photosToSend(sent, photoTokens), Date.now() - openedAt))
    if (!final.success) {
      setSubmitting(false)
      setAttempts((n) => n + 1)
      return
    }
    const payload = { ...honeypot, ...final.data }
    try {
      await actions.sendInquiry(payload)
      window.location.assign('/thank-you')
    } catch (error) {
      console.error(error)
      setSubmitting(false)
      window.alert('There was an error submitting your form. Please try again.')
    }
  }

  const text = (field: ContactField, props: Partial<InputProps> = {}) => (
    <TextInput
      id={`inq-${field}`}
      label={LABELS[field]}
      required
      value={state[field]}
      error={errorFor(field)}
      onChange={(v) => setField(field, v)}
      onBlur={() => reveal(field)}
      {...props}
    />
  )

  return (
    <form
      ref={formRef}
      className="inquiry-form"
      onSubmit={onSubmit}
      onFocus={loadActions}
      onPointerDown={loadActions}
      onChange={loadActions}
      noValidate
      aria-busy={submitting}
    >
      {actions && attempts > 0 && problems.length > 0 && (
        <actions.ErrorSummary
          ref={summaryRef}
          title={summaryTitle(problems.length)}
          problems={problems.map((key) => ({ id: fieldId(key), message: errors[key] }))}
        />
      )}
      <p className="inquiry-form__legend">
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with a star</span> are required.
      </p>
      <div className="inquiry-form__grid">
        {text('firstName', { autoComplete: 'given-name' })}
        {text('lastName', { autoComplete: 'family-name' })}
        {text('email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
        {text('phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
        {text('address', { autoComplete: 'street-address', wide: true })}
        {text('city', { autoComplete: 'address-level2' })}
        {text('zipcode', { autoComplete: 'postal-code', inputMode: 'numeric' })}
        {zones.length > 0 && (
          // Always in the page (empty until a full ZIP is typed), so it is heard when it appears; an estimate, never a promise.
          <p className="delivery-estimate field--wide" id="inq-delivery-estimate" role="status">
            {actions && estimateText(actions, zones, state.zipcode)}
          </p>
        )}
        {text('eventDate', {
          type: 'date',
          min: today,
          onFocus: checkAvailability,
          note: noteFor?.(state.eventDate) ?? null,
        })}
        <Field id="inq-referralSource" label="How did you hear about us?">
          <select
            id="inq-referralSource"
            className="input"
            value={state.referralSource}
            onChange={(e) => setField('referralSource', e.target.value)}
          >
            <option value="">Select an option</option>
            {REFERRAL_SOURCES.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="inq-eventDetails"
          label="Event Details"
          hint="Tell us about the occasion, venue, theme and anything else we should know."
          wide
        >
          <textarea
            id="inq-eventDetails"
            className="input"
            rows={4}
            value={state.eventDetails}
            onChange={(e) => setField('eventDetails', e.target.value)}
            aria-describedby="inq-eventDetails-hint"
          />
        </Field>
      </div>

      {service.showBalloonColorSelection && (
        <ColorPicker
          service={service}
          selected={state.balloonColors}
          error={errorFor('balloonColors')}
          onChange={(balloonColors) => {
            setState((s) => ({ ...s, balloonColors }))
            reveal('balloonColors')
          }}
        />
      )}

      {customFields.length > 0 && (
        <div className="inquiry-form__custom">
          {customFields.map((f) => {
            const key = customKey(service, f.id)
            if ('maxPhotos' in f) {
              return (
                <Suspense key={f.id} fallback={null}>
                  <PhotoField field={f} serviceId={service.id} error={errorFor(key)} onTouched={() => reveal(key)} report={reportPhotos} />
                </Suspense>
              )
            }
            const id = `inq-${f.id}`
            const value = state.answers[f.id] ?? ''
            return (
              <Field key={f.id} id={id} label={f.header} hint={f.instructions} required={!f.optional} error={errorFor(key)} wide>
                {'options' in f ? (
                  <select
                    id={id}
                    className="input"
                    value={value}
                    onChange={(e) => setAnswer(f.id, e.target.value)}
                    onBlur={() => reveal(key)}
                    aria-invalid={errorFor(key) ? true : undefined}
                    aria-describedby={describedBy(id, f.instructions, errorFor(key))}
                    aria-required={!f.optional}
                  >
                    <option value="">{f.optional ? 'No preference' : 'Select an option'}</option>
                    {f.options.map((o) => (
                      <option key={o} value={o}>
                        {o}
                      </option>
                    ))}
                  </select>
                ) : (
                  <textarea
                    id={id}
                    className="input input--short"
                    rows={2}
                    value={value}
                    onChange={(e) => setAnswer(f.id, e.target.value)}
                    onBlur={() => reveal(key)}
                    aria-invalid={errorFor(key) ? true : undefined}
                    aria-describedby={describedBy(id, f.instructions, errorFor(key))}
                    aria-required={!f.optional}
                  />
                )}
              </Field>
            )
          })}
        </div>
      )}

      <HoneypotField />
      {/* Unavailable until the answers are valid (as specified), yet focusable, and pressing it shows what is missing. */}
      <button
        type="submit"
        className="button button--primary button--block inquiry-form__submit"
        aria-disabled={!result.success || submitting}
        aria-describedby={result.success ? undefined : 'inq-still-needed'}
        // Pressing it would first take the focus from the field being typed in, whose message then appears and pushes
        // the button down before the press is let go, so the press missed it: the focus stays until the press is done.
        onMouseDown={(e) => !result.success && e.preventDefault()}
      >
        {submitting ? 'Submitting...' : 'Submit Inquiry'}
      </button>
      {submitting && uploading > 0 && (
        <p className="inquiry-form__note" role="status">
          Sending your photos first: {uploading} still on the way.
        </p>
      )}
      {!result.success && (
        <p className="inquiry-form__note" id="inq-still-needed">
          {stillNeeded(needed.map(nameOf), empty.length === required.length)}
        </p>
      )}
    </form>
  )
}

function Field(props: {
  id: string
  label: string
  hint?: string
  error?: string
  required?: boolean
  wide?: boolean
  children: ReactNode
}) {
  return (
    <div className={`field${props.wide ? ' field--wide' : ''}`}>
      <label className="field__label" htmlFor={props.id}>
        {props.label}
        {props.required && (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {props.hint && (
        <p className="field__hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      )}
      {props.children}
      {props.error && (
        <p className="field__error" id={`${props.id}-error`}>
          {props.error}
        </p>
      )}
    </div>
  )
}

interface InputProps {
  id: string
  /** A friendly line under the field (not an error), read out when it appears; null keeps its place empty. */
  note?: string | null
  onFocus?: () => void
  label: string
  value: string
  error?: string
  required?: boolean
  wide?: boolean
  type?: string
  min?: string
  autoComplete?: string
  inputMode?: 'email' | 'tel' | 'numeric'
  onChange: (value: string) => void
  onBlur: () => void
}

function TextInput({ id, label, value, error, required, wide, note, onChange, onBlur, ...rest }: InputProps) {
  return (
    <Field id={id} label={label} error={error} required={required} wide={wide}>
      <input
        id={id}
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        aria-required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error && `${id}-error`, note && `${id}-note`].filter(Boolean).join(' ') || undefined}
        {...rest}
        type={rest.type ?? 'text'}
      />
      {note !== undefined && (
        <p className="field__note" id={`${id}-note`} role="status">
          {note}
        </p>
      )}
    </Field>
  )
}

/** "Delivery to 97214: about $45. An estimate: your quote confirms it." once a full ZIP is typed; null before. */
function estimateText(actions: InquiryActions, zones: readonly DeliveryZone[], zip: string): string | null {
  return estimateNote(actions.deliveryEstimate(zones, zip), actions.describeEstimate)
}
