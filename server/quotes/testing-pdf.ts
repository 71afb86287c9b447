// Test helper: the text lines of a PDF made by pdfkit with its standard fonts (Flate streams inflated, the hex
// strings of each text object decoded), enough to check what a signed copy says.
import { inflateSync } from 'node:zlib'

/** Windows-1252 bytes 0x80-0x9F that pdfkit's standard fonts use for typographic marks. */
const CP1252: Record<number, string> = {
  0x91: '\u2018',
  0x92: '\u2019',
  0x93: '\u201C',
  0x94: '\u201D',
  0x96: '\u2013',
  0x97: '\u2014',
  0x85: '\u2026',
}

const decodeHex = (hex: string) => [...Buffer.from(hex, 'hex')].map((b) => CP1252[b] ?? String.fromCharCode(b)).join('')

export function pdfTextLines(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1')
  const lines: string[] = []
  for (const m of raw.matchAll(/<<([^<>]*)>>\s*stream\r?\n/g)) {
    const length = Number(/\/Length (\d+)/.exec(m[1]!)?.[1] ?? -1)
    const start = m.index + m[0].length
    const data = pdf.subarray(start, start + length)
    const content = (/\/FlateDecode/.test(m[1]!) ? inflateSync(data) : data).toString('latin1')
    for (const block of content.matchAll(/BT([^]*?)ET/g)) {
      lines.push([...block[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => decodeHex(h[1]!)).join(''))
    }
  }
  return lines
}

/** Each text object of a PDF with its font's name (Helvetica, Helvetica-Bold), size and position (points from the bottom left). */
export function pdfTextRuns(pdf: Buffer): { text: string; font: string; size: number; x: number; y: number }[] {
  const raw = pdf.toString('latin1')
  const baseFont = new Map([...raw.matchAll(/(\d+) 0 obj\s*<<[^>]*?\/BaseFont \/([A-Za-z-]+)/g)].map((m) => [m[1]!, m[2]!]))
  const fonts = new Map([...raw.matchAll(/\/(F\d+) (\d+) 0 R/g)].map((m) => [m[1]!, baseFont.get(m[2]!) ?? m[1]!]))
  const runs: { text: string; font: string; size: number; x: number; y: number }[] = []
  for (const m of raw.matchAll(/<<([^<>]*)>>\s*stream\r?\n/g)) {
    const length = Number(/\/Length (\d+)/.exec(m[1]!)?.[1] ?? -1)
    const start = m.index + m[0].length
    const data = pdf.subarray(start, start + length)
    const content = (/\/FlateDecode/.test(m[1]!) ? inflateSync(data) : data).toString('latin1')
    for (const block of content.matchAll(/BT([^]*?)ET/g)) {
      const at = /1 0 0 1 ([\d.-]+) ([\d.-]+) Tm/.exec(block[1]!)
      const font = /\/(F\d+) ([\d.]+) Tf/.exec(block[1]!)
      runs.push({
        text: [...block[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => decodeHex(h[1]!)).join(''),
        font: fonts.get(font?.[1] ?? '') ?? '',
        size: Number(font?.[2]),
        x: Number(at?.[1]),
        y: Number(at?.[2]),
      })
    }
  }
  return runs
}
