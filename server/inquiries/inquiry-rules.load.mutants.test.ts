// Each of the inquiry's rule modules loads and offers what the form, the inbox and the e-mails use (see module-loads).
import { describeModulesLoad } from '../testing/module-loads'

describeModulesLoad('the inquiry’s rule modules', {
  'balloon-colors': [() => import('./balloon-colors'), ['BALLOON_COLORS', 'BALLOON_COLOR_GROUPS', 'colorsShownFor']],
  'byte-budget': [() => import('./byte-budget'), ['ByteBudget']],
  'inquiry-fields': [() => import('./inquiry-fields'), ['NOT_PROVIDED', 'REFERRAL_SOURCES']],
  'inquiry-format': [() => import('./inquiry-format'), ['inquiryRows', 'matchesSearch', 'formatMoney']],
  'inquiry-pipeline': [() => import('./inquiry-pipeline'), ['applyInquiryChange', 'addNote']],
  'inquiry-record.schema': [
    () => import('./inquiry-record.schema'),
    ['InquiryRecordSchema', 'InquiryChangeSchema', 'NoteBodySchema', 'InquiryStatusFilterSchema'],
  ],
  'photo-links': [() => import('./photo-links'), ['PhotoLinkSigner', 'PHOTO_LINK_TTL_MS']],
  'photo-rules': [() => import('./photo-rules'), ['photoProblemBeforeUpload', 'photoContentProblem', 'PHOTO_TOKEN_PATTERN']],
  'reply-templates.schema': [
    () => import('./reply-templates.schema'),
    ['ReplyTemplateListSchema', 'DEFAULT_REPLY_TEMPLATES', 'fillTemplate'],
  ],
})
