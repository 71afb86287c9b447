// CSV for spreadsheet exports: RFC 4180 quoting, CRLF rows, a BOM for Excel, and no formula injection.
const FORMULA_START = /^[=+\-@\t\r\n]/

/**
 * A cell a spreadsheet will show as text: leading = + - @ (and tab, CR, LF) get a ' so nothing is evaluated. Judged
 * on the NFKC form too, because some spreadsheets read the fullwidth ＝ ＋ － ＠ (and other compatibility forms) as
 * the plain ones.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value == null ? '' : String(value)
  if (FORMULA_START.test(text) || FORMULA_START.test(text.normalize('NFKC'))) text = `'${text}`
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text
}

export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  return '\uFEFF' + [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'
}

/** The same CSV made row by row as the rows arrive: a large export never sits whole in memory. */
export function csvStream(header: string[], rows: AsyncIterable<(string | number | null | undefined)[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const iterator = rows[Symbol.asyncIterator]()
  let started = false
  return new ReadableStream({
    async pull(controller) {
      if (!started) {
        started = true
        controller.enqueue(encoder.encode('\uFEFF' + header.map(csvCell).join(',') + '\r\n'))
        return
      }
      const next = await iterator.next()
      if (next.done) controller.close()
      else controller.enqueue(encoder.encode(next.value.map(csvCell).join(',') + '\r\n'))
    },
    async cancel() {
      await iterator.return?.()
    },
  })
}

/** The download answer: text/csv, attachment with a dated file name, never cached. */
export function csvResponse(csv: string | ReadableStream<Uint8Array>, fileBase: string, today: string): Response {
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileBase}-${today}.csv"`,
      'Cache-Control': 'no-store',
    },
  })
}
