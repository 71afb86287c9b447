// Picture paths that almost name an upload, for the guards' near-miss tests: the uploads folder itself or the one
// above it, spelt out, %-encoded or with a backslash.
export const UPLOAD_DOT_SEGMENTS = [
  '/uploads/..',
  '/uploads/.',
  '/uploads/../x',
  '/uploads/./',
  '/uploads/%2e%2e',
  '/uploads/..\\x',
  '/uploads\\a.jpg',
]
