// Drag rules shared by every sortable list: mouse after 5 px, touch after a 120 ms press, keyboard, never from controls.
import { KeyboardSensor, MouseSensor, TouchSensor, useSensor, useSensors, type Announcements } from '@dnd-kit/core'
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable'

const INTERACTIVE = 'input, button, textarea, select, option, optgroup, video, audio, [contenteditable]:not([contenteditable="false"])'

/** A drag that starts on a form control or media element is refused, so clicks and typing keep working. */
export function startsOnInteractiveElement(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(INTERACTIVE) !== null
}

// dnd-kit's activator handlers all receive the React event first; the rest is passed through untouched.
type ActivatorHandler = (event: { nativeEvent: Event }, ...rest: never[]) => boolean

/** dnd-kit's activators, each refusing a drag that starts on a control. */
export function refuseInteractive<A extends { eventName: string; handler: unknown }>(activators: A[]): A[] {
  return activators.map((activator) => {
    const handler = activator.handler as ActivatorHandler
    const guarded: ActivatorHandler = (event, ...rest) => !startsOnInteractiveElement(event.nativeEvent.target) && handler(event, ...rest)
    return { ...activator, handler: guarded }
  })
}

class SafeMouseSensor extends MouseSensor {
  static activators = refuseInteractive(MouseSensor.activators)
}

class SafeTouchSensor extends TouchSensor {
  static activators = refuseInteractive(TouchSensor.activators)
}

class SafeKeyboardSensor extends KeyboardSensor {
  static activators = refuseInteractive(KeyboardSensor.activators)
}

/** When a press becomes a drag: a mouse moved 5 px, a finger held 120 ms (moving 5 px at most meanwhile). */
export const DRAG_START = {
  mouse: { activationConstraint: { distance: 5 } },
  touch: { activationConstraint: { delay: 120, tolerance: 5 } },
}

/** What a screen reader hears while reordering, naming items instead of their ids. */
export function reorderAnnouncements(
  nameOf: (id: string | number) => string,
  positionOf: (id: string | number) => number,
  total: () => number,
): Announcements {
  const where = (id: string | number) => `position ${positionOf(id) + 1} of ${total()}`
  return {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}. It is in ${where(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} was moved into ${where(over.id)}.` : `${nameOf(active.id)} is no longer over a position.`,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} was dropped at ${where(over.id)}.` : `${nameOf(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Reordering cancelled. ${nameOf(active.id)} was returned to its place.`,
  }
}

export const reorderInstructions = {
  draggable: 'To reorder, press Space or Enter to pick up, use the arrow keys to move, Space or Enter to drop, or Escape to cancel.',
}

// The hook last: the lines above are the rules (the mutation slice takes them), this is React's part.
export function useDragSensors() {
  return useSensors(
    useSensor(SafeMouseSensor, DRAG_START.mouse),
    useSensor(SafeTouchSensor, DRAG_START.touch),
    useSensor(SafeKeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
}
