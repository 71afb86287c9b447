// The server's clock for content schedules ("show from" / "show until"): the real time, unless moved for a preview or
// a test. FAKE_NOW (outside production) starts the clock at that instant, and it runs on from there.
let offsetMs = 0

/** Now, in ms since the epoch, as the schedules read it. */
export function clockNow(): number {
  return Date.now() + offsetMs
}

/** Moves the clock so that it reads `instant` now (and runs on from there); tests and FAKE_NOW. */
export function moveClockTo(instant: number): void {
  offsetMs = instant - Date.now()
}

/** Back to the real time. */
export function resetClock(): void {
  offsetMs = 0
}

/** Whether the clock is moved (the dashboard says so). */
export function clockMoved(): boolean {
  return offsetMs !== 0
}
