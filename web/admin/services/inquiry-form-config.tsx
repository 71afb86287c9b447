// The service page's inquiry form: its title and the balloon colour picker's settings.
import { Field } from '../ui/field'
import { SwitchField } from '../ui/switch-field'
import { MAX_BALLOON_COLORS_LIMIT, type EditorErrors, type EditorValues } from './editor-values'
import { COLOR_GROUPS, colorSettingsShown, MAX_COLORS_HINT } from './inquiry-form-options'

interface InquiryFormConfigProps {
  values: EditorValues
  errors: EditorErrors
  set: <K extends keyof EditorValues>(key: K, value: EditorValues[K]) => void
}

export function InquiryFormConfig({ values, errors, set }: InquiryFormConfigProps) {
  return (
    <section className="admin-card" aria-labelledby="inquiry-heading">
      <h3 className="admin-card__title" id="inquiry-heading">
        Inquiry form
      </h3>
      <p className="admin-card__hint">What visitors fill in on this service's page to ask for a quote.</p>
      <Field label="Form title" hint="Leave empty to use “Get a Quote”.">
        <input
          className="admin-input"
          value={values.inquiryFormTitle}
          placeholder="Get a Quote"
          onChange={(e) => set('inquiryFormTitle', e.target.value)}
        />
      </Field>

      <div className="admin-subsection">
        <h4 className="admin-subsection__title">Balloon colors</h4>
        <SwitchField
          label="Show balloon color selection"
          hint="Visitors can pick the balloon colors they would like."
          checked={values.showBalloonColorSelection}
          onChange={(checked) => set('showBalloonColorSelection', checked)}
        />
        {colorSettingsShown(values) && (
          <div className="admin-indent">
            <SwitchField
              label="Color selection required"
              hint="Visitors must pick at least one color to send the form."
              checked={values.balloonColorSelectionRequired}
              onChange={(checked) => set('balloonColorSelectionRequired', checked)}
            />
            <Field label="Maximum colors" hint={MAX_COLORS_HINT} error={errors.maxBalloonColors} className="admin-field--narrow">
              <input
                className="admin-input"
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_BALLOON_COLORS_LIMIT}
                step={1}
                placeholder="No limit"
                value={values.maxBalloonColors}
                onChange={(e) => set('maxBalloonColors', e.target.value)}
              />
            </Field>
            <fieldset className="admin-fieldset">
              <legend className="admin-field__label">Color groups to offer</legend>
              <div className="admin-toggle-grid">
                {COLOR_GROUPS.map(({ key, label }) => (
                  <SwitchField key={key} label={label} checked={values[key]} onChange={(checked) => set(key, checked)} />
                ))}
              </div>
            </fieldset>
          </div>
        )}
      </div>
    </section>
  )
}
