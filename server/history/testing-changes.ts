// Field and item changes as History's words read them, for the change-words tests.
import type { FieldChange, ItemChange } from './history.types'

export const field = (f: Partial<FieldChange> & { field: string }): FieldChange => ({
  label: f.field,
  kind: 'text',
  change: 'changed',
  before: 'a',
  after: 'b',
  ...f,
})

export const service = (id: string, title: string, change: ItemChange['change'], fields: FieldChange[] = []): ItemChange => ({
  item: `services/${id}`,
  label: `Service "${title}"`,
  path: `content/services/${id}.yaml`,
  change,
  fields,
})

export const file = (name: string, change: ItemChange['change']): ItemChange => ({
  item: `uploads/${name}`,
  label: name,
  path: `uploads/${name}`,
  change,
  fields: [],
})
