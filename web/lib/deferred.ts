// Lets a loader hand a slow part of a page to <Await> in the browser while the server renderer waits for it.
export type Deferred<T> = T | Promise<T>

/**
 * In the browser the page renders at once with a fallback where this data goes; on the server
 * (no document) the value is awaited so the rendered HTML is complete. Failures become null:
 * the part that needed the data shows nothing, as the spec asks for the home page.
 */
export async function deferInBrowser<T>(load: () => Promise<T>): Promise<{ value: Deferred<T | null> }> {
  const promise = load().catch((error: unknown) => {
    console.error(error)
    return null
  })
  return { value: typeof document === 'undefined' ? await promise : promise }
}
