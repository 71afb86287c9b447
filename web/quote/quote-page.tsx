// The client's quote: the lines, add-ons to tick (the total follows), the agreement with the quote's facts filled in,
// and "Accept and sign" (full name typed, terms agreed). What it shows is what the server signs.
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { MarkdownContent } from '../components/markdown-content'
import { formatMoney } from '../../server/pricing/money'
import { fillAgreement } from '../../server/quotes/agreement-text'
import { viewTotals } from '../../server/quotes/quote-view'
import { acceptQuote, getQuote, startCheckout, type QuoteView } from './quote-api'
import {
  acceptBody,
  acceptFocus,
  acceptProblems,
  awaitingConfirmation,
  dollars,
  dueWithoutCard,
  failureText,
  listedProblems,
  longDate,
  paidLine,
  payButtonLabel,
  quoteHeading,
  signedAt,
  toggleAddOn,
  type AcceptProblems,
} from './quote-model'
import './quote-page.css'

export function QuotePage({ token }: { token: string }) {
  const [view, setView] = useState<QuoteView | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  useEffect(() => {
    getQuote(token).then(setView, (err) => setFailure(failureText(err, 'The quote could not be loaded. Please try again.')))
  }, [token])

  return (
    <main className="quote-page" id="main">
      {failure ? (
        <section className="quote-card" aria-labelledby="quote-title">
          <h1 id="quote-title">Quote not available</h1>
          <p>{failure}</p>
        </section>
      ) : !view ? (
        <p role="status">Loading your quote…</p>
      ) : (
        <Quote token={token} view={view} onAccepted={setView} />
      )}
    </main>
  )
}

function Quote({ token, view, onAccepted }: { token: string; view: QuoteView; onAccepted: (v: QuoteView) => void }) {
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(view.signed?.addOns ?? []))
  const totals = useMemo(() => viewTotals(view, chosen), [view, chosen])
  const agreement = fillAgreement(view.agreement, {
    clientName: view.clientName,
    studioName: view.studio,
    eventDate: longDate(view.eventDate),
    totals,
    balanceDueDate: longDate(view.balanceDueDate),
  })
  const open = view.state === 'open'
  const toggle = (i: number) => setChosen((s) => toggleAddOn(s, i))

  return (
    <article className="quote-card" aria-labelledby="quote-title">
      <p className="quote-eyebrow">{view.studio}</p>
      <h1 id="quote-title">{quoteHeading(view)}</h1>
      <p className="quote-meta">
        Event on {longDate(view.eventDate)} · {open ? `can be accepted until ${longDate(view.validUntil)}` : null}
      </p>
      <StateNotice view={view} />
      <table className="quote-lines">
        <caption className="visually-hidden">What the quote includes</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="num">
              Quantity
            </th>
            <th scope="col" className="num">
              Price
            </th>
            <th scope="col" className="num">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {view.lines.map((line, i) => (
            <tr key={i} className={line.optional && !chosen.has(i) ? 'is-unchosen' : undefined}>
              <th scope="row">
                {line.optional ? (
                  <label className="quote-addon">
                    <input type="checkbox" checked={chosen.has(i)} disabled={!open} onChange={() => toggle(i)} />
                    <span>
                      {line.description} <span className="quote-addon__tag">(optional add-on)</span>
                    </span>
                  </label>
                ) : (
                  line.description
                )}
              </th>
              <td className="num">{line.quantity}</td>
              <td className="num">{dollars(line.unitPrice)}</td>
              <td className="num">{dollars(line.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {view.deliveryFee > 0 && <TotalRow label="Delivery and set-up" cents={totals.deliveryFeeCents} />}
          {view.discount > 0 && <TotalRow label="Discount" cents={-totals.discountCents} />}
          <TotalRow label="Total" cents={totals.totalCents} strong />
          <TotalRow label="Deposit to book the date" cents={totals.depositCents} />
          <TotalRow label={`Balance, due by ${longDate(view.balanceDueDate)}`} cents={totals.balanceCents} />
        </tfoot>
      </table>
      <p className="visually-hidden" aria-live="polite">
        Total {formatMoney(totals.totalCents)}, deposit {formatMoney(totals.depositCents)}
      </p>
      {view.note && <p className="quote-note">{view.note}</p>}
      <section className="quote-agreement" aria-labelledby="agreement-title">
        <h2 id="agreement-title">The agreement</h2>
        <MarkdownContent markdown={agreement} />
      </section>
      {open && <AcceptForm token={token} chosen={chosen} onAccepted={onAccepted} />}
      {view.payment && <PaymentSection token={token} payment={view.payment} />}
    </article>
  )
}

function TotalRow({ label, cents, strong }: { label: string; cents: number; strong?: boolean }) {
  return (
    <tr className={strong ? 'is-total' : undefined}>
      <th scope="row" colSpan={3}>
        {label}
      </th>
      <td className="num">{formatMoney(cents)}</td>
    </tr>
  )
}

function StateNotice({ view }: { view: QuoteView }) {
  if (view.state === 'accepted' && view.signed) {
    return (
      <p className="quote-notice quote-notice--done" role="status">
        Accepted and signed by {view.signed.name} on {signedAt(view.signed.at)}. Thank you!
      </p>
    )
  }
  if (view.state === 'replaced') {
    return (
      <p className="quote-notice">
        This quote was replaced by a newer quote. <a href={view.replacedByUrl}>Open the newer quote</a>.
      </p>
    )
  }
  if (view.state === 'expired')
    return (
      <p className="quote-notice">
        This quote could be accepted until {longDate(view.validUntil)}. Please contact the studio for a new one.
      </p>
    )
  return null
}

function AcceptForm({ token, chosen, onAccepted }: { token: string; chosen: Set<number>; onAccepted: (v: QuoteView) => void }) {
  const [name, setName] = useState('')
  const [agree, setAgree] = useState(false)
  const [errors, setErrors] = useState<AcceptProblems>({})
  const [sending, setSending] = useState(false)
  const summary = useRef<HTMLDivElement>(null)
  const nameInput = useRef<HTMLInputElement>(null)
  const agreeInput = useRef<HTMLInputElement>(null)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const found = acceptProblems(name, agree)
    setErrors(found)
    const focus = acceptFocus(found)
    if (focus === 'summary') return summary.current?.focus()
    if (focus === 'name') return nameInput.current?.focus()
    if (focus === 'agree') return agreeInput.current?.focus()
    setSending(true)
    try {
      onAccepted(await acceptQuote(token, acceptBody(name, agree, chosen)))
    } catch (err) {
      setErrors({ form: failureText(err, 'The quote could not be accepted. Please try again.') })
      summary.current?.focus()
    } finally {
      setSending(false)
    }
  }

  const listed = listedProblems(errors)
  return (
    <form className="quote-accept" onSubmit={submit} noValidate aria-labelledby="accept-title">
      <h2 id="accept-title">Accept and sign</h2>
      <div ref={summary} tabIndex={-1} className={listed.length ? 'quote-errors' : undefined} role={listed.length ? 'alert' : undefined}>
        {listed.length > 0 && (
          <ul>
            {listed.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        )}
      </div>
      <label className="quote-field" htmlFor="sign-name">
        Full name
      </label>
      <input
        id="sign-name"
        ref={nameInput}
        className="quote-input"
        autoComplete="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        aria-invalid={errors.name ? true : undefined}
        aria-describedby={errors.name ? 'sign-name-error' : undefined}
      />
      {errors.name && (
        <p className="quote-error" id="sign-name-error">
          {errors.name}
        </p>
      )}
      <label className="quote-check">
        <input
          ref={agreeInput}
          type="checkbox"
          checked={agree}
          onChange={(e) => setAgree(e.target.checked)}
          aria-invalid={errors.agree ? true : undefined}
          aria-describedby={errors.agree ? 'sign-agree-error' : undefined}
        />
        <span>I agree to the terms above</span>
      </label>
      {errors.agree && (
        <p className="quote-error" id="sign-agree-error">
          {errors.agree}
        </p>
      )}
      <button type="submit" className="quote-button" disabled={sending}>
        {sending ? 'Signing…' : 'Accept and sign'}
      </button>
    </form>
  )
}

function PaymentSection({ token, payment }: { token: string; payment: NonNullable<QuoteView['payment']> }) {
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const returned = typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('paid')
  const pay = async () => {
    setBusy(true)
    setFailure(null)
    try {
      window.location.assign((await startCheckout(token)).url)
    } catch (err) {
      setFailure(failureText(err, 'Card payments are not available right now. Please try again.'))
      setBusy(false)
    }
  }
  return (
    <section className="quote-payment" aria-labelledby="payment-title">
      <h2 id="payment-title">Payment</h2>
      {payment.paid.length > 0 && (
        <ul>
          {payment.paid.map((p) => (
            <li key={`${p.kind}-${p.at}`}>{paidLine(p)}</li>
          ))}
        </ul>
      )}
      {awaitingConfirmation(returned, payment) && (
        <p role="status">Thank you! Your payment is being confirmed; this page shows it in a moment when you reload it.</p>
      )}
      {payment.due && payment.card && (
        <>
          <button type="button" className="quote-button" onClick={() => void pay()} disabled={busy}>
            {payButtonLabel(busy, payment.due)}
          </button>
          {failure && (
            <p className="quote-error" role="alert">
              {failure}
            </p>
          )}
        </>
      )}
      {payment.due && !payment.card && <p>{dueWithoutCard(payment.due, payment.instructions)}</p>}
      {!payment.due && <p>Everything is paid. See you at the event!</p>}
    </section>
  )
}
