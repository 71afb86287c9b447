// An editor beside its preview on a wide screen; on a phone one of the two at a time, switched by the two buttons at
// the top (the owner never scrolls past a long editor to see the preview).
import './editor-parts.css'
import { useState, type ReactNode } from 'react'

export function EditPreview({ label, editor, preview }: { label: string; editor: ReactNode; preview: ReactNode }) {
  const [show, setShow] = useState<'edit' | 'preview'>('edit')
  return (
    <div className="admin-split" data-show={show}>
      <div className="admin-split__switch" role="group" aria-label={`${label}: edit or preview`}>
        <button type="button" className="admin-split__choice" aria-pressed={show === 'edit'} onClick={() => setShow('edit')}>
          Edit
        </button>
        <button type="button" className="admin-split__choice" aria-pressed={show === 'preview'} onClick={() => setShow('preview')}>
          Preview
        </button>
      </div>
      <div className="admin-split__editor">{editor}</div>
      <div className="admin-split__preview">{preview}</div>
    </div>
  )
}
