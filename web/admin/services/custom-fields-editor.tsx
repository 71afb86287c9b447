// The service's own questions on its inquiry form: text fields and dropdowns, in fieldOrder order.
import { useRef, type Dispatch, type KeyboardEvent, type SetStateAction } from 'react'
import {
  MAX_PHOTOS_LIMIT,
  type CustomDropdownField,
  type CustomPhotoField,
  type CustomTextField,
} from '../../../server/services/services.schema'
import type { ShowWhen } from '../../../server/services/form-rules'
import { ShowWhenEditor } from './show-when-editor'
import { Field } from '../ui/field'
import { SwitchField } from '../ui/switch-field'
import { ArrowDownIcon, ArrowUpIcon, CloseIcon, PlusIcon, TrashIcon } from '../ui/icons'
import { newFieldId, type EditorErrors, type EditorValues } from './editor-values'
import {
  canRemoveOption,
  fieldIds,
  maxPhotosFromInput,
  maxPhotosInput,
  movedField,
  orderedFields,
  patchDropdownField,
  patchPhotosField,
  patchTextField,
  withDropdownField,
  withOptionAfter,
  withOptionChanged,
  withoutField,
  withoutOption,
  withPhotosField,
  withTextField,
  type AnyField,
} from './custom-fields-rules'

interface CustomFieldsEditorProps {
  values: EditorValues
  errors: EditorErrors
  setValues: Dispatch<SetStateAction<EditorValues>>
}

const TYPE_LABELS = { text: 'Text field', dropdown: 'Dropdown field', photos: 'Photos field' } as const

export function CustomFieldsEditor({ values, errors, setValues }: CustomFieldsEditorProps) {
  const focusAfterRender = useRef<string | null>(null)

  const fields: AnyField[] = orderedFields(values)

  const allIds = () => fieldIds(values)

  const addText = () => {
    const id = newFieldId('custom_', allIds())
    setValues((v) => withTextField(v, id))
  }
  const addDropdown = () => {
    const id = newFieldId('dropdown_', allIds())
    setValues((v) => withDropdownField(v, id))
  }
  const addPhotos = () => {
    const id = newFieldId('photos_', allIds())
    setValues((v) => withPhotosField(v, id))
  }
  const patchPhotos = (id: string, patch: Partial<CustomPhotoField>) => setValues((v) => patchPhotosField(v, id, patch))
  /** One change to any kind of field (title, instructions, optional, its rule). */
  const patchAny = (
    field: AnyField,
    patch: Partial<Pick<CustomTextField, 'header' | 'instructions' | 'optional'>> & { showWhen?: ShowWhen | null },
  ) =>
    field.kind === 'text'
      ? patchText(field.id, patch)
      : field.kind === 'dropdown'
        ? patchDropdown(field.id, () => patch)
        : patchPhotos(field.id, patch)
  const removeField = (id: string) => setValues((v) => withoutField(v, id))
  const move = (id: string, by: -1 | 1) => setValues((v) => movedField(v, id, by))
  const patchText = (id: string, patch: Partial<CustomTextField>) => setValues((v) => patchTextField(v, id, patch))
  const patchDropdown = (id: string, patch: (f: CustomDropdownField) => Partial<CustomDropdownField>) =>
    setValues((v) => patchDropdownField(v, id, patch))

  const addOption = (id: string, after: number) => {
    focusAfterRender.current = `${id}:${after + 1}`
    patchDropdown(id, (f) => ({ options: withOptionAfter(f.options, after) }))
  }
  const optionKeyDown = (id: string, index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    addOption(id, index)
  }
  const optionRef = (key: string) => (el: HTMLInputElement | null) => {
    if (el && focusAfterRender.current === key) {
      focusAfterRender.current = null
      el.focus()
    }
  }

  return (
    <section className="admin-card" aria-labelledby="custom-fields-heading">
      <div className="admin-card__header">
        <div>
          <h3 className="admin-card__title" id="custom-fields-heading">
            Custom form fields
          </h3>
          <p className="admin-card__hint">Extra questions for this service, shown after the standard fields in this order.</p>
        </div>
      </div>
      {fields.length === 0 && <p className="admin-empty-note">No custom fields yet.</p>}
      <ol className="admin-custom-fields">
        {fields.map((field, index) => {
          const err = (name: string) => errors[`${field.id}.${name}`]
          const typeLabel = TYPE_LABELS[field.kind]
          const name = field.header.trim() || `Untitled ${typeLabel.toLowerCase()}`
          return (
            <li key={field.id} className="admin-custom-field" data-field-id={field.id}>
              <div className="admin-custom-field__head">
                <span className={`admin-badge admin-badge--${field.kind}`}>{typeLabel}</span>
                <div className="admin-custom-field__tools">
                  <button
                    type="button"
                    className="admin-icon-button"
                    aria-label={`Move ${name} up`}
                    disabled={index === 0}
                    onClick={() => move(field.id, -1)}
                  >
                    <ArrowUpIcon />
                  </button>
                  <button
                    type="button"
                    className="admin-icon-button"
                    aria-label={`Move ${name} down`}
                    disabled={index === fields.length - 1}
                    onClick={() => move(field.id, 1)}
                  >
                    <ArrowDownIcon />
                  </button>
                  <button
                    type="button"
                    className="admin-icon-button admin-icon-button--danger"
                    aria-label={`Remove ${name}`}
                    onClick={() => removeField(field.id)}
                  >
                    <TrashIcon />
                  </button>
                </div>
              </div>
              <Field label="Field title" required error={err('header')}>
                <input
                  className="admin-input"
                  value={field.header}
                  placeholder={
                    field.kind === 'text' ? 'e.g. Theme or colors' : field.kind === 'photos' ? 'e.g. Inspiration photos' : 'e.g. Event type'
                  }
                  onChange={(e) => patchAny(field, { header: e.target.value })}
                />
              </Field>
              <Field label="Instructions" required hint="Helps visitors answer." error={err('instructions')}>
                <input
                  className="admin-input"
                  value={field.instructions}
                  onChange={(e) => patchAny(field, { instructions: e.target.value })}
                />
              </Field>
              <SwitchField
                label="Optional"
                hint={field.kind === 'photos' ? 'Visitors may send the form without photos.' : 'Visitors may leave it blank.'}
                checked={field.optional}
                onChange={(optional) => patchAny(field, { optional })}
              />
              {field.kind === 'photos' && (
                <Field
                  label="Up to how many photos"
                  hint={`1 to ${MAX_PHOTOS_LIMIT}; JPEG, PNG or WebP, 10 MB each.`}
                  error={err('maxPhotos')}
                >
                  <input
                    className="admin-input admin-input--narrow"
                    type="number"
                    min={1}
                    max={MAX_PHOTOS_LIMIT}
                    value={maxPhotosInput(field.maxPhotos)}
                    onChange={(e) => patchPhotos(field.id, { maxPhotos: maxPhotosFromInput(e.target.value) })}
                  />
                </Field>
              )}
              <ShowWhenEditor
                fieldId={field.id}
                fieldName={name}
                rule={field.showWhen}
                form={values}
                error={err('showWhen')}
                onChange={(showWhen) => patchAny(field, { showWhen })}
              />
              {field.kind === 'dropdown' && (
                <fieldset className="admin-fieldset">
                  <legend className="admin-field__label">
                    Options<span aria-hidden="true"> *</span>
                  </legend>
                  <p className="admin-field__hint">Press Enter in an option to add another.</p>
                  <ul className="admin-options">
                    {field.options.map((option, i) => (
                      <li key={i} className="admin-option">
                        <input
                          ref={optionRef(`${field.id}:${i}`)}
                          className="admin-input"
                          value={option}
                          aria-label={`Option ${i + 1}`}
                          onKeyDown={optionKeyDown(field.id, i)}
                          onChange={(e) => patchDropdown(field.id, (f) => ({ options: withOptionChanged(f.options, i, e.target.value) }))}
                        />
                        <button
                          type="button"
                          className="admin-icon-button"
                          aria-label={`Remove option ${i + 1}`}
                          disabled={!canRemoveOption(field.options)}
                          title={canRemoveOption(field.options) ? undefined : 'A dropdown needs at least one option'}
                          onClick={() => patchDropdown(field.id, (f) => ({ options: withoutOption(f.options, i) }))}
                        >
                          <CloseIcon />
                        </button>
                      </li>
                    ))}
                  </ul>
                  {err('options') && <p className="admin-field__error">{err('options')}</p>}
                  <button
                    type="button"
                    className="admin-button admin-button--ghost admin-button--small"
                    onClick={() => addOption(field.id, field.options.length - 1)}
                  >
                    <PlusIcon /> Add Option
                  </button>
                </fieldset>
              )}
            </li>
          )
        })}
      </ol>
      <div className="admin-button-row">
        <button type="button" className="admin-button admin-button--outline" onClick={addText}>
          <PlusIcon /> Add Text Field
        </button>
        <button type="button" className="admin-button admin-button--outline" onClick={addDropdown}>
          <PlusIcon /> Add Dropdown Field
        </button>
        <button type="button" className="admin-button admin-button--outline" onClick={addPhotos}>
          <PlusIcon /> Add Photos Field
        </button>
      </div>
    </section>
  )
}
