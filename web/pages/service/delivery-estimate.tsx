// The delivery estimate under the ZIP field, from the price list's delivery zones: an estimate, never a promise (the server works
// it out again from the ZIP and keeps it with the inquiry).
import { deliveryEstimate, describeEstimate, type DeliveryZone } from '../../../server/pricing/delivery-estimate'

export function DeliveryEstimateNote({ zones, zip }: { zones: readonly DeliveryZone[]; zip: string }) {
  const estimate = deliveryEstimate(zones, zip)
  // Always in the page (empty until a full ZIP is typed), so screen readers hear it when it appears.
  return (
    <p className="delivery-estimate field--wide" id="inq-delivery-estimate" role="status">
      {estimate && (
        <>
          {describeEstimate(estimate)}
          <span className="delivery-estimate__small">
            {'outside' in estimate ? 'We will let you know the delivery fee with your quote.' : 'An estimate: your quote confirms the delivery fee.'}
          </span>
        </>
      )}
    </p>
  )
}
