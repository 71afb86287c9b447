// What the inquiry form needs once a visitor starts on it: validation (the schema POST /api/contact checks, and zod
// with it) and sending. Its own chunk, loaded on first use rather than with the page.
export { fieldErrors, inquirySchemaFor } from '../../../server/inquiries/inquiry.schema'
export { sendInquiry } from '../../lib/public-api'
