// The photos a visitor sent with an inquiry: thumbnails that open the full-size photo, and a download link each.
// Served only with the owner's session (server/inquiries/inquiry-photos.routes.ts).
import { apiUrl } from '../../lib/api-client'
import type { InquiryRecord } from './inbox-api'

const photoUrl = (inquiryId: string, photoId: string, suffix = '') =>
  apiUrl(`/admin/inquiries/${encodeURIComponent(inquiryId)}/photos/${photoId}${suffix}.jpg`)

export function InquiryPhotos({ record }: { record: InquiryRecord }) {
  const groups = record.inquiry.photos ?? []
  if (!groups.length) return null
  return (
    <section className="admin-inquiry__photos" aria-label="Photos sent with the inquiry">
      {groups.map((group) => (
        <div key={group.fieldId} className="admin-photo-group">
          <h4 className="admin-photo-group__title">
            {group.header} <span className="admin-photo-group__count">({group.files.length})</span>
          </h4>
          {group.missing ? (
            <p className="admin-field__hint">
              {group.missing === 1 ? '1 photo' : `${group.missing} photos`} did not arrive (they had expired before the form was sent).
            </p>
          ) : null}
          <ul className="admin-photo-group__list">
            {group.files.map((file, i) => (
              <li key={file.id} className="admin-photo">
                <a href={photoUrl(record.id, file.id)} target="_blank" rel="noopener" className="admin-photo__open">
                  <img
                    src={photoUrl(record.id, file.id, '-thumb')}
                    alt={`${group.header} ${i + 1} of ${group.files.length}: ${file.name}, open full size`}
                    loading="lazy"
                    width={120}
                    height={120}
                  />
                </a>
                <a href={`${photoUrl(record.id, file.id)}?download`} download className="admin-photo__download">
                  Download<span className="admin-visually-hidden"> {file.name}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  )
}
