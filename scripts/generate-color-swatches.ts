// Writes one small glossy balloon swatch per catalogue colour to web/public/balloon-colors/{slug}.svg.
// Run: npx tsx scripts/generate-color-swatches.ts
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { BALLOON_COLORS, type BalloonColor } from '../server/inquiries/balloon-colors'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const OUT = path.join(ROOT, 'web', 'public')

function rgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '')
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number]
}
function mix(a: string, b: string, t: number): string {
  const ca = rgb(a)
  const cb = rgb(b)
  return (
    '#' +
    ca
      .map((v, i) =>
        Math.round(v + (cb[i] - v) * t)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  )
}
const tint = (c: string, t: number): string => mix(c, '#ffffff', t)
const shade = (c: string, t: number): string => mix(c, '#1e1420', t)
const luminance = (c: string): number => {
  const [r, g, b] = rgb(c)
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255
}

// The balloon outline (a teardrop of radius 26 centred at 32,34) and its knot.
const BODY = 'M32 5.4C48.1 5.4 58 17.4 58 30.9 58 46.5 44 58.7 32 61.6 20 58.7 6 46.5 6 30.9 6 17.4 15.9 5.4 32 5.4Z'
const KNOT = 'M28.8 67.5h6.4L32 61.2z'
const STRING = 'M32 67.5c-3 4 3 6 0 11'
const SHINE =
  '<ellipse cx="22" cy="19" rx="7.5" ry="4.2" fill="#fff" opacity=".75" transform="rotate(-40 22 19)"/><circle cx="45" cy="43" r="2" fill="#fff" opacity=".45"/>'

function stops(list: [number, string, number?][]): string {
  return list.map(([o, c, op]) => `<stop offset="${o}" stop-color="${c}"${op === undefined ? '' : ` stop-opacity="${op}"`}/>`).join('')
}

const EFFECTS: Record<string, string[]> = {
  Rockstar: ['#7b3fa0', '#1f8a8a', '#c9a03d', '#c2185b'],
  Golden: ['#f6e7b0', '#a8801f', '#fff6d8', '#8a6516'],
  Silvery: ['#ffffff', '#8f96a0', '#eef1f4', '#6f7680'],
  Shadow: ['#8d8b94', '#23252c', '#6b6e78', '#15161b'],
}

function swatchSvg(color: BalloonColor): string {
  const { hex, group, name } = color
  const id = 'g'
  let defs: string
  let body: string
  let extra = ''
  const outline = luminance(hex) > 0.82 ? ` stroke="${shade(hex, 0.22)}" stroke-width="1"` : ''
  if (group === 'metallic') {
    defs = `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">${stops([
      [0, tint(hex, 0.75)],
      [0.28, hex],
      [0.45, shade(hex, 0.35)],
      [0.58, tint(hex, 0.55)],
      [0.78, hex],
      [1, shade(hex, 0.45)],
    ])}</linearGradient>`
    body = `<path d="${BODY}" fill="url(#${id})"${outline}/>`
  } else if (group === 'crystal') {
    defs = `<radialGradient id="${id}" cx=".4" cy=".35" r=".75">${stops([
      [0, tint(hex, 0.7), 0.5],
      [0.7, hex, 0.55],
      [1, shade(hex, 0.2), 0.8],
    ])}</radialGradient>`
    body = `<path d="${BODY}" fill="url(#${id})" stroke="${shade(hex, 0.25)}" stroke-opacity=".5" stroke-width="1"/>`
  } else if (group === 'effects') {
    const [a, b, c, d] = EFFECTS[name] ?? [tint(hex, 0.6), hex, tint(hex, 0.3), shade(hex, 0.4)]
    defs = `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">${stops([
      [0, a],
      [0.3, b],
      [0.5, c],
      [0.72, b],
      [1, d],
    ])}</linearGradient><clipPath id="c"><path d="${BODY}"/></clipPath>`
    body = `<path d="${BODY}" fill="url(#${id})"/>`
    // marbled swirls inside the balloon
    extra = `<g clip-path="url(#c)" fill="none" stroke-linecap="round"><path d="M4 24c12-10 22 8 34-2s18-4 24 2" stroke="${c}" stroke-width="4" opacity=".7"/><path d="M2 42c14-6 20 10 34 2s20-8 26-2" stroke="${d}" stroke-width="3" opacity=".55"/><path d="M10 56c10-6 18 2 28-4" stroke="${a}" stroke-width="2.5" opacity=".6"/></g>`
  } else {
    defs = `<radialGradient id="${id}" cx=".4" cy=".33" r=".75" fx=".36" fy=".28">${stops([
      [0, tint(hex, 0.55)],
      [0.35, tint(hex, 0.15)],
      [0.75, hex],
      [1, shade(hex, 0.3)],
    ])}</radialGradient>`
    body = `<path d="${BODY}" fill="url(#${id})"${outline}/>`
  }
  const knot = group === 'crystal' ? tint(hex, 0.3) : shade(hex, 0.15)
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 80" width="64" height="80" role="img" aria-label="${name}"><defs>${defs}</defs><path d="${STRING}" fill="none" stroke="#9a8f9b" stroke-width="1.2"/><path d="${KNOT}" fill="${knot}"/>${body}${extra}${SHINE}</svg>\n`
}

function main(): void {
  for (const color of BALLOON_COLORS) {
    const file = path.join(OUT, color.image)
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, swatchSvg(color))
  }
  console.log(`wrote ${BALLOON_COLORS.length} swatches to ${path.join(OUT, 'balloon-colors')}`)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main()
