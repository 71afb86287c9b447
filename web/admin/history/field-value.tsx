// One side (before or after) of a changed field: text with the words that changed highlighted, pictures as thumbnails.
import type { FieldChange } from './history-api'
import { diffText } from './word-diff'

const asText = (value: FieldChange['before']) => (value === null ? null : Array.isArray(value) ? value.join('\n') : value)
const asList = (value: FieldChange['before']) => (value === null ? [] : Array.isArray(value) ? value : [value])

interface Props {
  field: FieldChange
  side: 'before' | 'after'
  /** Where a picture's thumbnail is loaded from (a version in history); on failure, the site's file is tried. */
  imageSrc: (url: string) => string
}

export function FieldValue({ field, side, imageSrc }: Props) {
  const value = field[side]
  if (value === null) return <span className="history__none">(none)</span>
  if (field.kind === 'images') {
    const urls = asList(value)
    if (urls.length === 0) return <span className="history__none">(no images)</span>
    const other = new Set(asList(field[side === 'before' ? 'after' : 'before']))
    const mark = side === 'before' ? 'Removed' : 'Added'
    return (
      <span className="history__thumbs">
        {urls.map((url, i) => {
          const changed = !other.has(url)
          return (
            <span
              key={`${url}-${i}`}
              className={`history__thumb${changed ? ` history__thumb--${side === 'before' ? 'removed' : 'added'}` : ''}`}
            >
              <img
                className="history__thumb-img"
                src={imageSrc(url)}
                onError={(e) => {
                  if (e.currentTarget.src !== new URL(url, window.location.origin).href) e.currentTarget.src = url
                }}
                alt={`${field.label} ${i + 1}${changed ? ` (${mark.toLowerCase()})` : ''}`}
                loading="lazy"
              />
              {changed && <span className="history__thumb-mark">{mark}</span>}
            </span>
          )
        })}
      </span>
    )
  }
  const text = asText(value)!
  if (text === '') return <span className="history__none">(empty)</span>
  const before = asText(field.before)
  const after = asText(field.after)
  const parts = before && after ? diffText(before, after) : null
  if (!parts) return <span className="history__text">{text}</span>
  const shown = side === 'before' ? 'removed' : 'added'
  return (
    <span className="history__text">
      {parts
        .filter((p) => p.op === 'same' || p.op === shown)
        .map((p, i) =>
          p.op === 'same' ? (
            <span key={i}>{p.text}</span>
          ) : side === 'before' ? (
            <del key={i} className="history__del">
              {p.text}
            </del>
          ) : (
            <ins key={i} className="history__ins">
              {p.text}
            </ins>
          ),
        )}
    </span>
  )
}
