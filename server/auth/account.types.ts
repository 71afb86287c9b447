// What the dashboard's sign-in tab reads: the owner's sessions and the failed sign-ins (shared with web/admin/account).

/** A session as the owner sees it in the list. */
export interface SessionSummary {
  id: string
  /** "Chrome on macOS", worked out at sign-in; never the raw user agent. */
  device: string
  signedInAt: string
  lastSeenAt: string
  /** The session of the request that asked. */
  current: boolean
}

export interface LoginFailure {
  at: number
  device: string
  knownDevice: boolean
  /** Refused by the throttle (no password was checked) rather than a wrong password. */
  refused: boolean
}

export interface LoginActivitySummary {
  /** Failed sign-ins in the last 24 hours (wrong passwords and refused attempts). */
  failedLastDay: number
  refusedLastDay: number
  /** The latest, newest first. */
  recent: LoginFailure[]
}
