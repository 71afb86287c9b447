// Drag modifiers (the @dnd-kit/modifiers package is not installed; this is the one we need).
import type { Modifier } from '@dnd-kit/core'

/** A vertical list only moves up and down, so a sideways wobble of the finger does not drift the row. */
export const restrictToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 })
