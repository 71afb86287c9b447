// False in the server's HTML and while React hydrates it, true once the app runs: for parts that only make sense,
// or should only load, after the first paint (their first render must match the server's).
import { useEffect, useState } from 'react'

export function useRunning(): boolean {
  const [running, setRunning] = useState(false)
  useEffect(() => setRunning(true), [])
  return running
}
