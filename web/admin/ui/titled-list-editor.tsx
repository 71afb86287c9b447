// A short list of items with a title and a text each (the home page's "Why Choose", the about page's values): add,
// remove and move up or down with buttons (keyboard and touch alike).
import './editor-parts.css'
import { Field } from './field'
import { TrashIcon } from './icons'

export interface TitledItem {
  title: string
  text: string
}

interface TitledListEditorProps {
  /** The item in words, e.g. "Why Choose item". */
  noun: string
  items: TitledItem[]
  max: number
  min?: number
  onChange: (items: TitledItem[]) => void
}

export function TitledListEditor({ noun, items, max, min = 0, onChange }: TitledListEditorProps) {
  const update = (index: number, patch: Partial<TitledItem>) =>
    onChange(items.map((item, i) => (i === index ? { ...item, ...patch } : item)))
  const move = (index: number, by: number) => {
    const next = [...items]
    const [item] = next.splice(index, 1)
    next.splice(index + by, 0, item)
    onChange(next)
  }
  return (
    <div className="admin-titled-list">
      <ol className="admin-titled-list__items">
        {items.map((item, i) => (
          <li key={i} className="admin-titled-list__item">
            <div className="admin-titled-list__head">
              <span className="admin-titled-list__number">
                {noun} {i + 1}
              </span>
              <div className="admin-titled-list__tools">
                <button
                  type="button"
                  className="admin-button admin-button--ghost admin-button--small"
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                  aria-label={`Move ${noun} ${i + 1} up`}
                >
                  ↑ Up
                </button>
                <button
                  type="button"
                  className="admin-button admin-button--ghost admin-button--small"
                  disabled={i === items.length - 1}
                  onClick={() => move(i, 1)}
                  aria-label={`Move ${noun} ${i + 1} down`}
                >
                  ↓ Down
                </button>
                <button
                  type="button"
                  className="admin-icon-button"
                  disabled={items.length <= min}
                  onClick={() => onChange(items.filter((_, j) => j !== i))}
                  aria-label={`Remove ${noun} ${i + 1}`}
                >
                  <TrashIcon />
                </button>
              </div>
            </div>
            <Field label={`${noun} ${i + 1} title`}>
              <input className="admin-input" value={item.title} maxLength={80} onChange={(e) => update(i, { title: e.target.value })} />
            </Field>
            <Field label={`${noun} ${i + 1} text`}>
              <textarea
                className="admin-input"
                rows={3}
                value={item.text}
                maxLength={600}
                onChange={(e) => update(i, { text: e.target.value })}
              />
            </Field>
          </li>
        ))}
      </ol>
      {items.length < max && (
        <button type="button" className="admin-button admin-button--outline" onClick={() => onChange([...items, { title: '', text: '' }])}>
          Add {noun.toLowerCase()}
        </button>
      )}
    </div>
  )
}
