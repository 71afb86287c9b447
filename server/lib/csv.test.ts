import { describe, expect, it } from 'vitest'
import { csvCell, csvResponse, csvStream, toCsv } from './csv'

describe('CSV', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell(undefined)).toBe('')
  })

  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`)
    expect(csvCell('+1 503 555 0100')).toBe("'+1 503 555 0100")
    expect(csvCell('-2')).toBe("'-2")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
  })

  it('also a cell starting with a line feed or CR, and the fullwidth forms of = + - @ (NFKC)', () => {
    expect(csvCell('\n=HYPERLINK("http://evil")')).toBe(`"'\n=HYPERLINK(""http://evil"")"`)
    expect(csvCell('\r=1+1')).toBe(`"'\r=1+1"`)
    expect(csvCell('＝HYPERLINK("http://evil")')).toBe(`"'＝HYPERLINK(""http://evil"")"`)
    expect(csvCell('＋1')).toBe("'＋1")
    expect(csvCell('－2')).toBe("'－2")
    expect(csvCell('＠SUM(A1)')).toBe("'＠SUM(A1)")
    expect(csvCell('﹦1')).toBe("'﹦1")
    expect(csvCell('Ｊane')).toBe('Ｊane')
  })

  it('starts with a BOM and ends rows with CRLF', () => {
    expect(toCsv(['a', 'b'], [['1', '2']])).toBe('\uFEFFa,b\r\n1,2\r\n')
  })
})

describe('CSV cells and the download', () => {
  it('quotes a cell with space at either end; leaves formula characters inside a cell alone', () => {
    expect(csvCell(' padded ')).toBe('" padded "')
    expect(csvCell('a=b+c-d@e')).toBe('a=b+c-d@e')
    expect(csvCell(42)).toBe('42')
  })

  it('answers text/csv as an attachment named with the day, never cached', async () => {
    const res = csvResponse('\uFEFFa\r\n', 'subscribers', '2026-11-25')
    expect(Object.fromEntries(res.headers)).toEqual({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="subscribers-2026-11-25.csv"',
      'cache-control': 'no-store',
    })
    // The bytes as sent, BOM included (text() would drop it).
    expect(Buffer.from(await res.arrayBuffer())).toEqual(Buffer.from('\uFEFFa\r\n', 'utf8'))
  })
})

describe('the streamed CSV (the inquiries export)', () => {
  type Row = (string | number | null | undefined)[]
  /** Rows handed out one at a time, noting how many were asked for and whether the export let go of them. */
  function source(list: Row[]) {
    const seen = { asked: 0, returned: false }
    const rows: AsyncIterable<Row> = {
      [Symbol.asyncIterator]: () => ({
        next: async () => (seen.asked < list.length ? { done: false, value: list[seen.asked++]! } : { done: true, value: undefined }),
        return: async () => {
          seen.returned = true
          return { done: true, value: undefined }
        },
      }),
    }
    return { rows, seen }
  }

  it('gives the very bytes toCsv gives: the BOM, the header, each row quoted and made safe, CRLF after each', async () => {
    const header = ['Name', 'Notes, kept']
    const list: Row[] = [
      ['Jane', '=HYPERLINK("x")'],
      ['Sam, Jr.', null],
      [3, 'two\nlines'],
    ]
    const text = await new Response(csvStream(header, source(list).rows)).text()
    expect(text).toBe(toCsv(header, list).replace(/^\uFEFF/, ''))
    const bytes = new Uint8Array(await new Response(csvStream(header, source(list).rows)).arrayBuffer())
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  })

  it('with no rows, still the header line', async () => {
    const bytes = new Uint8Array(await new Response(csvStream(['A', 'B'], source([]).rows)).arrayBuffer())
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe('\uFEFFA,B\r\n')
  })

  it('asks for a row only when the reader wants one, and lets go of the rows when the download is cancelled', async () => {
    const { rows, seen } = source([['a'], ['b'], ['c']])
    const reader = csvStream(['X'], rows).getReader()
    const decode = (chunk: Uint8Array | undefined) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(chunk)
    expect(decode((await reader.read()).value)).toBe('\uFEFFX\r\n')
    expect(decode((await reader.read()).value)).toBe('a\r\n')
    expect(seen.asked).toBeLessThan(3)
    await reader.cancel()
    expect(seen.returned).toBe(true)
  })
})
