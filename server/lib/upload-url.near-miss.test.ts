// The address of an uploaded picture with the values that almost pass: the folder itself or the one above it (`.`,
// `..`, spelt out, encoded or with a backslash), a hidden name, another folder, a second slash; and the names that
// only look odd but are files in uploads/.
import { describe, expect, it } from 'vitest'
import { isUploadUrl, UPLOAD_PATH } from './upload-url'

const NEAR_MISSES = [
  '/uploads/..',
  '/uploads/.',
  '/uploads/...',
  '/uploads/../x',
  '/uploads/../content/site.yaml',
  '/uploads/./',
  '/uploads/./a.jpg',
  '/uploads/.hidden.jpg',
  '/uploads/%2e%2e',
  '/uploads/%2E%2E%2Fcontent%2Fsite.yaml',
  '/uploads/..\\content\\site.yaml',
  '/uploads\\a.jpg',
  '/uploads/a\\b.jpg',
  '/uploads/',
  '/uploads',
  '/uploads//a.jpg',
  '/uploads/a.jpg/',
  '/uploads/a/b.jpg',
  '//uploads/a.jpg',
  '/uploadsx/a.jpg',
  '/Uploads/a.jpg',
  'uploads/a.jpg',
  '/uploads/a.jpg\n',
  ' /uploads/a.jpg',
]

describe('an uploaded picture’s address', () => {
  it.each(NEAR_MISSES)('%j is not one', (url) => expect(isUploadUrl(url)).toBe(false))

  it.each(['/uploads/a.jpg', '/uploads/a..b.jpg', '/uploads/a.', '/uploads/_a.jpg', '/uploads/-a.jpg', '/uploads/Hero-1.JPG'])(
    '%j is one (a dot inside or at the end of a name is part of the name)',
    (url) => expect(isUploadUrl(url)).toBe(true),
  )
})

describe('the same file as a path in the content repository', () => {
  // 'uploads/a.jpg' is the one near miss of the address that is a right path.
  const paths = NEAR_MISSES.map((url) => url.replace(/^\//, '')).filter((path) => path !== 'uploads/a.jpg')
  it.each(paths)('%j is not one', (path) => expect(UPLOAD_PATH.test(path)).toBe(false))

  it('is uploads/<name>, without the leading slash', () => {
    expect(UPLOAD_PATH.test('uploads/a..b.jpg')).toBe(true)
    expect(UPLOAD_PATH.test('/uploads/a.jpg')).toBe(false)
  })
})
