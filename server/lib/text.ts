// Text fields the API accepts: one zod builder refuses invisible control characters with a message naming the field,
// so nothing a visitor or the owner types can break a commit message, a YAML file, an e-mail or a CSV row.
// Shared with the browser (the forms validate with the same schemas): zod only, no Node modules.
import { z } from 'zod'

/** C0 controls other than tab, line feed and carriage return; DEL; C1 controls. */
// oxlint-disable-next-line no-control-regex -- control characters are what this pattern finds and removes
const CONTROL_IN_BLOCK = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/
/** In a one-line field tab, line breaks (incl. U+2028/U+2029) are refused too. */
// oxlint-disable-next-line no-control-regex -- control characters are what this pattern finds and removes
const CONTROL_IN_LINE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/
/**
 * Bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069). They can make a name display
 * as something else ("Trojan source"), so one-line fields (titles, names, e-mail addresses) refuse them; longer text
 * (a quote, the about text, markdown) may need them for right-to-left writing and keeps them. The marks U+200E/U+200F
 * stay allowed everywhere.
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/
/** A surrogate pair, or (when the first group is empty) a lone surrogate, which UTF-8 cannot encode. */
const SURROGATES = /([\uD800-\uDBFF][\uDC00-\uDFFF])|[\uD800-\uDFFF]/g

/** Lone surrogates replaced by U+FFFD (what `toWellFormed()` does, for browsers without it). */
export function wellFormed(value: string): string {
  return value.replace(SURROGATES, (_match, pair: string | undefined) => pair ?? '\uFFFD')
}

export type TextKind = 'line' | 'block' | 'secret'

/** Why `value` is not acceptable text of this kind (a sentence naming `label`), or null when it is fine. */
export function textProblem(value: string, label: string, kind: TextKind = 'line'): string | null {
  if (/[\uD800-\uDFFF]/.test(value) && wellFormed(value) !== value) return `${label} contains an invalid character`
  if ((kind === 'block' ? CONTROL_IN_BLOCK : CONTROL_IN_LINE).test(value)) {
    return kind === 'line' && /[\t\n\r\u2028\u2029]/.test(value)
      ? `${label} must be one line`
      : `${label} must not contain control characters`
  }
  if (kind === 'line' && BIDI_CONTROL.test(value)) return `${label} must not contain text-direction control characters`
  return null
}

export interface TextOptions {
  /**
   * `line` (default): one line, trimmed; no control characters, line breaks or bidi controls.
   * `block`: several lines (tab, LF, CR allowed), not trimmed. `secret`: a password: one line, not trimmed.
   */
  kind?: TextKind
  /** The message when the value is missing or not a string (default: "<label> is required" / "<label> must be text"). */
  error?: string
}

/**
 * A string schema for one text field the API accepts. `label` names the field in every message ("Title must not
 * contain control characters"). Chain `.min()`, `.max()`, `.regex()`, `.optional()`... as with `z.string()`.
 */
export function plainText(label: string, { kind = 'line', error }: TextOptions = {}) {
  const base = z.string({
    // zod types this for a value that is not a string, yet calls it for every check of the string without its own
    // message: a limit is named as a limit here, not as "must be text".
    error: (typed) => {
      const issue = typed as { code: string; maximum?: unknown; minimum?: unknown; input?: unknown }
      if (issue.code === 'too_big') return `${label} is too long (${Number(issue.maximum).toLocaleString('en-US')} characters at most)`
      if (issue.code === 'too_small') return `${label} is too short (${Number(issue.minimum).toLocaleString('en-US')} characters at least)`
      if (issue.code === 'invalid_format') return `${label} is not in the expected form`
      return error ?? (issue.input === undefined ? `${label} is required` : `${label} must be text`)
    },
  })
  const trimmed = kind === 'line' ? base.trim() : base
  return trimmed.superRefine((value, ctx) => {
    const problem = textProblem(value, label, kind)
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value })
  })
}

/** One line (a title, a name): trimmed, no control or bidi characters. */
export const textLine = (label: string, error?: string) => plainText(label, { kind: 'line', error })
/** Several lines (a description, a quote, markdown): tab and line breaks allowed, no other control characters. */
export const textBlock = (label: string, error?: string) => plainText(label, { kind: 'block', error })

/**
 * A markdown file's body held to `max` characters, not counting the line break the file ends with: every saved file
 * ends with one (ContentStore.writeMarkdown adds it), so a body of exactly `max` characters must still read back.
 */
export const bodyWithin =
  (max: number) =>
  (body: string): boolean =>
    body.replace(/\r?\n$/, '').length <= max

/**
 * The last line of defence before text reaches a git commit message or a log line: one line, control and bidi
 * characters dropped, lone surrogates replaced, whitespace runs collapsed.
 */
export function oneLineForLog(value: string): string {
  return (
    wellFormed(value)
      // oxlint-disable-next-line no-control-regex -- control characters are what this pattern finds and removes
      .replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g, ' ')
      .replace(/[\u202A-\u202E\u2066-\u2069]/g, '')
      .replace(/ {2,}/g, ' ')
      .trim()
  )
}

/**
 * A new item's id from the words it is known by: "how-far-ahead-3f9a1c" (up to 40 characters of the words, lower
 * case, then six random hex digits), `fallback` for words without a letter or digit, never one of `taken`.
 */
export function idFromWords(words: string, fallback: string, taken: ReadonlySet<string>): string {
  const slug = words
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '')
  for (;;) {
    // Web Crypto, not node:crypto: the browser bundle imports this module for the shared schemas.
    const random = Array.from(crypto.getRandomValues(new Uint8Array(3)), (b) => b.toString(16).padStart(2, '0')).join('')
    const id = `${slug || fallback}-${random}`
    if (!taken.has(id)) return id
  }
}
