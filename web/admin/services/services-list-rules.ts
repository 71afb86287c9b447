// Service Management's list rules (services-panel.tsx holds the React state): which services have a broken file, the
// selection kept after a reload or a delete, the order after a drag, a visibility change, and the sentences said.
import { arrayMove } from '@dnd-kit/sortable'
import { normaliseServiceId } from '../../../server/services/services.schema'
import type { Service } from '../admin-api'

const SERVICE_FILE = /^content\/services\/(.+)\.yaml$/

/** The ids of the services whose file has an error (the content problems name files). */
export const brokenServiceIds = (problems: readonly { file: string }[]): Set<string> =>
  new Set(problems.map((p) => SERVICE_FILE.exec(p.file)?.[1]).filter((id): id is string => !!id))

/** The service still selected after a reload: the same one while it exists, else the first, else none. */
export const keptSelection = (current: string | null, list: readonly Pick<Service, 'id'>[]): string | null =>
  current && list.some((s) => s.id === current) ? current : (list[0]?.id ?? null)

/** The services in the order of the ids a drag left. */
export function inOrder<T extends Pick<Service, 'id'>>(services: readonly T[], ids: readonly string[]): T[] {
  const byId = new Map(services.map((s) => [s.id, s]))
  return ids.map((id) => byId.get(id)!).filter(Boolean)
}

/** The ids after a drag of `active` onto `over`; null when it was dropped nowhere or on itself. */
export function draggedOrder(ids: readonly string[], active: string, over: string | null): string[] | null {
  if (over === null || active === over) return null
  return arrayMove([...ids], ids.indexOf(active), ids.indexOf(over))
}

/** One service as saved, in its place (the list not yet loaded stays so). */
export const replaceService = <T extends Pick<Service, 'id'>>(list: T[] | null, updated: T): T[] | null =>
  list?.map((s) => (s.id === updated.id ? updated : s)) ?? list

/** The list with one service shown or hidden. */
export const withVisibility = <T extends Pick<Service, 'id' | 'visible'>>(list: T[] | null, id: string, visible: boolean): T[] | null =>
  list?.map((s) => (s.id === id ? { ...s, visible } : s)) ?? list

/** A service about to be shown without a picture: the owner is asked first (visitors would see a placeholder). */
export const asksBeforeShowing = (service: Pick<Service, 'images'>, visible: boolean): boolean => visible && service.images.length === 0

/** The list after a delete, and the service selected then (the first, or none). */
export function afterDelete<T extends Pick<Service, 'id'>>(list: readonly T[] | null, id: string): { list: T[]; selected: string | null } {
  const next = (list ?? []).filter((s) => s.id !== id)
  return { list: next, selected: next[0]?.id ?? null }
}

/** The notice after a service was shown or hidden. */
export const visibilityNotice = (title: string, visible: boolean): string =>
  `"${title}" is now ${visible ? 'shown on' : 'hidden from'} the website.`

/** The notice when showing or hiding failed. */
export const visibilityFailure = (title: string): string => `Could not update visibility for ${title}. The change is reverted.`

/** The question before a service without a picture goes public. */
export const placeholderQuestion = (title: string): string =>
  `"${title}" has no picture, so visitors will see a balloon placeholder on its card and page. Keep it hidden until it has a picture? You can show it later with its switch.`

/** The Service ID field's hint: the id taken already, the web address it makes, or how to write one. */
export function newIdHint(typed: string, existingIds: readonly string[]): { id: string; taken: boolean; hint: string } {
  const id = normaliseServiceId(typed.trim())
  const taken = id !== '' && existingIds.includes(id)
  const hint = taken
    ? `A service with the ID "${id}" already exists.`
    : id
      ? `Web address: /services/${id} (lowercase letters, numbers and hyphens)`
      : 'Lowercase letters, numbers and hyphens, e.g. "baby-showers". Used in the web address.'
  return { id, taken, hint }
}
