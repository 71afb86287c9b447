// The service editor's rules (service-editor.tsx holds the React state): when the link to the live page shows, when a
// save goes, what the save bar says, and the sentences after a save or a delete.
import { isShownAt, type ScheduleWindow } from '../../../server/lib/schedule'
import type { Service } from '../admin-api'
import type { EditorErrors } from './editor-values'

/** The version the dashboard read with the service; sent back so a save over someone else's change is refused. */
export const versionOf = (service: Service): string | undefined => (service as Service & { version?: string }).version

/** "View on website" shows only while visitors can open the page: switched on and inside its schedule now. */
export const showsOnWebsite = (service: Pick<Service, 'visible'> & ScheduleWindow, now: number): boolean =>
  service.visible && isShownAt(service, now)

export const isValid = (errors: EditorErrors): boolean => Object.keys(errors).length === 0

/** Save Changes sends the fields only when something changed and every field is valid. */
export const savesNow = (changed: boolean, valid: boolean): boolean => changed && valid

/**
 * The save bar: unsaved while a field or a picture description is (the description saves on its own, so Discard offers
 * only the fields), and blocked while a field is invalid.
 */
export function saveBarState(changed: boolean, pictureUnsaved: boolean, valid: boolean) {
  return {
    changed: changed || pictureUnsaved,
    blocked: valid ? null : 'Please fix the highlighted fields before saving.',
    discardable: changed,
  }
}

export const savedNotice = (title: string): string => `"${title}" is updated on the website.`

export const deletedNotice = (title: string): string => `"${title}" was removed.`

export const deleteQuestion = (title: string): string => `Are you sure you want to delete "${title}"? This action cannot be undone.`
