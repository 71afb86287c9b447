// Uploads with progress (fetch cannot report it, so this one call uses XMLHttpRequest), beside api-client.ts, which
// alone knows the API's address; kept apart so pages load it only with the photos question that uses it.
import { ApiError, apiUrl, reportUnauthorized } from './api-client'

/**
 * POSTs a multipart form to `/api{path}` with upload progress (fetch cannot report it, so this one call uses
 * XMLHttpRequest), and returns the JSON answer; failures throw ApiError as apiRequest's do.
 */
export function apiUpload<T>(
  path: string,
  form: FormData,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', apiUrl(path))
    xhr.withCredentials = true
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) options.onProgress?.(e.loaded / e.total)
    }
    xhr.onload = () => {
      let data: unknown = null
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null
      } catch {
        data = xhr.responseText
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data as T)
      if (xhr.status === 401) reportUnauthorized()
      const error =
        data && typeof data === 'object' && typeof (data as { error?: unknown }).error === 'string'
          ? (data as { error: string }).error
          : `Request failed (${xhr.status})`
      reject(new ApiError(error, xhr.status, data))
    }
    xhr.onerror = () => reject(new ApiError('Network error', 0))
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'))
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(form)
  })
}

/** Sends one quote-form photo to the holding area; its token goes with the inquiry. */
export function uploadInquiryPhoto(
  file: File,
  about: { serviceId: string; fieldId: string; website?: string },
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<{ token: string; name: string }> {
  const form = new FormData()
  form.set('serviceId', about.serviceId)
  form.set('fieldId', about.fieldId)
  if (about.website) form.set('website', about.website)
  form.set('photo', file, file.name)
  return apiUpload('/inquiry-photos', form, options)
}
