// What names an uploaded picture: one file straight under uploads/. A name never starts with a dot, so `.` and `..`
// (the folder itself and the folder above it) are never taken for a picture; no slash, backslash or `%` either.
const UPLOAD_NAME = '[A-Za-z0-9_-][A-Za-z0-9._-]*'

/** `/uploads/<name>`: a picture as a page or a content file names it. */
export const UPLOAD_URL = new RegExp(`^/uploads/${UPLOAD_NAME}$`)

/** `uploads/<name>`: the same file as a path in the content repository (History's items). */
export const UPLOAD_PATH = new RegExp(`^uploads/${UPLOAD_NAME}$`)

export const isUploadUrl = (value: string): boolean => UPLOAD_URL.test(value)
