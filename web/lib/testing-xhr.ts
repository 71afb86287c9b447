// A recorded XMLHttpRequest for the upload tests (Node has none): what was opened and sent, and an answer to give.
import { vi } from 'vitest'

type Handler = ((event: ProgressEvent) => void) | null

export class FakeXhr {
  static last: FakeXhr | undefined
  method = ''
  url = ''
  withCredentials = false
  headers: Record<string, string> = {}
  body: unknown
  status = 0
  responseText = ''
  aborted = false
  upload: { onprogress: Handler } = { onprogress: null }
  onload: Handler = null
  onerror: Handler = null
  onabort: Handler = null

  constructor() {
    FakeXhr.last = this
  }
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: unknown) {
    this.body = body
  }
  abort() {
    this.aborted = true
    this.onabort?.({} as ProgressEvent)
  }
  /** The upload's progress as the browser reports it. */
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ loaded, total, lengthComputable } as ProgressEvent)
  }
  answer(status: number, text: string) {
    this.status = status
    this.responseText = text
    this.onload?.({} as ProgressEvent)
  }
  fail() {
    this.onerror?.({} as ProgressEvent)
  }
}

/** Puts FakeXhr in place of XMLHttpRequest until vi.unstubAllGlobals(); the request made last is FakeXhr.last. */
export function stubXhr(): void {
  FakeXhr.last = undefined
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
}

/** The request made last (fails the test when none was made). */
export function lastXhr(): FakeXhr {
  if (!FakeXhr.last) throw new Error('no XMLHttpRequest was made')
  return FakeXhr.last
}
