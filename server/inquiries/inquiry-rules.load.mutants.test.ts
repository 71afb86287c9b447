// Each of the inquiry's rule modules loads and offers what the form, the inbox and the e-mails use. Imported inside the
// test, not at the top: a module broken so it cannot load (a schema built from a helper that returns nothing) fails
// here, where a test file that fails to load runs no test at all, which a mutation run counts as unnoticed.
import { describe, expect, it } from 'vitest'

const MODULES: Record<string, string[]> = {
  'balloon-colors': ['BALLOON_COLORS', 'BALLOON_COLOR_GROUPS', 'colorsShownFor'],
  'byte-budget': ['ByteBudget'],
  'inquiry-fields': ['NOT_PROVIDED', 'REFERRAL_SOURCES'],
  'inquiry-format': ['inquiryRows', 'matchesSearch', 'formatMoney'],
  'inquiry-pipeline': ['applyInquiryChange', 'addNote'],
  'inquiry-record.schema': ['InquiryRecordSchema', 'InquiryChangeSchema', 'NoteBodySchema', 'InquiryStatusFilterSchema'],
  'photo-links': ['PhotoLinkSigner', 'PHOTO_LINK_TTL_MS'],
  'photo-rules': ['photoProblemBeforeUpload', 'photoContentProblem', 'PHOTO_TOKEN_PATTERN'],
  'reply-templates.schema': ['ReplyTemplateListSchema', 'DEFAULT_REPLY_TEMPLATES', 'fillTemplate'],
}
const load: Record<string, () => Promise<Record<string, unknown>>> = {
  'balloon-colors': () => import('./balloon-colors'),
  'byte-budget': () => import('./byte-budget'),
  'inquiry-fields': () => import('./inquiry-fields'),
  'inquiry-format': () => import('./inquiry-format'),
  'inquiry-pipeline': () => import('./inquiry-pipeline'),
  'inquiry-record.schema': () => import('./inquiry-record.schema'),
  'photo-links': () => import('./photo-links'),
  'photo-rules': () => import('./photo-rules'),
  'reply-templates.schema': () => import('./reply-templates.schema'),
}

describe('the inquiry’s rule modules', () => {
  it.each(Object.entries(MODULES))('%s loads with its exports', async (name, exports) => {
    const module = await load[name]!()
    for (const key of exports) expect(module[key], `${name}.${key}`).toBeDefined()
  })
})
