// The inquiry form's validation (the schema POST /api/contact checks, and zod with it): its own chunk, loaded
// when a visitor starts on the form rather than with the page.
export { fieldErrors, inquirySchemaFor } from '../../../server/inquiries/inquiry.schema'
