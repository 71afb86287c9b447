// What the read cache and the kept pages hold, in the form the Node-level shortcut sends it.

/** One answer kept in memory, as the shortcut sends it: both encodings, and the ETag of the uncompressed bytes. */
export interface KeptAnswer {
  status: number
  body: Uint8Array<ArrayBuffer>
  /** Compressed once when stored, rather than on every request as the compression middleware would. */
  gzip: Uint8Array<ArrayBuffer>
  /** Quoted; the gzip variant carries it weak (`W/"..."`). */
  etag: string
}

/**
 * A place answers are kept (the read cache's API answers, the page renderer's kept pages) that the Node-level shortcut
 * may send, with the headers the full chain gave the same URL.
 */
export interface KeptAnswers {
  /** Whether a request target may be one of its answers (cheap; the rest of the checks come after). */
  serves(url: string): boolean
  /** The answer for `url` now, after the same freshness checks the chain makes (`fromSocket`), or null. */
  answer(url: string): Promise<KeptAnswer | null>
  /** The same, in the check phase after the request's poll phase, without waiting: undefined when it must wait. */
  answerInCheckPhase(url: string): KeptAnswer | null | undefined
  /** Whether the chain's answer to `url` with this ETag (as sent) is one of the answers kept for it. */
  isKept(url: string, etag: string): boolean
}

/** Whether Accept-Encoding takes gzip: named, and not refused with a zero weight (`q=0`, `q=0.0`, up to `q=0.000`). */
export const acceptsGzip = (header: string | undefined) =>
  Boolean(header && /\bgzip\b/i.test(header) && !/\bgzip\s*;\s*q=0(\.0{0,3})?(?![\d.])/i.test(header))
