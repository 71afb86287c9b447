// Field names in words, shared by the history diff and the dashboard's compare view (no Node imports).

export const SERVICE_FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  description: 'Short description',
  aboutText: 'About',
  pricingInfo: 'Pricing',
  visible: 'Visible on the site',
  images: 'Images',
  imageDescriptions: 'Picture descriptions',
  inquiryFormTitle: 'Inquiry form title',
  showBalloonColorSelection: 'Balloon colour picker',
  balloonColorSelectionRequired: 'Balloon colour required',
  maxBalloonColors: 'Maximum colours',
  showStandardColors: 'Standard colours',
  showMetallicColors: 'Metallic colours',
  showCrystalColors: 'Crystal colours',
  showEffectsColors: 'Effects colours',
  customTextFields: 'Custom text fields',
  customDropdownFields: 'Custom dropdown fields',
  fieldOrder: 'Custom field order',
  showFrom: 'Show from',
  showUntil: 'Show until',
}
