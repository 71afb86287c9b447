// A plain button standing in for a heavier widget (a Radix menu or dialog) until a visitor reaches for it.
import { Suspense, useState, type ButtonHTMLAttributes, type ReactNode } from 'react'

/**
 * Hover or focus starts loading the widget's chunk; a click mounts it (the widget opens itself). The stand-in is
 * rendered the same on the server and in the browser, so hydration never waits on the widget's code.
 */
export function LoadOnUse({
  load,
  button,
  children,
}: {
  load: () => Promise<unknown>
  /** The stand-in's class, label and contents: the same as the widget's own trigger. */
  button: ButtonHTMLAttributes<HTMLButtonElement>
  /** The widget, once used; `byKeyboard` when Enter or Space pressed the stand-in (a menu then focuses its first item). */
  children: (byKeyboard: boolean) => ReactNode
}) {
  const [used, setUsed] = useState<{ byKeyboard: boolean } | null>(null)
  const stand = (
    <button
      type="button"
      {...button}
      onPointerEnter={() => void load()}
      onFocus={() => void load()}
      onClick={(event) => setUsed({ byKeyboard: event.detail === 0 })}
    />
  )
  if (!used) return stand
  return <Suspense fallback={stand}>{children(used.byKeyboard)}</Suspense>
}
