// The agreement's placeholders filled in: pure, so the client's page shows exactly the text the server signs.
import { formatMoney, type QuoteTotals } from '../pricing/money'

export interface AgreementFacts {
  clientName: string
  studioName: string
  eventDate: string
  totals: QuoteTotals
  balanceDueDate: string
}

/** `{placeholder}` filled from the facts; an unknown one is left as it is written. */
export function fillAgreement(template: string, facts: AgreementFacts): string {
  const values: Record<string, string> = {
    clientName: facts.clientName,
    studioName: facts.studioName,
    eventDate: facts.eventDate,
    total: formatMoney(facts.totals.totalCents),
    deposit: formatMoney(facts.totals.depositCents),
    balance: formatMoney(facts.totals.balanceCents),
    balanceDueDate: facts.balanceDueDate,
  }
  return template.replace(/\{([A-Za-z]+)\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? values[key] : whole))
}
