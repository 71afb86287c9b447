// The mailing-list form (its own chunk with zod and sonner): fields, interests, validation and submit. Messages show
// once a field is left or Subscribe is pressed; a press on an incomplete form lists the problems and moves focus there.
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { SubscriptionSchema, type Subscription } from '../../server/mailing-list/mailing-list.schema'
import { fieldErrors } from '../../server/inquiries/inquiry.schema'
import { ApiError } from '../lib/api-client'
import { HoneypotField, withHoneypot } from './honeypot'
import { ErrorSummary } from './error-summary'
import { getMailingListSegments, subscribe, type Segment } from '../lib/public-api'

export { Toaster } from 'sonner'

type SegmentsState = { status: 'loading' } | { status: 'error' } | { status: 'loaded'; segments: Segment[] }

const EMPTY: Subscription = { email: '', firstName: '', lastName: '', segment_ids: [] }
/** Each answer's element, for the summary's links; in the order the form asks. */
const FIELD_IDS: Record<string, string> = { email: 'ml-email', firstName: 'ml-first', lastName: 'ml-last', segment_ids: 'ml-interests' }

/** Mounted each time the dialog opens, so fields start empty and interests are fetched again. */
export default function MailingListForm({ onDone }: { onDone: () => void }) {
  const [values, setValues] = useState<Subscription>(EMPTY)
  /** Answers whose message may show: set when a field is left or on Subscribe, cleared while it is edited. */
  const [shown, setShown] = useState<Record<string, boolean>>({})
  const [summary, setSummary] = useState(false)
  const summaryRef = useRef<HTMLDivElement>(null)
  const parsed = SubscriptionSchema.safeParse(values)
  const all = parsed.success ? {} : fieldErrors(parsed.error)
  const errors = Object.fromEntries(Object.entries(all).filter(([key]) => shown[key]))
  const problems = Object.keys(FIELD_IDS).filter((key) => errors[key])
  const reveal = (key: string) => setShown((s) => ({ ...s, [key]: true }))
  const [segments, setSegments] = useState<SegmentsState>({ status: 'loading' })
  const [submitting, setSubmitting] = useState(false)

  useEffect(() => {
    let live = true
    getMailingListSegments()
      .then((list) => live && setSegments({ status: 'loaded', segments: list }))
      .catch((error: unknown) => {
        console.error(error)
        if (live) setSegments({ status: 'error' })
      })
    return () => {
      live = false
    }
  }, [])

  const update = <K extends keyof Subscription>(key: K, value: Subscription[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
    setShown((s) => ({ ...s, [key]: key === 'segment_ids' }))
  }

  const toggleSegment = (id: string, checked: boolean) =>
    update('segment_ids', checked ? [...values.segment_ids, id] : values.segment_ids.filter((s) => s !== id))

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (!parsed.success) {
      setShown(Object.fromEntries(Object.keys(all).map((k) => [k, true])))
      setSummary(true)
      requestAnimationFrame(() => summaryRef.current?.focus())
      return
    }
    const payload = withHoneypot(event, parsed.data)
    setSubmitting(true)
    try {
      await subscribe(payload)
      onDone()
      toast.success('Thank you for subscribing!', { description: 'You have been added to our mailing list.' })
    } catch (error) {
      setSubmitting(false)
      if (error instanceof ApiError && error.status !== 0) {
        const serverSaid = error.body && typeof error.body === 'object' && 'error' in error.body
        window.alert(serverSaid ? error.message : 'Subscription failed. Please try again.')
      } else {
        window.alert('An error occurred. Please try again.')
      }
    }
  }

  return (
    <form className="modal__form" onSubmit={onSubmit} noValidate>
      {summary && problems.length > 0 && (
        <ErrorSummary
          ref={summaryRef}
          title={`Please fix ${problems.length === 1 ? '1 answer' : `${problems.length} answers`} to subscribe:`}
          problems={problems.map((key) => ({ id: FIELD_IDS[key], message: errors[key] }))}
        />
      )}
      <p className="field__hint">
        All fields are required<span aria-hidden="true"> (*)</span>.
      </p>
      <TextField
        id="ml-email"
        label="Email"
        type="email"
        autoComplete="email"
        value={values.email}
        error={errors.email}
        onChange={(v) => update('email', v)}
        onBlur={() => reveal('email')}
      />
      <div className="modal__row">
        <TextField
          id="ml-first"
          label="First name"
          autoComplete="given-name"
          value={values.firstName}
          error={errors.firstName}
          onChange={(v) => update('firstName', v)}
          onBlur={() => reveal('firstName')}
        />
        <TextField
          id="ml-last"
          label="Last name"
          autoComplete="family-name"
          value={values.lastName}
          error={errors.lastName}
          onChange={(v) => update('lastName', v)}
          onBlur={() => reveal('lastName')}
        />
      </div>
      <fieldset
        className="interests"
        id="ml-interests"
        aria-invalid={errors.segment_ids ? true : undefined}
        aria-describedby={errors.segment_ids ? 'ml-interests-error' : undefined}
      >
        <legend className="field__label">
          Interests
          <span className="field__required" aria-hidden="true">
            *
          </span>
          <span className="visually-hidden">(choose at least one)</span>
        </legend>
        {segments.status === 'loading' && <p className="field__hint">Loading interests...</p>}
        {segments.status === 'error' && <p className="field__error">Could not load interests.</p>}
        {segments.status === 'loaded' && (
          <div className="interests__list">
            {segments.segments.map((s) => (
              <label key={s.id} className="interest">
                <input
                  type="checkbox"
                  checked={values.segment_ids.includes(s.id)}
                  onChange={(e) => toggleSegment(s.id, e.target.checked)}
                />
                <span>{s.name}</span>
              </label>
            ))}
          </div>
        )}
        {errors.segment_ids && (
          <p className="field__error" id="ml-interests-error">
            {errors.segment_ids}
          </p>
        )}
      </fieldset>
      <HoneypotField />
      <button type="submit" className="button button--primary button--block" disabled={submitting}>
        {submitting ? 'Subscribing...' : 'Subscribe'}
      </button>
    </form>
  )
}
function TextField(props: {
  id: string
  label: string
  value: string
  error?: string
  type?: string
  autoComplete?: string
  onChange: (value: string) => void
  onBlur: () => void
}) {
  const errorId = `${props.id}-error`
  return (
    <div className="field">
      <label className="field__label" htmlFor={props.id}>
        {props.label}
        <span className="field__required" aria-hidden="true">
          *
        </span>
      </label>
      <input
        id={props.id}
        className="input"
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
        required
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
      />
      {props.error && (
        <p className="field__error" id={errorId}>
          {props.error}
        </p>
      )}
    </div>
  )
}
