// Draws the seed illustrations (service pictures, hero, social share image, delivery van) as SVG and renders them with sharp.
// Run: npx tsx scripts/generate-seed-images.ts   (deterministic: same output on every run)
import sharp from 'sharp'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const UPLOADS = path.join(ROOT, 'uploads')
const PUBLIC_IMAGES = path.join(ROOT, 'web', 'public', 'images')
const BRAND = 'Peony & Pine'

// ---------------------------------------------------------------- helpers

type RNG = () => number
type Pt = [number, number]

function mulberry32(seed: number): RNG {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const n = (x: number): number => Math.round(x * 10) / 10

function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '')
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)]
}
function mix(a: string, b: string, t: number): string {
  const ca = hexToRgb(a)
  const cb = hexToRgb(b)
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
const lighten = (c: string, t: number): string => mix(c, '#ffffff', t)
const darken = (c: string, t: number): string => mix(c, '#2a1830', t)
const pick = <T>(rng: RNG, list: readonly T[]): T => list[Math.floor(rng() * list.length)]
const between = (rng: RNG, a: number, b: number): number => a + (b - a) * rng()

type Finish = 'latex' | 'chrome' | 'pearl' | 'clear'

/** One picture being drawn: an SVG body plus the gradient and filter definitions it uses. */
class Scene {
  private defs = new Map<string, string>()
  private parts: string[] = []
  constructor(
    public w: number,
    public h: number,
    public rng: RNG,
  ) {
    this.def(
      'hl',
      `<radialGradient id="hl"><stop offset="0" stop-color="#fff" stop-opacity=".95"/><stop offset=".55" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
    )
    this.def('blur', `<filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="14"/></filter>`)
    this.def('blur2', `<filter id="blur2" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="5"/></filter>`)
  }
  def(id: string, body: string): void {
    if (!this.defs.has(id)) this.defs.set(id, body)
  }
  add(...s: string[]): void {
    this.parts.push(...s)
  }
  /** A fill for a balloon-like shape of the given colour and finish. */
  fill(color: string, finish: Finish = 'latex'): string {
    const id = `${finish}-${color.slice(1)}`
    if (finish === 'latex') {
      this.def(
        id,
        `<radialGradient id="${id}" cx=".4" cy=".34" r=".74" fx=".36" fy=".28"><stop offset="0" stop-color="${lighten(color, 0.5)}"/><stop offset=".3" stop-color="${lighten(color, 0.16)}"/><stop offset=".72" stop-color="${color}"/><stop offset="1" stop-color="${darken(color, 0.3)}"/></radialGradient>`,
      )
    } else if (finish === 'pearl') {
      this.def(
        id,
        `<radialGradient id="${id}" cx=".4" cy=".34" r=".74" fx=".36" fy=".28"><stop offset="0" stop-color="#fff"/><stop offset=".4" stop-color="${lighten(color, 0.35)}"/><stop offset=".8" stop-color="${color}"/><stop offset="1" stop-color="${darken(color, 0.18)}"/></radialGradient>`,
      )
    } else if (finish === 'chrome') {
      this.def(
        id,
        `<radialGradient id="${id}" cx=".42" cy=".36" r=".72" fx=".34" fy=".26"><stop offset="0" stop-color="${lighten(color, 0.85)}"/><stop offset=".18" stop-color="${lighten(color, 0.35)}"/><stop offset=".42" stop-color="${color}"/><stop offset=".62" stop-color="${darken(color, 0.42)}"/><stop offset=".82" stop-color="${lighten(color, 0.2)}"/><stop offset="1" stop-color="${darken(color, 0.35)}"/></radialGradient>`,
      )
    } else {
      this.def(
        id,
        `<radialGradient id="${id}" cx=".4" cy=".34" r=".75"><stop offset="0" stop-color="#fff" stop-opacity=".45"/><stop offset=".7" stop-color="${lighten(color, 0.6)}" stop-opacity=".22"/><stop offset="1" stop-color="${color}" stop-opacity=".45"/></radialGradient>`,
      )
    }
    return `url(#${id})`
  }
  linear(id: string, stops: [number, string, number?][], x2 = 0, y2 = 1): string {
    this.def(
      id,
      `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops.map(([o, c, op]) => `<stop offset="${o}" stop-color="${c}"${op === undefined ? '' : ` stop-opacity="${op}"`}/>`).join('')}</linearGradient>`,
    )
    return `url(#${id})`
  }
  radial(id: string, stops: [number, string, number?][]): string {
    this.def(
      id,
      `<radialGradient id="${id}">${stops.map(([o, c, op]) => `<stop offset="${o}" stop-color="${c}"${op === undefined ? '' : ` stop-opacity="${op}"`}/>`).join('')}</radialGradient>`,
    )
    return `url(#${id})`
  }
  svg(): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.w}" height="${this.h}" viewBox="0 0 ${this.w} ${this.h}"><defs>${[...this.defs.values()].join('')}</defs>${this.parts.join('')}</svg>`
  }
}

// ---------------------------------------------------------------- balloon primitives

/** A round balloon as seen in garlands, columns and mosaics. */
function round(s: Scene, cx: number, cy: number, r: number, color: string, finish: Finish = 'latex'): void {
  s.add(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${s.fill(color, finish)}"/>`)
  if (finish === 'clear') confetti(s, cx, cy, r)
  const hx = cx - r * 0.38
  const hy = cy - r * 0.42
  s.add(
    `<ellipse cx="${n(hx)}" cy="${n(hy)}" rx="${n(r * 0.3)}" ry="${n(r * 0.17)}" fill="url(#hl)" transform="rotate(-40 ${n(hx)} ${n(hy)})"/>`,
  )
  if (finish === 'chrome' || finish === 'clear')
    s.add(`<circle cx="${n(cx + r * 0.42)}" cy="${n(cy + r * 0.4)}" r="${n(r * 0.08)}" fill="url(#hl)" opacity=".7"/>`)
}

function confetti(s: Scene, cx: number, cy: number, r: number): void {
  const colors = ['#c9a03d', '#e8c46a', '#f48fb1', '#ffffff']
  for (let i = 0; i < 16; i++) {
    const a = s.rng() * Math.PI * 2
    const d = Math.sqrt(s.rng()) * r * 0.8
    const x = cx + Math.cos(a) * d
    const y = cy + Math.sin(a) * d * 1.05
    s.add(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * between(s.rng, 0.035, 0.06))}" fill="${pick(s.rng, colors)}" opacity=".9"/>`)
  }
}

const TEAR = 'M0,-1.1C.62,-1.1 1,-.64 1,-.12C1,.48 .46,.95 0,1.06C-.46,.95 -1,.48 -1,-.12C-1,-.64 -.62,-1.1 0,-1.1Z'

/** A teardrop balloon with its knot; returns where the knot is so a string can hang from it. */
function tear(s: Scene, cx: number, cy: number, r: number, color: string, finish: Finish = 'latex', rot = 0): Pt {
  const knotColor = finish === 'clear' ? '#dfe6ea' : darken(color, 0.12)
  s.add(`<g transform="translate(${n(cx)} ${n(cy)}) rotate(${n(rot)})">`)
  s.add(`<path d="M${n(-r * 0.09)},${n(r * 1.2)} L${n(r * 0.09)},${n(r * 1.2)} L0,${n(r * 1.03)} Z" fill="${knotColor}"/>`)
  s.add(
    `<path d="${TEAR}" transform="scale(${n(r)})" fill="${s.fill(color, finish)}"${finish === 'clear' ? ' stroke="#ffffff" stroke-opacity=".6" stroke-width=".02"' : ''}/>`,
  )
  if (finish === 'clear') confetti(s, 0, -r * 0.05, r)
  s.add(
    `<ellipse cx="${n(-r * 0.4)}" cy="${n(-r * 0.52)}" rx="${n(r * 0.3)}" ry="${n(r * 0.16)}" fill="url(#hl)" transform="rotate(-42 ${n(-r * 0.4)} ${n(-r * 0.52)})"/>`,
  )
  s.add(`<circle cx="${n(r * 0.5)}" cy="${n(r * 0.36)}" r="${n(r * 0.07)}" fill="url(#hl)" opacity=".6"/>`)
  s.add('</g>')
  const a = (rot * Math.PI) / 180
  return [cx - Math.sin(a) * r * 1.2, cy + Math.cos(a) * r * 1.2]
}

function ribbon(s: Scene, from: Pt, to: Pt, sway = 0, color = '#8f8290', width = 2): void {
  const mx = (from[0] + to[0]) / 2 + sway
  const my = (from[1] + to[1]) / 2
  s.add(
    `<path d="M${n(from[0])},${n(from[1])} Q${n(mx)},${n(my)} ${n(to[0])},${n(to[1])}" fill="none" stroke="${color}" stroke-width="${width}" stroke-opacity=".75"/>`,
  )
}

/** A curling ribbon end below a balloon weight. */
function curl(s: Scene, x: number, y: number, len: number, color: string): void {
  let d = `M${n(x)},${n(y)}`
  for (let i = 1; i <= 24; i++) {
    const t = i / 24
    d += ` L${n(x + Math.sin(t * Math.PI * 5) * 10 * (1 - t * 0.4))},${n(y + t * len)}`
  }
  s.add(`<path d="${d}" fill="none" stroke="${color}" stroke-width="3" stroke-linecap="round"/>`)
}

function shadow(s: Scene, cx: number, cy: number, rx: number, ry: number, opacity = 0.2): void {
  s.add(`<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="#3a2433" opacity="${opacity}" filter="url(#blur)"/>`)
}

function leaf(s: Scene, x: number, y: number, len: number, width: number, angle: number, color: string): void {
  const f = s.linear(
    `leaf-${color.slice(1)}`,
    [
      [0, lighten(color, 0.25)],
      [1, darken(color, 0.25)],
    ],
    1,
    0,
  )
  s.add(
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})"><path d="M0,0 Q${n(width)},${n(-len * 0.45)} 0,${n(-len)} Q${n(-width)},${n(-len * 0.45)} 0,0Z" fill="${f}"/><path d="M0,0 L0,${n(-len * 0.92)}" stroke="${darken(color, 0.3)}" stroke-width="1.5" opacity=".5"/></g>`,
  )
}

/** A eucalyptus sprig: a curved stem with pairs of round leaves. */
function sprig(s: Scene, x: number, y: number, len: number, angle: number, color = '#8ba593'): void {
  s.add(`<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})">`)
  s.add(`<path d="M0,0 Q${n(len * 0.1)},${n(-len * 0.5)} 0,${n(-len)}" stroke="${darken(color, 0.35)}" stroke-width="2.5" fill="none"/>`)
  const f = s.fill(color, 'pearl')
  for (let i = 1; i <= 6; i++) {
    const t = i / 6.5
    const r = len * 0.09 * (1 - t * 0.35)
    const yy = -len * t
    s.add(
      `<ellipse cx="${n(-r * 0.95)}" cy="${n(yy)}" rx="${n(r)}" ry="${n(r * 0.8)}" fill="${f}"/><ellipse cx="${n(r * 0.95 + len * 0.02)}" cy="${n(yy - r * 0.6)}" rx="${n(r)}" ry="${n(r * 0.8)}" fill="${f}"/>`,
    )
  }
  s.add('</g>')
}

// ---------------------------------------------------------------- backgrounds and props

interface Backdrop {
  wall: [string, string]
  floor: [string, string]
  floorY: number
  decor?: 'panels' | 'arch' | 'window' | 'none'
  glow?: Pt
}

function backdrop(s: Scene, b: Backdrop): void {
  const { w, h } = s
  s.add(
    `<rect width="${w}" height="${h}" fill="${s.linear('wall', [
      [0, b.wall[0]],
      [1, b.wall[1]],
    ])}"/>`,
  )
  const g = b.glow ?? [w / 2, b.floorY * 0.55]
  s.add(
    `<ellipse cx="${n(g[0])}" cy="${n(g[1])}" rx="${n(w * 0.45)}" ry="${n(h * 0.5)}" fill="${s.radial('glow', [
      [0, '#ffffff', 0.55],
      [1, '#ffffff', 0],
    ])}"/>`,
  )
  const line = darken(b.wall[1], 0.08)
  if (b.decor === 'panels') {
    const count = Math.round(w / 420)
    const pw = w / count
    for (let i = 0; i < count; i++) {
      s.add(
        `<rect x="${n(i * pw + 40)}" y="${n(b.floorY * 0.12)}" width="${n(pw - 80)}" height="${n(b.floorY * 0.5)}" rx="6" fill="none" stroke="${line}" stroke-opacity=".35" stroke-width="3"/>`,
      )
      s.add(
        `<rect x="${n(i * pw + 40)}" y="${n(b.floorY * 0.7)}" width="${n(pw - 80)}" height="${n(b.floorY * 0.22)}" rx="6" fill="none" stroke="${line}" stroke-opacity=".35" stroke-width="3"/>`,
      )
    }
  } else if (b.decor === 'arch') {
    const aw = Math.min(w * 0.42, 640)
    const x0 = w / 2 - aw / 2
    s.add(
      `<path d="M${n(x0)},${n(b.floorY)} L${n(x0)},${n(b.floorY * 0.42)} A${n(aw / 2)},${n(aw / 2)} 0 0 1 ${n(x0 + aw)},${n(b.floorY * 0.42)} L${n(x0 + aw)},${n(b.floorY)}Z" fill="${darken(b.wall[1], 0.05)}" opacity=".55"/>`,
    )
  } else if (b.decor === 'window') {
    const ww = w * 0.16
    for (const x of [w * 0.12, w * 0.88 - ww]) {
      s.add(
        `<rect x="${n(x)}" y="${n(b.floorY * 0.12)}" width="${n(ww)}" height="${n(b.floorY * 0.62)}" rx="${n(ww / 2)}" fill="${s.linear(
          'win',
          [
            [0, '#ffffff', 0.85],
            [1, '#eef4f7', 0.5],
          ],
        )}" stroke="${line}" stroke-opacity=".3" stroke-width="6"/>`,
      )
      s.add(
        `<path d="M${n(x + ww / 2)},${n(b.floorY * 0.12)} V${n(b.floorY * 0.74)} M${n(x)},${n(b.floorY * 0.46)} H${n(x + ww)}" stroke="${line}" stroke-opacity=".25" stroke-width="5"/>`,
      )
    }
  }
  s.add(
    `<rect y="${n(b.floorY)}" width="${w}" height="${n(h - b.floorY)}" fill="${s.linear('floor', [
      [0, b.floor[0]],
      [1, b.floor[1]],
    ])}"/>`,
  )
  s.add(
    `<rect y="${n(b.floorY - 14)}" width="${w}" height="14" fill="${lighten(b.wall[1], 0.35)}"/><rect y="${n(b.floorY)}" width="${w}" height="3" fill="${darken(b.floor[0], 0.15)}" opacity=".5"/>`,
  )
}

function sky(s: Scene, groundY: number): void {
  const { w, h } = s
  s.add(
    `<rect width="${w}" height="${h}" fill="${s.linear('sky', [
      [0, '#9fd0f0'],
      [0.7, '#dff0fb'],
      [1, '#fdf6ec'],
    ])}"/>`,
  )
  for (const [cx, cy, k] of [
    [w * 0.15, h * 0.16, 1],
    [w * 0.78, h * 0.1, 0.8],
    [w * 0.55, h * 0.24, 0.6],
  ] as [number, number, number][]) {
    for (const [dx, dy, r] of [
      [0, 0, 60],
      [55, -20, 70],
      [115, 5, 55],
      [-50, 12, 45],
    ] as [number, number, number][]) {
      s.add(`<circle cx="${n(cx + dx * k)}" cy="${n(cy + dy * k)}" r="${n(r * k)}" fill="#fff" opacity=".85"/>`)
    }
  }
  // Portland-ish skyline silhouette and the West Hills behind the street
  s.add(
    `<path d="M0,${n(groundY - 150)} Q${n(w * 0.25)},${n(groundY - 260)} ${n(w * 0.5)},${n(groundY - 170)} T${w},${n(groundY - 190)} V${n(groundY)} H0Z" fill="#b9d7c4" opacity=".8"/>`,
  )
  const rng = mulberry32(7)
  let x = 0
  while (x < w) {
    const bw = between(rng, 50, 120)
    const bh = between(rng, 60, 190)
    s.add(`<rect x="${n(x)}" y="${n(groundY - bh)}" width="${n(bw - 6)}" height="${n(bh)}" fill="#a9bfd0" opacity=".75"/>`)
    x += bw
  }
  s.add(
    `<rect y="${n(groundY)}" width="${w}" height="${n(h - groundY)}" fill="${s.linear('street', [
      [0, '#c9c3c0'],
      [1, '#a9a3a3'],
    ])}"/>`,
  )
  s.add(`<rect y="${n(groundY)}" width="${w}" height="22" fill="#e2dcd8"/>`)
}

function bunting(s: Scene, from: Pt, to: Pt, sag: number, colors: string[]): void {
  const count = Math.round(Math.hypot(to[0] - from[0], to[1] - from[1]) / 70)
  const q = (t: number): Pt => {
    const mx = (from[0] + to[0]) / 2
    const my = (from[1] + to[1]) / 2 + sag
    const x = (1 - t) ** 2 * from[0] + 2 * (1 - t) * t * mx + t * t * to[0]
    const y = (1 - t) ** 2 * from[1] + 2 * (1 - t) * t * my + t * t * to[1]
    return [x, y]
  }
  const p0 = from
  const mid: Pt = [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2 + sag]
  s.add(
    `<path d="M${n(p0[0])},${n(p0[1])} Q${n(mid[0])},${n(mid[1] + sag)} ${n(to[0])},${n(to[1])}" stroke="#6b5d6c" stroke-width="2" fill="none"/>`,
  )
  for (let i = 0; i < count; i++) {
    const a = q((i + 0.1) / count)
    const b = q((i + 0.9) / count)
    const tip: Pt = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2 + 52]
    s.add(`<path d="M${n(a[0])},${n(a[1])} L${n(b[0])},${n(b[1])} L${n(tip[0])},${n(tip[1])}Z" fill="${colors[i % colors.length]}"/>`)
  }
}

function table(s: Scene, cx: number, topY: number, width: number, height: number, cloth: string): void {
  shadow(s, cx, topY + height, width * 0.55, 24, 0.25)
  s.add(
    `<path d="M${n(cx - width / 2)},${n(topY)} H${n(cx + width / 2)} L${n(cx + width / 2 + 12)},${n(topY + height)} H${n(cx - width / 2 - 12)}Z" fill="${s.linear(
      `cloth-${cloth.slice(1)}`,
      [
        [0, lighten(cloth, 0.3)],
        [0.5, cloth],
        [1, lighten(cloth, 0.2)],
      ],
      1,
      0,
    )}"/>`,
  )
  for (let i = 1; i < 8; i++) {
    const x = cx - width / 2 + (width * i) / 8
    s.add(
      `<path d="M${n(x)},${n(topY + 10)} L${n(x + (x - cx) * 0.02)},${n(topY + height)}" stroke="${darken(cloth, 0.12)}" stroke-opacity=".25" stroke-width="4"/>`,
    )
  }
  s.add(
    `<rect x="${n(cx - width / 2 - 6)}" y="${n(topY - 10)}" width="${n(width + 12)}" height="16" rx="6" fill="${lighten(cloth, 0.4)}"/>`,
  )
}

function cake(s: Scene, cx: number, baseY: number, scale: number, frost: string, accent: string): void {
  // cake stand
  s.add(
    `<rect x="${n(cx - 8 * scale)}" y="${n(baseY - 40 * scale)}" width="${n(16 * scale)}" height="${n(40 * scale)}" fill="#d8c3a0"/><ellipse cx="${n(cx)}" cy="${n(baseY - 2)}" rx="${n(44 * scale)}" ry="${n(8 * scale)}" fill="#cdb58f"/><rect x="${n(cx - 110 * scale)}" y="${n(baseY - 50 * scale)}" width="${n(220 * scale)}" height="${n(12 * scale)}" rx="${n(6 * scale)}" fill="#e8d9bd"/>`,
  )
  const tiers: [number, number][] = [
    [180, 110],
    [130, 95],
  ]
  let y = baseY - 50 * scale
  for (const [tw, th] of tiers) {
    const w = tw * scale
    const h = th * scale
    s.add(
      `<rect x="${n(cx - w / 2)}" y="${n(y - h)}" width="${n(w)}" height="${n(h)}" rx="${n(10 * scale)}" fill="${s.linear(
        `cake-${frost.slice(1)}`,
        [
          [0, darken(frost, 0.06)],
          [0.35, lighten(frost, 0.4)],
          [1, darken(frost, 0.1)],
        ],
        1,
        0,
      )}"/>`,
    )
    s.add(
      `<path d="M${n(cx - w / 2)},${n(y - h + 14 * scale)} ${Array.from({ length: 8 }, (_, i) => `Q${n(cx - w / 2 + (w / 8) * (i + 0.5))},${n(y - h + 34 * scale)} ${n(cx - w / 2 + (w / 8) * (i + 1))},${n(y - h + 14 * scale)}`).join(' ')} V${n(y - h)} H${n(cx - w / 2)}Z" fill="${accent}" opacity=".85"/>`,
    )
    y -= h
  }
  round(s, cx - 22 * scale, y - 16 * scale, 20 * scale, accent, 'chrome')
  round(s, cx + 18 * scale, y - 12 * scale, 15 * scale, frost)
}

// ---------------------------------------------------------------- arrangements

function arcPts(cx: number, cy: number, rx: number, ry: number, a0: number, a1: number, count: number): Pt[] {
  return Array.from({ length: count + 1 }, (_, i) => {
    const a = ((a0 + ((a1 - a0) * i) / count) * Math.PI) / 180
    return [cx + Math.cos(a) * rx, cy + Math.sin(a) * ry] as Pt
  })
}

/** A smooth curve through the given points (Catmull-Rom), as a dense polyline. */
function smooth(pts: Pt[], per = 12): Pt[] {
  const out: Pt[] = []
  for (let i = 0; i < pts.length - 1; i++) {
    const p0 = pts[Math.max(0, i - 1)]
    const p1 = pts[i]
    const p2 = pts[i + 1]
    const p3 = pts[Math.min(pts.length - 1, i + 2)]
    for (let k = 0; k < per; k++) {
      const t = k / per
      const t2 = t * t
      const t3 = t2 * t
      const f = (a: number, b: number, c: number, d: number): number =>
        0.5 * (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (-a + 3 * b - 3 * c + d) * t3)
      out.push([f(p0[0], p1[0], p2[0], p3[0]), f(p0[1], p1[1], p2[1], p3[1])])
    }
  }
  out.push(pts[pts.length - 1])
  return out
}

function resample(pts: Pt[], step: number): { p: Pt; normal: Pt }[] {
  const out: { p: Pt; normal: Pt }[] = []
  let carry = 0
  for (let i = 0; i < pts.length - 1; i++) {
    const [x0, y0] = pts[i]
    const [x1, y1] = pts[i + 1]
    const len = Math.hypot(x1 - x0, y1 - y0)
    if (len === 0) continue
    const nx = -(y1 - y0) / len
    const ny = (x1 - x0) / len
    let d = carry
    while (d <= len) {
      out.push({ p: [x0 + ((x1 - x0) * d) / len, y0 + ((y1 - y0) * d) / len], normal: [nx, ny] })
      d += step
    }
    carry = d - len
  }
  return out
}

interface GarlandOpts {
  palette: { color: string; finish?: Finish; weight?: number }[]
  base: number
  leaves?: string[]
  spread?: number
  density?: number
}

/** An organic garland: mixed-size balloons clustered along a path, with optional greenery tucked in. */
function organicGarland(s: Scene, pts: Pt[], o: GarlandOpts): void {
  const rng = s.rng
  const spread = o.spread ?? 0.55
  const along = resample(pts, o.base * (o.density ?? 0.62))
  // soft shadow of the whole garland on the wall
  s.add(
    `<path d="${pts.map((p, i) => `${i ? 'L' : 'M'}${n(p[0] + 18)},${n(p[1] + 26)}`).join(' ')}" fill="none" stroke="#3a2433" stroke-opacity=".14" stroke-width="${n(o.base * 2)}" stroke-linecap="round" stroke-linejoin="round" filter="url(#blur)"/>`,
  )
  if (o.leaves) {
    for (let i = 0; i < along.length; i += 2) {
      const { p, normal } = along[i]
      const side = rng() < 0.5 ? 1 : -1
      const ang = (Math.atan2(normal[1] * side, normal[0] * side) * 180) / Math.PI + 90 + between(rng, -35, 35)
      const color = pick(rng, o.leaves)
      if (rng() < 0.55) sprig(s, p[0], p[1], o.base * between(rng, 1.6, 2.3), ang, color)
      else leaf(s, p[0], p[1], o.base * between(rng, 1.5, 2.2), o.base * 0.35, ang, color)
    }
  }
  const total = o.palette.reduce((a, c) => a + (c.weight ?? 1), 0)
  const choose = (): { color: string; finish?: Finish } => {
    let r = rng() * total
    for (const c of o.palette) {
      r -= c.weight ?? 1
      if (r <= 0) return c
    }
    return o.palette[0]
  }
  const balls: { x: number; y: number; r: number; color: string; finish: Finish }[] = []
  for (const { p, normal } of along) {
    const sizes = [between(rng, 0.85, 1.1), between(rng, 0.55, 0.75), between(rng, 0.28, 0.4)]
    if (rng() < 0.5) sizes.push(between(rng, 0.18, 0.28))
    for (const k of sizes) {
      const off = between(rng, -1, 1) * o.base * spread * (1.2 - k * 0.4)
      const jitter = between(rng, -0.25, 0.25) * o.base
      const c = choose()
      balls.push({
        x: p[0] + normal[0] * off + jitter,
        y: p[1] + normal[1] * off + jitter * 0.5,
        r: o.base * k,
        color: c.color,
        finish: c.finish ?? 'latex',
      })
    }
  }
  balls.sort((a, b) => b.r - a.r + (rng() - 0.5) * o.base * 0.2)
  for (const b of balls) round(s, b.x, b.y, b.r, b.color, b.finish)
}

/** A classic (spiral) garland: repeating clusters of four along a path, colours rotating to read as a spiral. */
function classicGarland(s: Scene, pts: Pt[], r: number, colors: { color: string; finish?: Finish }[]): void {
  const along = resample(pts, r * 1.15)
  along.forEach(({ p }, i) => {
    const spin = i * 0.5
    const quad = [0, 1, 2, 3].map((k) => {
      const a = spin + (k * Math.PI) / 2
      return { x: p[0] + Math.cos(a) * r * 0.62, y: p[1] + Math.sin(a) * r * 0.62, depth: Math.sin(a), c: colors[(k + i) % colors.length] }
    })
    quad.sort((a, b) => a.depth - b.depth)
    for (const q of quad) round(s, q.x, q.y, r * 0.68, q.c.color, q.c.finish ?? 'latex')
  })
}

/** A balloon column on a weighted base: stacked clusters with a topper. */
function column(
  s: Scene,
  x: number,
  floorY: number,
  height: number,
  r: number,
  colors: { color: string; finish?: Finish }[],
  topper?: { color: string; finish?: Finish },
): void {
  shadow(s, x, floorY, r * 1.6, 16, 0.25)
  s.add(
    `<rect x="${n(x - r * 1.05)}" y="${n(floorY - r * 0.5)}" width="${n(r * 2.1)}" height="${n(r * 0.5)}" rx="6" fill="${s.linear('base', [
      [0, '#ece3d6'],
      [1, '#cbbba6'],
    ])}"/>`,
  )
  const top = floorY - height
  classicGarland(
    s,
    [
      [x, floorY - r * 0.9],
      [x, top],
    ],
    r,
    colors,
  )
  if (topper) round(s, x, top - r * 1.15, r * 1.25, topper.color, topper.finish ?? 'latex')
}

/** A bouquet whose weight rests at `rest` (bottom centre of the gift-box weight); the balloons float `lift` px above the tie. */
function bouquet(
  s: Scene,
  rest: Pt,
  lift: number,
  balloons: { dx: number; dy: number; r: number; color: string; finish?: Finish; rot?: number }[],
  weight: { color: string; size: number },
): void {
  const tie: Pt = [rest[0], rest[1] - weight.size * 1.4]
  const anchor: Pt = [tie[0], tie[1] - lift]
  const knots: Pt[] = []
  const ordered = [...balloons].sort((a, b) => a.dy - b.dy)
  // strings first so they sit behind the balloons
  for (const b of ordered) {
    const a = ((b.rot ?? 0) * Math.PI) / 180
    knots.push([anchor[0] + b.dx - Math.sin(a) * b.r * 1.2, anchor[1] + b.dy + Math.cos(a) * b.r * 1.2])
  }
  for (const k of knots) ribbon(s, k, tie, (k[0] - tie[0]) * 0.15)
  for (const b of ordered) tear(s, anchor[0] + b.dx, anchor[1] + b.dy, b.r, b.color, b.finish ?? 'latex', b.rot ?? 0)
  curl(s, tie[0] + weight.size * 0.45, tie[1] + weight.size * 0.55, weight.size * 1.0, weight.color)
  // weight: a little wrapped gift box
  const ws = weight.size
  const wy = tie[1] + ws * 0.6
  s.add(
    `<rect x="${n(tie[0] - ws / 2)}" y="${n(wy)}" width="${n(ws)}" height="${n(ws * 0.8)}" rx="4" fill="${s.linear(
      `box-${weight.color.slice(1)}`,
      [
        [0, lighten(weight.color, 0.25)],
        [1, darken(weight.color, 0.12)],
      ],
      1,
      1,
    )}"/>`,
  )
  s.add(
    `<rect x="${n(tie[0] - ws * 0.07)}" y="${n(wy)}" width="${n(ws * 0.14)}" height="${n(ws * 0.8)}" fill="#fff" opacity=".75"/><rect x="${n(tie[0] - ws * 0.55)}" y="${n(wy - ws * 0.12)}" width="${n(ws * 1.1)}" height="${n(ws * 0.2)}" rx="3" fill="${lighten(weight.color, 0.15)}"/>`,
  )
  s.add(
    `<path d="M${n(tie[0])},${n(wy - ws * 0.1)} q${n(-ws * 0.3)},${n(-ws * 0.35)} ${n(-ws * 0.35)},${n(-ws * 0.05)} q${n(ws * 0.05)},${n(ws * 0.2)} ${n(ws * 0.35)},${n(ws * 0.05)} q${n(ws * 0.3)},${n(-ws * 0.35)} ${n(ws * 0.35)},${n(-ws * 0.05)} q${n(-ws * 0.05)},${n(ws * 0.2)} ${n(-ws * 0.35)},${n(ws * 0.05)}Z" fill="#fff" opacity=".9"/>`,
  )
}

function fan(
  count: number,
  r: number,
  colors: { color: string; finish?: Finish }[],
  spread = 1,
): { dx: number; dy: number; r: number; color: string; finish?: Finish; rot: number }[] {
  // a dome of balloons: an outer ring then a top row
  const out: { dx: number; dy: number; r: number; color: string; finish?: Finish; rot: number }[] = []
  const rows = count > 6 ? [count - Math.floor(count / 2.3), Math.floor(count / 2.3)] : [count]
  rows.forEach((num, row) => {
    for (let i = 0; i < num; i++) {
      const t = num === 1 ? 0.5 : i / (num - 1)
      const ang = (-50 + 100 * t) * spread * (row ? 0.6 : 1)
      const len = r * (row ? 5.2 : 3.9)
      const c = colors[(i + row * 2) % colors.length]
      out.push({
        dx: Math.sin((ang * Math.PI) / 180) * len,
        dy: -Math.cos((ang * Math.PI) / 180) * len,
        r: r * (row ? 0.95 : 1),
        color: c.color,
        finish: c.finish,
        rot: ang * 0.6,
      })
    }
  })
  return out
}

// ---------------------------------------------------------------- the pictures

type Draw = (s: Scene) => void

const BLUSH = '#f4c9c4'
const ROSE = '#d97a8a'
const BERRY = '#c2476b'
const GOLD = '#c9a03d'
const IVORY = '#f6efd9'
const SAGE = '#a7b89a'
const EUCA = '#8ba593'

const hero: Draw = (s) => {
  const { w, h } = s
  const floorY = h * 0.84
  backdrop(s, { wall: ['#fbf1ec', '#f3e1da'], floor: ['#e9d9cc', '#dcc8b8'], floorY, decor: 'panels', glow: [w / 2, h * 0.4] })
  shadow(s, w / 2, floorY + 10, w * 0.38, 26, 0.22)
  const pal = [
    { color: BLUSH, weight: 3 },
    { color: ROSE, weight: 2 },
    { color: IVORY, weight: 2 },
    { color: '#c99a98', weight: 2 },
    { color: GOLD, finish: 'chrome' as Finish, weight: 1 },
    { color: BERRY, weight: 1 },
    { color: '#ffffff', weight: 1 },
  ]
  organicGarland(s, [...arcPts(w / 2, floorY, w * 0.33, h * 0.72, 180, 360, 40)], {
    palette: pal,
    base: 62,
    leaves: [EUCA, SAGE, '#6f8f77'],
    spread: 0.75,
  })
  // side clusters at the feet of the arch
  for (const x of [w / 2 - w * 0.33, w / 2 + w * 0.33]) {
    organicGarland(
      s,
      [
        [x - 110, floorY - 30],
        [x + 110, floorY - 40],
      ],
      { palette: pal, base: 58, spread: 0.6 },
    )
  }
  // pedestal with a small cake in the middle distance
  s.add(
    `<rect x="${n(w / 2 - 90)}" y="${n(floorY - 160)}" width="180" height="160" rx="8" fill="${s.linear(
      'ped',
      [
        [0, '#fffaf3'],
        [1, '#eadfd2'],
      ],
      1,
      0,
    )}"/>`,
  )
  cake(s, w / 2, floorY - 160, 0.8, '#fff8ef', BLUSH)
}

// bouquets ---------------------------------------------------------------
const bouquets1: Draw = (s) => {
  const { w, h } = s
  const floorY = h * 0.8
  backdrop(s, { wall: ['#fcf2ef', '#f5e2dc'], floor: ['#e8d5c7', '#d9c2b1'], floorY, decor: 'window' })
  table(s, w / 2, floorY - 190, 620, 190, '#fffaf5')
  const colors = [
    { color: BLUSH },
    { color: GOLD, finish: 'chrome' as Finish },
    { color: '#ffffff', finish: 'pearl' as Finish },
    { color: ROSE },
    { color: '#f7b8cc' },
  ]
  bouquet(s, [w / 2, floorY - 196], 80, fan(9, 74, colors), { color: BLUSH, size: 72 })
}

const bouquets2: Draw = (s) => {
  const { w, h } = s
  const floorY = h * 0.82
  backdrop(s, { wall: ['#f6f1ea', '#ece2d6'], floor: ['#d9c7b5', '#c8b39f'], floorY, decor: 'panels' })
  const sets: [number, { color: string; finish?: Finish }[], string][] = [
    [w * 0.22, [{ color: '#aed6f1' }, { color: '#ffffff', finish: 'pearl' }, { color: '#b8bcc2', finish: 'chrome' }], '#aed6f1'],
    [w * 0.5, [{ color: '#f48fb1' }, { color: GOLD, finish: 'chrome' }, { color: '#e9f3f8', finish: 'clear' }], '#f48fb1'],
    [w * 0.78, [{ color: '#b8e6cf' }, { color: '#fbd33f' }, { color: '#ffffff', finish: 'pearl' }], '#b8e6cf'],
  ]
  sets.forEach(([x, colors, box], i) => {
    shadow(s, x, floorY + 8, 90, 14, 0.25)
    bouquet(s, [x, floorY + 6], 200 + (i === 1 ? 70 : 0), fan(5, 64, colors, 0.85), { color: box, size: 62 })
  })
}

const bouquets3: Draw = (s) => {
  const { w, h } = s
  const floorY = h * 0.86
  backdrop(s, { wall: ['#fff6ee', '#f7e6d8'], floor: ['#ead8c4', '#dcc5ae'], floorY, decor: 'arch' })
  shadow(s, w / 2, floorY + 6, 120, 18, 0.25)
  const colors = [
    { color: '#e9f3f8', finish: 'clear' as Finish },
    { color: GOLD, finish: 'chrome' as Finish },
    { color: '#f6efd9' },
    { color: '#dcc7a1', finish: 'chrome' as Finish },
    { color: '#e9f3f8', finish: 'clear' as Finish },
    { color: BLUSH },
  ]
  bouquet(s, [w / 2, floorY + 4], 250, fan(8, 84, colors, 1.05), { color: GOLD, size: 80 })
}

// costumes & parades ------------------------------------------------------
const costume: Draw = (s) => {
  const { w, h } = s
  const groundY = h * 0.76
  sky(s, groundY)
  bunting(s, [0, h * 0.06], [w, h * 0.06], 60, ['#d32f2f', '#fbd33f', '#2451b7', '#2e9d4f', '#f57c00'])
  const cx = w / 2
  const feet = h * 0.93
  shadow(s, cx, feet, 150, 18, 0.3)
  const skin = '#c98d6a'
  // legs and shoes
  for (const dx of [-45, 45]) {
    s.add(
      `<rect x="${n(cx + dx - 22)}" y="${n(feet - 210)}" width="44" height="200" rx="20" fill="#3a2f4a"/><ellipse cx="${n(cx + dx + (dx > 0 ? 14 : -14))}" cy="${n(feet - 10)}" rx="44" ry="20" fill="#fbd33f"/>`,
    )
  }
  // arms (one waving)
  s.add(
    `<path d="M${n(cx - 120)},${n(feet - 420)} Q${n(cx - 230)},${n(feet - 470)} ${n(cx - 260)},${n(feet - 600)}" stroke="${skin}" stroke-width="40" stroke-linecap="round" fill="none"/>`,
  )
  s.add(
    `<path d="M${n(cx + 120)},${n(feet - 420)} Q${n(cx + 210)},${n(feet - 350)} ${n(cx + 240)},${n(feet - 280)}" stroke="${skin}" stroke-width="40" stroke-linecap="round" fill="none"/>`,
  )
  // the balloon costume: a bunch of grapes made of purple balloons
  const grape = [{ color: '#7b3fa0' }, { color: '#b39ddb' }, { color: '#5c2a54' }, { color: '#9a62c9' }]
  const rng = s.rng
  const body: { x: number; y: number; r: number; c: string }[] = []
  for (let row = 0; row < 6; row++) {
    const y = feet - 560 + row * 62
    const half = [150, 175, 175, 160, 130, 90][row]
    for (let x = -half; x <= half; x += 66)
      body.push({ x: cx + x + between(rng, -8, 8), y: y + between(rng, -8, 8), r: between(rng, 40, 48), c: pick(rng, grape).color })
  }
  for (const b of body) round(s, b.x, b.y, b.r, b.c)
  // head, hair, face
  const hy = feet - 680
  s.add(`<rect x="${n(cx - 24)}" y="${n(hy + 60)}" width="48" height="50" fill="${darken(skin, 0.1)}"/>`)
  s.add(
    `<circle cx="${n(cx)}" cy="${n(hy)}" r="92" fill="${s.linear('skin', [
      [0, lighten(skin, 0.15)],
      [1, darken(skin, 0.08)],
    ])}"/>`,
  )
  s.add(
    `<path d="M${n(cx - 95)},${n(hy - 5)} Q${n(cx - 90)},${n(hy - 110)} ${n(cx)},${n(hy - 100)} Q${n(cx + 95)},${n(hy - 108)} ${n(cx + 96)},${n(hy - 5)} Q${n(cx + 40)},${n(hy - 70)} ${n(cx - 95)},${n(hy - 5)}Z" fill="#3b2418"/>`,
  )
  s.add(
    `<circle cx="${n(cx - 32)}" cy="${n(hy + 5)}" r="9" fill="#2a1e2c"/><circle cx="${n(cx + 32)}" cy="${n(hy + 5)}" r="9" fill="#2a1e2c"/><circle cx="${n(cx - 29)}" cy="${n(hy + 2)}" r="3" fill="#fff"/><circle cx="${n(cx + 35)}" cy="${n(hy + 2)}" r="3" fill="#fff"/>`,
  )
  s.add(
    `<path d="M${n(cx - 30)},${n(hy + 38)} Q${n(cx)},${n(hy + 66)} ${n(cx + 30)},${n(hy + 38)}" stroke="#7a3b3b" stroke-width="6" fill="none" stroke-linecap="round"/><circle cx="${n(cx - 55)}" cy="${n(hy + 30)}" r="16" fill="#e8837a" opacity=".35"/><circle cx="${n(cx + 55)}" cy="${n(hy + 30)}" r="16" fill="#e8837a" opacity=".35"/>`,
  )
  // grape stem and leaf hat made of green balloons
  leaf(s, cx + 10, hy - 95, 120, 50, 50, '#2e9d4f')
  leaf(s, cx - 10, hy - 95, 110, 45, -40, '#9ccc3c')
  round(s, cx, hy - 100, 22, '#22543d')
  // hands and the balloon on a string
  s.add(
    `<circle cx="${n(cx - 262)}" cy="${n(feet - 605)}" r="24" fill="${skin}"/><circle cx="${n(cx + 242)}" cy="${n(feet - 275)}" r="24" fill="${skin}"/>`,
  )
  const knot = tear(s, cx - 330, feet - 880, 70, '#fbd33f', 'latex', -12)
  ribbon(s, knot, [cx - 262, feet - 610], -20)
}

const parade: Draw = (s) => {
  const { w, h } = s
  const groundY = h * 0.62
  sky(s, groundY)
  bunting(s, [0, h * 0.05], [w, h * 0.08], 50, ['#2451b7', '#fbd33f', '#d32f2f', '#ffffff'])
  const deckY = h * 0.74
  const x0 = w * 0.16
  const x1 = w * 0.84
  shadow(s, w / 2, h * 0.93, (x1 - x0) * 0.55, 24, 0.3)
  // float body with a scalloped skirt
  s.add(
    `<rect x="${n(x0)}" y="${n(deckY)}" width="${n(x1 - x0)}" height="${n(h * 0.15)}" rx="10" fill="${s.linear('float', [
      [0, '#2451b7'],
      [1, '#1c2a4a'],
    ])}"/>`,
  )
  const sc = 12
  let d = `M${n(x0)},${n(deckY)}`
  for (let i = 0; i < sc; i++)
    d += ` Q${n(x0 + ((x1 - x0) / sc) * (i + 0.5))},${n(deckY + 70)} ${n(x0 + ((x1 - x0) / sc) * (i + 1))},${n(deckY)}`
  s.add(`<path d="${d}Z" fill="#fbd33f"/>`)
  for (const x of [x0 + 130, x1 - 130]) {
    s.add(
      `<circle cx="${n(x)}" cy="${n(h * 0.91)}" r="42" fill="#2a1e2c"/><circle cx="${n(x)}" cy="${n(h * 0.91)}" r="18" fill="#b8bcc2"/>`,
    )
  }
  // classic arch over the float, columns at the corners
  const palette = [{ color: '#d32f2f' }, { color: '#ffffff', finish: 'pearl' as Finish }, { color: '#2451b7' }, { color: '#fbd33f' }]
  classicGarland(s, arcPts(w / 2, deckY, (x1 - x0) / 2 - 50, h * 0.55, 180, 360, 30), 44, palette)
  classicGarland(
    s,
    [
      [x0 + 20, deckY + 6],
      [x1 - 20, deckY + 6],
    ],
    30,
    palette,
  )
  // star toppers
  for (const [x, y, r] of [
    [w / 2, deckY - h * 0.55 - 20, 70],
    [x0 + 60, deckY - 140, 45],
    [x1 - 60, deckY - 140, 45],
  ] as [number, number, number][]) {
    const pts = Array.from({ length: 10 }, (_, i) => {
      const a = (i * Math.PI) / 5 - Math.PI / 2
      const rr = i % 2 ? r * 0.48 : r
      return `${n(x + Math.cos(a) * rr)},${n(y + Math.sin(a) * rr)}`
    })
    s.add(
      `<polygon points="${pts.join(' ')}" fill="${s.fill('#e0a526', 'chrome')}" stroke="#c9a03d" stroke-width="3" stroke-linejoin="round"/>`,
    )
  }
  // balloon bouquets riding on the deck
  for (const x of [w * 0.36, w * 0.5, w * 0.64]) {
    const knot = tear(s, x, deckY - 170, 48, pick(s.rng, ['#d32f2f', '#2451b7', '#fbd33f', '#2e9d4f']), 'latex', between(s.rng, -10, 10))
    ribbon(s, knot, [x, deckY], 8)
  }
}

// balloon garlands --------------------------------------------------------
const garlandPal = [
  { color: SAGE, weight: 3 },
  { color: EUCA, weight: 2 },
  { color: '#f3e5c0', weight: 3 },
  { color: '#d8c3a0', weight: 2 },
  { color: '#b5593f', weight: 1 },
  { color: '#ffffff', finish: 'pearl' as Finish, weight: 1 },
  { color: '#dcc7a1', finish: 'chrome' as Finish, weight: 1 },
]

const garland1: Draw = (s) => {
  const { w, h } = s
  const floorY = h * 0.86
  backdrop(s, { wall: ['#f7f3ec', '#ece4d7'], floor: ['#d9c8b4', '#c7b39c'], floorY, decor: 'none' })
  shadow(s, w / 2, floorY + 8, w * 0.36, 22, 0.22)
  organicGarland(s, arcPts(w / 2, floorY, w * 0.3, h * 0.68, 180, 360, 36), {
    palette: garlandPal,
    base: 64,
    leaves: ['#6f8f77', EUCA],
    spread: 0.7,
  })
}

const garland2: Draw = (s) => {
  const { w, h } = s
  const floorY = h * 0.86
  backdrop(s, { wall: ['#f9f1e8', '#efe1d1'], floor: ['#d8c0a8', '#c6ab92'], floorY, decor: 'panels' })
  // round backdrop panel with a garland swooping across it
  const cx = w / 2
  const cy = floorY - h * 0.38
  const R = h * 0.36
  shadow(s, cx + 20, cy + 30, R, R, 0.18)
  s.add(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(R)}" fill="${s.linear(
      'ring',
      [
        [0, '#fffaf4'],
        [1, '#efe4d6'],
      ],
      1,
      1,
    )}" stroke="#e3d3bf" stroke-width="10"/>`,
  )
  organicGarland(s, arcPts(cx, cy, R * 1.02, R * 1.02, 140, 300, 18), {
    palette: garlandPal,
    base: 58,
    leaves: ['#6f8f77', EUCA, SAGE],
    spread: 0.75,
  })
  organicGarland(s, arcPts(cx, cy, R * 1.02, R * 1.02, 10, 60, 8), { palette: garlandPal, base: 50, leaves: [EUCA], spread: 0.65 })
  table(s, cx, floorY - 150, R * 1.3, 150, '#f3e5c0')
  for (const [dx, hh, c] of [
    [-120, 120, '#f3e5c0'],
    [0, 170, '#d8c3a0'],
    [120, 100, '#ffffff'],
  ] as [number, number, string][]) {
    s.add(
      `<rect x="${n(cx + dx - 34)}" y="${n(floorY - 160 - hh)}" width="68" height="${n(hh)}" rx="8" fill="${c}" stroke="#e3d3bf" stroke-width="3"/>`,
    )
  }
  sprig(s, cx - 120, floorY - 280, 90, -20, EUCA)
  sprig(s, cx + 120, floorY - 260, 80, 25, SAGE)
}

const garland3: Draw = (s) => {
  const { w, h } = s
  const floorY = h * 0.9
  backdrop(s, { wall: ['#eef1ec', '#dfe6dc'], floor: ['#cdbba6', '#bca78f'], floorY, decor: 'none' })
  // a doorway framed by a garland that climbs one side and drapes over the top
  const dx0 = w * 0.36
  const dx1 = w * 0.64
  const top = h * 0.26
  s.add(
    `<rect x="${n(dx0)}" y="${n(top)}" width="${n(dx1 - dx0)}" height="${n(floorY - top)}" fill="${s.linear(
      'door',
      [
        [0, '#6b7237'],
        [1, '#4d5428'],
      ],
      1,
      0,
    )}"/><rect x="${n(dx0 - 18)}" y="${n(top - 18)}" width="${n(dx1 - dx0 + 36)}" height="${n(floorY - top + 18)}" fill="none" stroke="#fbf7f2" stroke-width="22"/>`,
  )
  s.add(`<circle cx="${n(dx1 - 40)}" cy="${n((top + floorY) / 2 + 20)}" r="10" fill="${GOLD}"/>`)
  const pal = [
    { color: '#f2776b', weight: 2 },
    { color: '#f8b98f', weight: 3 },
    { color: '#f6efd9', weight: 3 },
    { color: '#c4571c', weight: 1 },
    { color: GOLD, finish: 'chrome' as Finish, weight: 1 },
    { color: BLUSH, weight: 2 },
  ]
  organicGarland(
    s,
    [
      [dx0 - 30, floorY - 20],
      [dx0 - 40, top + 100],
      [dx0 + 60, top - 40],
      [w / 2 + 60, top - 30],
      [dx1 + 40, top + 40],
      [dx1 + 60, top + 220],
    ],
    { palette: pal, base: 58, leaves: [EUCA, '#6f8f77'], spread: 0.7 },
  )
  // plant pot at the foot
  shadow(s, dx1 + 150, floorY + 4, 90, 14, 0.25)
  s.add(`<path d="M${n(dx1 + 90)},${n(floorY - 140)} H${n(dx1 + 210)} L${n(dx1 + 190)},${n(floorY)} H${n(dx1 + 110)}Z" fill="#b5593f"/>`)
  for (let i = 0; i < 7; i++) leaf(s, dx1 + 150, floorY - 140, between(s.rng, 120, 200), 30, -60 + i * 20, '#4f7a58')
}

// mosaics -----------------------------------------------------------------
const GLYPHS: Record<string, string[]> = {
  '3': ['.#####.', '##...##', '.....##', '.....##', '..####.', '..####.', '.....##', '.....##', '##...##', '.#####.'],
  '0': ['.#####.', '##...##', '##...##', '##...##', '##...##', '##...##', '##...##', '##...##', '##...##', '.#####.'],
  '1': ['...##..', '..###..', '.####..', '...##..', '...##..', '...##..', '...##..', '...##..', '...##..', '.######'],
  heart: [
    '.###...###.',
    '#####.#####',
    '###########',
    '###########',
    '.#########.',
    '..#######..',
    '...#####...',
    '....###....',
    '.....#.....',
  ],
}

/** A balloon mosaic: a foam frame in the shape of the glyph, one balloon per cell, with tiny fillers in the gaps. */
function mosaic(s: Scene, glyph: string[], x: number, y: number, cell: number, colors: { color: string; finish?: Finish }[]): void {
  const rng = s.rng
  const on = (r: number, c: number): boolean => glyph[r]?.[c] === '#'
  for (let r = 0; r < glyph.length; r++)
    for (let c = 0; c < glyph[r].length; c++) {
      if (!on(r, c)) continue
      s.add(
        `<rect x="${n(x + c * cell + cell * 0.08)}" y="${n(y + r * cell + cell * 0.08)}" width="${n(cell * 0.84)}" height="${n(cell * 0.84)}" rx="${n(cell * 0.2)}" fill="#3a2433" opacity=".12" transform="translate(10 14)"/>`,
      )
    }
  for (let r = 0; r < glyph.length; r++)
    for (let c = 0; c < glyph[r].length; c++) {
      if (!on(r, c)) continue
      const col = pick(rng, colors)
      round(
        s,
        x + (c + 0.5) * cell + between(rng, -2, 2),
        y + (r + 0.5) * cell + between(rng, -2, 2),
        cell * between(rng, 0.55, 0.6),
        col.color,
        col.finish ?? 'latex',
      )
    }
  for (let r = 0; r < glyph.length - 1; r++)
    for (let c = 0; c < glyph[r].length - 1; c++) {
      if (on(r, c) && on(r + 1, c) && on(r, c + 1) && on(r + 1, c + 1) && rng() < 0.7) {
        const col = pick(rng, colors)
        round(s, x + (c + 1) * cell, y + (r + 1) * cell, cell * 0.2, col.color, col.finish ?? 'latex')
      }
    }
}

const mosaicPal = [
  { color: '#b39ddb' },
  { color: '#9a7cc9' },
  { color: '#7b3fa0' },
  { color: '#b59ad6', finish: 'chrome' as Finish },
  { color: '#c5b3e6' },
]
const mosaicAccent = [
  { color: '#c5b3e6', weight: 2 },
  { color: '#b8bcc2', finish: 'chrome' as Finish },
  { color: '#ffffff', finish: 'pearl' as Finish, weight: 2 },
  { color: '#7b3fa0' },
]

const mosaic1: Draw = (s) => {
  const { w, h } = s
  const floorY = h * 0.9
  backdrop(s, { wall: ['#f6f2fa', '#e9e2f1'], floor: ['#d8cfdf', '#c7bccf'], floorY, decor: 'panels' })
  const cell = 72
  const gw = 7 * cell
  const gy = floorY - 10 * cell - 8
  for (const [i, ch] of ['3', '0'].entries()) {
    const gx = w / 2 - gw - 60 + i * (gw + 120)
    shadow(s, gx + gw / 2, floorY + 4, gw * 0.5, 14, 0.28)
    mosaic(s, GLYPHS[ch], gx, gy, cell, mosaicPal)
  }
  organicGarland(
    s,
    smooth([
      [w / 2 - gw - 110, floorY - 20],
      [w / 2 - gw - 40, floorY - 110],
      [w / 2 - gw + 120, floorY - 40],
    ]),
    { palette: mosaicAccent, base: 46, leaves: [EUCA] },
  )
  organicGarland(
    s,
    smooth([
      [w / 2 + gw - 60, gy + 30],
      [w / 2 + gw + 40, gy - 20],
      [w / 2 + gw + 90, gy + 90],
    ]),
    { palette: mosaicAccent, base: 40, leaves: [EUCA] },
  )
}

const mosaic2: Draw = (s) => {
  const { w, h } = s
  const floorY = h * 0.9
  backdrop(s, { wall: ['#fdf1f3', '#f5dfe4'], floor: ['#e2cdd0', '#d0b8bc'], floorY, decor: 'none' })
  const pinkPal = [
    { color: '#f7b8cc' },
    { color: '#f48fb1' },
    { color: '#ffffff', finish: 'pearl' as Finish },
    { color: '#d4a08f', finish: 'chrome' as Finish },
  ]
  const cell = 70
  const oneX = w / 2 - 7 * cell - 20
  const gy = floorY - 10 * cell - 8
  shadow(s, oneX + 4 * cell, floorY + 4, 3 * cell, 14, 0.28)
  mosaic(s, GLYPHS['1'], oneX, gy, cell, pinkPal)
  const hx = w / 2 + 10
  const hy = floorY - 9 * cell - 8
  shadow(s, hx + 5.5 * cell, floorY + 4, 2.5 * cell, 14, 0.2)
  mosaic(s, GLYPHS.heart, hx, hy, cell, [
    { color: '#e83e8c' },
    { color: '#c2185b' },
    { color: '#f48fb1' },
    { color: GOLD, finish: 'chrome' },
  ])
  organicGarland(
    s,
    smooth([
      [oneX - 40, floorY - 20],
      [oneX + 120, floorY - 70],
      [oneX + 300, floorY - 20],
    ]),
    { palette: pinkPal, base: 44, leaves: [EUCA, SAGE] },
  )
  organicGarland(
    s,
    smooth([
      [hx + 9 * cell, floorY - 20],
      [hx + 10.5 * cell, floorY - 60],
      [hx + 11.5 * cell, floorY - 10],
    ]),
    { palette: pinkPal, base: 40, leaves: [EUCA] },
  )
}

// sculptures --------------------------------------------------------------
function flower(s: Scene, x: number, y: number, R: number, petal: string, center: string): void {
  for (let i = 0; i < 6; i++) {
    const a = i * 60
    s.add(
      `<g transform="rotate(${a} ${n(x)} ${n(y)})"><ellipse cx="${n(x)}" cy="${n(y - R * 0.62)}" rx="${n(R * 0.36)}" ry="${n(R * 0.56)}" fill="${s.fill(petal, 'latex')}"/></g>`,
    )
  }
  round(s, x, y, R * 0.4, center, 'chrome')
}

const sculpture1: Draw = (s) => {
  const { w, h } = s
  const floorY = h * 0.88
  backdrop(s, { wall: ['#eef7f5', '#dbece8'], floor: ['#c9d8d2', '#b5c7c0'], floorY, decor: 'arch' })
  // three balloon flowers on stems in a balloon planter
  const cx = w / 2
  shadow(s, cx, floorY + 6, 260, 20, 0.28)
  const stems: [number, number, number, string][] = [
    [-170, 520, 110, '#f2776b'],
    [0, 700, 135, '#fbd33f'],
    [170, 460, 100, '#f48fb1'],
  ]
  for (const [dx, hgt, ,] of stems) {
    s.add(
      `<path d="M${n(cx + dx * 0.3)},${n(floorY - 150)} Q${n(cx + dx * 0.8)},${n(floorY - hgt * 0.55)} ${n(cx + dx)},${n(floorY - hgt)}" stroke="${s.linear(
        'stem',
        [
          [0, '#22543d'],
          [0.5, '#3d8a5a'],
          [1, '#22543d'],
        ],
        1,
        0,
      )}" stroke-width="22" fill="none" stroke-linecap="round"/>`,
    )
  }
  for (const [dx, hgt] of stems) {
    leaf(s, cx + dx * 0.6, floorY - hgt * 0.45, 150, 40, dx < 0 ? -60 : 60, '#2e9d4f')
  }
  for (const [dx, hgt, R, color] of stems) flower(s, cx + dx, floorY - hgt, R, color, dx === 0 ? '#f57c00' : GOLD)
  // planter: a ring of teal balloons
  classicGarland(
    s,
    [
      [cx - 200, floorY - 110],
      [cx + 200, floorY - 110],
    ],
    46,
    [{ color: '#1b7f7a' }, { color: '#2bb3b1' }, { color: '#b8e6cf' }, { color: GOLD, finish: 'chrome' }],
  )
  classicGarland(
    s,
    [
      [cx - 170, floorY - 40],
      [cx + 170, floorY - 40],
    ],
    44,
    [{ color: '#2bb3b1' }, { color: '#1b7f7a' }, { color: GOLD, finish: 'chrome' }, { color: '#b8e6cf' }],
  )
}

function palm(s: Scene, x: number, floorY: number, height: number, lean: number): void {
  const segs = Math.round(height / 42)
  for (let i = 0; i < segs; i++) {
    const t = i / segs
    const px = x + lean * t * t
    const py = floorY - 60 - i * 42
    s.add(`<ellipse cx="${n(px)}" cy="${n(py)}" rx="${n(34 - t * 8)}" ry="26" fill="${s.fill(i % 2 ? '#8a5a3b' : '#a9744d', 'latex')}"/>`)
  }
  const tx = x + lean
  const ty = floorY - 60 - segs * 42
  const fronds = [-150, -115, -75, -35, 5, 40, 80]
  for (const a of fronds) {
    const rad = ((a - 90) * Math.PI) / 180
    const len = 230
    const ex = tx + Math.cos(rad) * len
    const ey = ty + Math.sin(rad) * len * 0.6 + 60
    s.add(
      `<path d="M${n(tx)},${n(ty)} Q${n(tx + Math.cos(rad) * len * 0.5)},${n(ty + Math.sin(rad) * len * 0.5 - 60)} ${n(ex)},${n(ey)} Q${n(tx + Math.cos(rad) * len * 0.55)},${n(ty + Math.sin(rad) * len * 0.5 - 10)} ${n(tx)},${n(ty)}Z" fill="${s.fill(a % 2 ? '#2e9d4f' : '#157a4b', 'latex')}"/>`,
    )
  }
  for (const [dx, dy] of [
    [-22, 18],
    [20, 20],
    [0, 40],
  ] as Pt[])
    round(s, tx + dx, ty + dy, 22, '#5b3a29')
  // balloon pot
  classicGarland(
    s,
    [
      [x - 70, floorY - 30],
      [x + 70, floorY - 30],
    ],
    40,
    [{ color: '#fbd33f' }, { color: '#ffffff', finish: 'pearl' }, { color: '#2bb3b1' }],
  )
}

const sculpture2: Draw = (s) => {
  const { w, h } = s
  const floorY = h * 0.88
  backdrop(s, { wall: ['#f2fbf8', '#d7efe8'], floor: ['#e7d9c2', '#d6c4a7'], floorY, decor: 'window' })
  shadow(s, w * 0.33, floorY + 6, 150, 16, 0.25)
  shadow(s, w * 0.67, floorY + 6, 150, 16, 0.25)
  palm(s, w * 0.33, floorY, 620, -60)
  palm(s, w * 0.67, floorY, 500, 70)
  // a flamingo-pink balloon pineapple? keep it simple: a sculpted balloon pineapple between the palms
  const px = w / 2
  const py = floorY - 120
  shadow(s, px, floorY + 4, 90, 12, 0.25)
  for (let r = 0; r < 4; r++)
    for (let c = 0; c < 3; c++) round(s, px - 52 + c * 52 + (r % 2 ? 26 : 0) - 13, py - r * 46 + 40, 30, r % 2 ? '#e0a526' : '#fbd33f')
  for (const a of [-40, -15, 10, 35]) leaf(s, px, py - 140, 120, 26, a, '#157a4b')
}

// custom creations --------------------------------------------------------
const custom1: Draw = (s) => {
  const { w, h } = s
  const floorY = h * 0.86
  backdrop(s, { wall: ['#fff4ea', '#fbe2cf'], floor: ['#e9cdb6', '#dbb99d'], floorY, decor: 'none' })
  // a giant donut sculpture on a stand, sprinkles and all
  const cx = w / 2
  const cy = floorY - h * 0.44
  const R = h * 0.25
  shadow(s, cx, floorY + 6, R * 0.9, 18, 0.3)
  s.add(
    `<rect x="${n(cx - 20)}" y="${n(cy + R * 0.8)}" width="40" height="${n(floorY - cy - R * 0.8 - 20)}" fill="${s.linear(
      'pole',
      [
        [0, '#d8c3a0'],
        [0.5, '#fff6e6'],
        [1, '#c9b089'],
      ],
      1,
      0,
    )}"/><ellipse cx="${n(cx)}" cy="${n(floorY - 12)}" rx="120" ry="22" fill="#cdb58f"/>`,
  )
  const count = 20
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2
    round(s, cx + Math.cos(a) * R, cy + Math.sin(a) * R * 0.98 + 16, R * 0.36, i % 2 ? '#e0a526' : '#d8a05a')
  }
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2 + 0.15
    round(s, cx + Math.cos(a) * R * 0.98, cy + Math.sin(a) * R * 0.93 - 8, R * 0.3, i % 3 ? '#f48fb1' : '#f7b8cc')
  }
  const spr = ['#ffffff', '#fbd33f', '#74b9e8', '#9ccc3c', '#7b3fa0']
  for (let i = 0; i < 46; i++) {
    const a = s.rng() * Math.PI * 2
    const d = R * between(s.rng, 0.78, 1.2)
    const x = cx + Math.cos(a) * d
    const y = cy + Math.sin(a) * d * 0.93 - 8
    s.add(
      `<rect x="${n(x - 12)}" y="${n(y - 3.5)}" width="24" height="7" rx="3.5" fill="${pick(s.rng, spr)}" transform="rotate(${n(s.rng() * 180)} ${n(x)} ${n(y)})"/>`,
    )
  }
  // little confetti bouquets either side
  for (const x of [w * 0.2, w * 0.8]) {
    shadow(s, x, floorY + 4, 60, 10, 0.2)
    bouquet(s, [x, floorY + 2], 170, fan(3, 48, [{ color: '#f2776b' }, { color: '#e9f3f8', finish: 'clear' }, { color: '#fbd33f' }], 0.7), {
      color: '#f8b98f',
      size: 48,
    })
  }
}

const custom2: Draw = (s) => {
  const { w, h } = s
  const floorY = h * 0.9
  backdrop(s, { wall: ['#eaf4fb', '#fdf0e6'], floor: ['#e4d3c1', '#d5bfa8'], floorY, decor: 'none' })
  // clouds built from white balloons
  for (const [cx, cy, k] of [
    [w * 0.2, h * 0.25, 1],
    [w * 0.82, h * 0.18, 0.8],
    [w * 0.74, h * 0.62, 0.7],
  ] as [number, number, number][]) {
    for (const [dx, dy, r] of [
      [-70, 10, 48],
      [0, -20, 62],
      [70, 5, 50],
      [-20, 30, 44],
      [40, 32, 42],
    ] as [number, number, number][])
      round(s, cx + dx * k, cy + dy * k, r * k, '#ffffff', 'pearl')
  }
  // hot-air balloon sculpture: striped envelope, ropes and a basket
  const cx = w / 2 - 40
  const cy = h * 0.3
  const R = h * 0.24
  s.def('env', `<clipPath id="env"><path d="${TEAR}" transform="translate(${n(cx)} ${n(cy)}) scale(${n(R)})"/></clipPath>`)
  const stripes = ['#f2776b', '#fbd33f', '#f8b98f', '#2bb3b1', '#f2776b', '#fbd33f', '#f8b98f']
  s.add(
    `<g clip-path="url(#env)"><rect x="${n(cx - R)}" y="${n(cy - R * 1.2)}" width="${n(2 * R)}" height="${n(2.4 * R)}" fill="${stripes[0]}"/>`,
  )
  for (let i = stripes.length - 1; i > 0; i--) {
    s.add(`<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n((R * i) / stripes.length)}" ry="${n(R * 1.3)}" fill="${stripes[i]}"/>`)
  }
  s.add(
    `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(R)}" ry="${n(R * 1.15)}" fill="${s.radial('shade', [
      [0, '#ffffff', 0],
      [0.75, '#ffffff', 0],
      [1, '#2a1830', 0.35],
    ])}"/></g>`,
  )
  s.add(
    `<ellipse cx="${n(cx - R * 0.42)}" cy="${n(cy - R * 0.55)}" rx="${n(R * 0.26)}" ry="${n(R * 0.13)}" fill="url(#hl)" transform="rotate(-42 ${n(cx - R * 0.42)} ${n(cy - R * 0.55)})"/>`,
  )
  const by = cy + R * 1.5
  for (const [a, b] of [
    [-0.36, -0.24],
    [0.36, 0.24],
    [-0.12, -0.08],
    [0.12, 0.08],
  ] as Pt[])
    s.add(`<path d="M${n(cx + a * R)},${n(cy + R * 0.98)} L${n(cx + b * R * 1.3)},${n(by)}" stroke="#6b4a35" stroke-width="3"/>`)
  s.add(
    `<path d="M${n(cx - R * 0.34)},${n(by)} H${n(cx + R * 0.34)} L${n(cx + R * 0.28)},${n(by + R * 0.34)} H${n(cx - R * 0.28)}Z" fill="${s.linear(
      'basket',
      [
        [0, '#b07a4b'],
        [1, '#7a4f2e'],
      ],
    )}"/>`,
  )
  for (let i = 1; i < 4; i++)
    s.add(
      `<path d="M${n(cx - R * 0.33)},${n(by + (R * 0.34 * i) / 4)} H${n(cx + R * 0.33)}" stroke="#6b4326" stroke-width="3" opacity=".6"/>`,
    )
  // it floats above a balloon "hill" at the floor
  shadow(s, w / 2, floorY + 8, w * 0.4, 18, 0.22)
  organicGarland(
    s,
    [
      [w * 0.08, floorY - 30],
      [w * 0.3, floorY - 70],
      [w * 0.55, floorY - 40],
      [w * 0.92, floorY - 60],
    ],
    {
      palette: [
        { color: '#b8e6cf', weight: 2 },
        { color: '#8fd3d6', weight: 2 },
        { color: '#ffffff', finish: 'pearl' },
        { color: '#f8b98f' },
      ],
      base: 52,
      leaves: ['#6f8f77'],
    },
  )
}

// corporate -----------------------------------------------------------------
const corpPal = [
  { color: '#1c2a4a' },
  { color: '#ffffff', finish: 'pearl' as Finish },
  { color: '#1f4fa0' },
  { color: '#b8bcc2', finish: 'chrome' as Finish },
]

const corporate1: Draw = (s) => {
  const { w, h } = s
  const floorY = h * 0.86
  backdrop(s, { wall: ['#f1f4f8', '#dfe5ee'], floor: ['#b9c0c9', '#a3abb5'], floorY, decor: 'none' })
  // glass entrance doors
  const dw = w * 0.3
  const x0 = w / 2 - dw / 2
  const top = h * 0.28
  s.add(`<rect x="${n(x0)}" y="${n(top)}" width="${n(dw)}" height="${n(floorY - top)}" fill="#3d4a5c"/>`)
  for (const x of [x0 + 12, w / 2 + 6])
    s.add(
      `<rect x="${n(x)}" y="${n(top + 12)}" width="${n(dw / 2 - 18)}" height="${n(floorY - top - 12)}" fill="${s.linear(
        'glass',
        [
          [0, '#cfe3f0'],
          [0.5, '#9ec0d8'],
          [1, '#7fa5c2'],
        ],
        1,
        1,
      )}"/>`,
    )
  s.add(
    `<path d="M${n(x0 + 40)},${n(top + 60)} L${n(x0 + 120)},${n(top + 20)} M${n(x0 + 40)},${n(top + 140)} L${n(x0 + 200)},${n(top + 50)}" stroke="#fff" stroke-opacity=".45" stroke-width="10"/>`,
  )
  s.add(
    `<rect x="${n(w / 2 - 30)}" y="${n((top + floorY) / 2)}" width="8" height="70" rx="4" fill="#d6dbe2"/><rect x="${n(w / 2 + 22)}" y="${n((top + floorY) / 2)}" width="8" height="70" rx="4" fill="#d6dbe2"/>`,
  )
  // a welcome mat
  s.add(`<rect x="${n(w / 2 - dw * 0.4)}" y="${n(floorY + 16)}" width="${n(dw * 0.8)}" height="40" rx="6" fill="#1c2a4a" opacity=".85"/>`)
  classicGarland(s, arcPts(w / 2, floorY, dw / 2 + 110, floorY - top + 90, 180, 360, 40), 50, corpPal)
  for (const x of [w / 2 - dw / 2 - 110, w / 2 + dw / 2 + 110]) shadow(s, x, floorY + 6, 80, 12, 0.3)
}

const corporate2: Draw = (s) => {
  const { w, h } = s
  const floorY = h * 0.8
  backdrop(s, { wall: ['#e9edf3', '#d4dbe6'], floor: ['#8e98a6', '#76808e'], floorY, decor: 'none', glow: [w / 2, h * 0.35] })
  // stage and a logo backdrop (abstract mark, no words)
  const bw = w * 0.42
  const bh = h * 0.5
  const bx = w / 2 - bw / 2
  const by = floorY - 60 - bh
  s.add(
    `<rect x="${n(w * 0.15)}" y="${n(floorY - 60)}" width="${n(w * 0.7)}" height="70" fill="#2a3447"/><rect x="${n(w * 0.15)}" y="${n(floorY - 60)}" width="${n(w * 0.7)}" height="10" fill="#3f4b61"/>`,
  )
  shadow(s, w / 2 + 20, by + bh / 2 + 30, bw * 0.5, bh * 0.5, 0.2)
  s.add(`<rect x="${n(bx)}" y="${n(by)}" width="${n(bw)}" height="${n(bh)}" rx="16" fill="#ffffff"/>`)
  const lx = w / 2
  const ly = by + bh * 0.48
  s.add(
    `<circle cx="${n(lx)}" cy="${n(ly)}" r="${n(bh * 0.26)}" fill="none" stroke="#1f4fa0" stroke-width="${n(bh * 0.07)}"/><path d="M${n(lx - bh * 0.2)},${n(ly + bh * 0.08)} Q${n(lx)},${n(ly - bh * 0.32)} ${n(lx + bh * 0.26)},${n(ly - bh * 0.1)}" stroke="#1b7f7a" stroke-width="${n(bh * 0.07)}" fill="none" stroke-linecap="round"/>`,
  )
  s.add(`<rect x="${n(lx - bh * 0.35)}" y="${n(ly + bh * 0.34)}" width="${n(bh * 0.7)}" height="${n(bh * 0.04)}" rx="4" fill="#c7ccd3"/>`)
  const pal = [
    { color: '#1c2a4a', weight: 2 },
    { color: '#1f4fa0', weight: 2 },
    { color: '#1b7f7a', weight: 1 },
    { color: '#ffffff', finish: 'pearl' as Finish, weight: 2 },
    { color: '#b8bcc2', finish: 'chrome' as Finish, weight: 1 },
  ]
  organicGarland(
    s,
    smooth([
      [bx - 20, by + bh + 20],
      [bx - 30, by + bh * 0.5],
      [bx + 10, by + 10],
      [bx + bw * 0.3, by - 25],
      [bx + bw * 0.62, by - 20],
    ]),
    { palette: pal, base: 50, spread: 0.7 },
  )
  organicGarland(
    s,
    smooth([
      [bx + bw + 10, by + bh + 20],
      [bx + bw + 30, by + bh * 0.7],
      [bx + bw + 20, by + bh * 0.45],
    ]),
    { palette: pal, base: 44, spread: 0.6 },
  )
  column(
    s,
    w * 0.1,
    floorY + 40,
    h * 0.5,
    44,
    [{ color: '#1c2a4a' }, { color: '#1f4fa0' }, { color: '#ffffff', finish: 'pearl' }, { color: '#1f4fa0' }],
    { color: '#b8bcc2', finish: 'chrome' },
  )
  column(
    s,
    w * 0.9,
    floorY + 40,
    h * 0.5,
    44,
    [{ color: '#1c2a4a' }, { color: '#1f4fa0' }, { color: '#ffffff', finish: 'pearl' }, { color: '#1f4fa0' }],
    { color: '#b8bcc2', finish: 'chrome' },
  )
}

// events ----------------------------------------------------------------------
const eventPal = [
  { color: '#7b1f2f', weight: 2 },
  { color: '#c99a98', weight: 3 },
  { color: '#f6efd9', weight: 3 },
  { color: GOLD, finish: 'chrome' as Finish, weight: 1 },
  { color: '#d97a8a', weight: 2 },
  { color: '#5e1a2b', weight: 1 },
]

const events1: Draw = (s) => {
  const { w, h } = s
  const floorY = h * 0.86
  backdrop(s, { wall: ['#f8eeea', '#eedcd5'], floor: ['#d9c2b3', '#c6ab99'], floorY, decor: 'panels' })
  const cx = w / 2
  const R = h * 0.34
  const cy = floorY - R - 40
  s.add(
    `<path d="M${n(cx - R * 1.1)},${n(floorY)} V${n(cy + R * 0.35)} A${n(R * 1.1)},${n(R * 1.1)} 0 0 1 ${n(cx + R * 1.1)},${n(cy + R * 0.35)} V${n(floorY)}Z" fill="${s.linear(
      'arch-panel',
      [
        [0, '#fffaf5'],
        [1, '#f1e3d6'],
      ],
      1,
      1,
    )}"/>`,
  )
  organicGarland(
    s,
    [
      [cx - R * 1.35, floorY - 40],
      [cx - R * 1.2, cy],
      [cx - R * 0.5, cy - R * 0.95],
      [cx + R * 0.3, cy - R * 0.9],
    ],
    { palette: eventPal, base: 56, leaves: [EUCA, '#6f8f77'], spread: 0.75 },
  )
  table(s, cx, floorY - 170, R * 1.8, 170, '#fffaf5')
  cake(s, cx, floorY - 180, 1, '#fff8ef', '#c99a98')
  for (const x of [cx - R * 0.62, cx + R * 0.62]) {
    s.add(
      `<rect x="${n(x - 26)}" y="${n(floorY - 250)}" width="52" height="70" rx="10" fill="#ffffff" opacity=".6" stroke="#e9dccd"/><circle cx="${n(x)}" cy="${n(floorY - 255)}" r="26" fill="#d97a8a"/><circle cx="${n(x - 18)}" cy="${n(floorY - 262)}" r="18" fill="#f6efd9"/><circle cx="${n(x + 18)}" cy="${n(floorY - 265)}" r="17" fill="#7b1f2f"/>`,
    )
  }
  organicGarland(
    s,
    [
      [cx + R * 1.0, floorY - 20],
      [cx + R * 1.5, floorY - 50],
    ],
    { palette: eventPal, base: 50, spread: 0.6 },
  )
}

const events2: Draw = (s) => {
  const { w, h } = s
  const floorY = h * 0.52
  backdrop(s, { wall: ['#3a2233', '#5a3346'], floor: ['#6a4a55', '#4a3039'], floorY, decor: 'none', glow: [w / 2, h * 0.35] })
  // string lights
  for (let k = 0; k < 2; k++) {
    const y0 = h * (0.08 + k * 0.09)
    s.add(`<path d="M0,${n(y0)} Q${n(w / 2)},${n(y0 + 120)} ${w},${n(y0)}" stroke="#2a1e2c" stroke-width="2" fill="none"/>`)
    for (let i = 1; i < 20; i++) {
      const t = i / 20
      const x = w * t
      const y = (1 - t) ** 2 * y0 + 2 * (1 - t) * t * (y0 + 120) + t * t * y0
      s.add(
        `<circle cx="${n(x)}" cy="${n(y + 8)}" r="16" fill="#ffe9a8" opacity=".25" filter="url(#blur2)"/><circle cx="${n(x)}" cy="${n(y + 8)}" r="6" fill="#fff4cf"/>`,
      )
    }
  }
  // banquet tables in perspective with tall balloon centrepieces
  const rows: [number, number, number][] = [
    [h * 0.62, 0.7, 4],
    [h * 0.86, 1, 3],
  ]
  for (const [ty, k, count] of rows) {
    for (let i = 0; i < count; i++) {
      const x = w * ((i + 0.5) / count) + (count === 4 ? 0 : 0)
      const rx = 190 * k
      shadow(s, x, ty + 70 * k, rx, 18 * k, 0.35)
      s.add(
        `<path d="M${n(x - rx)},${n(ty)} L${n(x - rx * 1.02)},${n(ty + 80 * k)} Q${n(x)},${n(ty + 110 * k)} ${n(x + rx * 1.02)},${n(ty + 80 * k)} L${n(x + rx)},${n(ty)}Z" fill="#f6efd9"/><ellipse cx="${n(x)}" cy="${n(ty)}" rx="${n(rx)}" ry="${n(46 * k)}" fill="#fffaf0"/>`,
      )
      s.add(
        `<rect x="${n(x - 3 * k)}" y="${n(ty - 260 * k)}" width="${n(6 * k)}" height="${n(260 * k)}" fill="#d9ae4a"/><ellipse cx="${n(x)}" cy="${n(ty)}" rx="${n(30 * k)}" ry="${n(8 * k)}" fill="#c9a03d"/>`,
      )
      organicGarland(
        s,
        [
          [x - 40 * k, ty - 270 * k],
          [x + 40 * k, ty - 280 * k],
        ],
        { palette: eventPal, base: 40 * k, leaves: [EUCA], spread: 0.7 },
      )
    }
  }
}

const events3: Draw = (s) => {
  const { w, h } = s
  const floorY = h * 0.9
  backdrop(s, { wall: ['#f7eeea', '#efe0da'], floor: ['#d6c0b1', '#c5ab9a'], floorY, decor: 'none' })
  // a full balloon wall backdrop with a gold hoop
  const x0 = w * 0.14
  const x1 = w * 0.86
  const y0 = h * 0.1
  const r = 30
  shadow(s, w / 2, floorY, (x1 - x0) * 0.5, 20, 0.3)
  let row = 0
  for (let y = y0; y < floorY - r * 0.5; y += r * 1.6) {
    for (let x = x0 + (row % 2 ? r * 0.9 : 0); x < x1; x += r * 1.8) {
      const c = pick(s.rng, eventPal)
      round(s, x + between(s.rng, -3, 3), y + between(s.rng, -3, 3), r * between(s.rng, 0.95, 1.1), c.color, c.finish ?? 'latex')
    }
    row++
  }
  const cx = w / 2
  const cy = (y0 + floorY) / 2 - 20
  s.add(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(h * 0.26)}" fill="#fffaf5" opacity=".96"/><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(h * 0.26)}" fill="none" stroke="${s.linear(
      'hoop',
      [
        [0, '#f0d58a'],
        [0.5, '#c9a03d'],
        [1, '#8c6b1e'],
      ],
      1,
      1,
    )}" stroke-width="14"/>`,
  )
  for (let i = 0; i < 5; i++) sprig(s, cx + 20 + i * 30, cy + h * 0.1, 110, 20 + i * 18, EUCA)
  // two champagne glasses as a motif in the hoop
  for (const [dx, rot] of [
    [-36, -12],
    [36, 12],
  ] as Pt[]) {
    s.add(
      `<g transform="translate(${n(cx + dx)} ${n(cy - 10)}) rotate(${rot})"><path d="M-30,-90 H30 L18,0 Q0,16 -18,0Z" fill="#f0d58a" opacity=".85"/><path d="M-30,-90 H30" stroke="#c9a03d" stroke-width="4"/><rect x="-3" y="6" width="6" height="80" fill="#d8c3a0"/><ellipse cx="0" cy="88" rx="26" ry="7" fill="#d8c3a0"/></g>`,
    )
  }
}

// jumbos ------------------------------------------------------------------------
function tassel(s: Scene, from: Pt, len: number, colors: string[]): void {
  s.add(`<path d="M${n(from[0])},${n(from[1])} q20,${n(len * 0.5)} 0,${n(len)}" stroke="#8f8290" stroke-width="2" fill="none"/>`)
  for (let i = 0; i < 8; i++) {
    const t = (i + 1) / 9
    const x = from[0] + Math.sin(t * Math.PI) * 14
    const y = from[1] + len * t
    const c = colors[i % colors.length]
    s.add(
      `<path d="M${n(x - 6)},${n(y)} h12 l22,${n(len / 9 - 4)} h-56Z" fill="${c}"/><circle cx="${n(x)}" cy="${n(y)}" r="5" fill="${darken(c, 0.2)}"/>`,
    )
  }
}

const jumbo1: Draw = (s) => {
  const { w, h } = s
  const floorY = h * 0.9
  backdrop(s, { wall: ['#f8f3ea', '#ece3d2'], floor: ['#d5c6ad', '#c4b294'], floorY, decor: 'panels' })
  const cx = w / 2 + 30
  const R = h * 0.24
  shadow(s, cx, floorY + 4, 130, 14, 0.3)
  const knot = tear(s, cx, h * 0.32, R, GOLD, 'chrome', 4)
  tassel(s, knot, floorY - knot[1] - 100, ['#f6efd9', GOLD, '#7b1f2f', '#dcc7a1'])
  s.add(
    `<rect x="${n(knot[0] - 40)}" y="${n(floorY - 70)}" width="80" height="70" rx="6" fill="#1b1b1b"/><rect x="${n(knot[0] - 46)}" y="${n(floorY - 80)}" width="92" height="16" rx="4" fill="#2b2b2e"/>`,
  )
  // an 11-inch bouquet beside it for scale
  shadow(s, w * 0.2, floorY + 4, 60, 10, 0.25)
  bouquet(s, [w * 0.2, floorY + 2], 170, fan(3, 34, [{ color: '#f6efd9' }, { color: GOLD, finish: 'chrome' }, { color: '#1b1b1b' }], 0.7), {
    color: '#1b1b1b',
    size: 40,
  })
  // an armchair silhouette for scale on the right
  const ax = w * 0.8
  s.add(
    `<path d="M${n(ax - 110)},${n(floorY - 40)} V${n(floorY - 260)} Q${n(ax)},${n(floorY - 320)} ${n(ax + 110)},${n(floorY - 260)} V${n(floorY - 40)}Z" fill="#a7b89a"/><rect x="${n(ax - 140)}" y="${n(floorY - 170)}" width="280" height="110" rx="40" fill="#8ba593"/><rect x="${n(ax - 120)}" y="${n(floorY - 60)}" width="14" height="60" fill="#5b3a29"/><rect x="${n(ax + 106)}" y="${n(floorY - 60)}" width="14" height="60" fill="#5b3a29"/>`,
  )
}

const jumbo2: Draw = (s) => {
  const { w, h } = s
  const floorY = h * 0.9
  backdrop(s, { wall: ['#2a2530', '#3d3442'], floor: ['#5a4d55', '#473c44'], floorY, decor: 'none', glow: [w / 2, h * 0.4] })
  const items: [number, number, number, string, Finish, number][] = [
    [w * 0.3, h * 0.36, h * 0.2, '#2b2b2e', 'chrome', -8],
    [w * 0.7, h * 0.33, h * 0.2, '#e9f3f8', 'clear', 8],
    [w * 0.5, h * 0.27, h * 0.23, GOLD, 'chrome', 0],
  ]
  const tie: Pt = [w / 2, floorY - 110]
  const knots: Pt[] = []
  for (const [x, y, r, , , rot] of items) {
    const a = (rot * Math.PI) / 180
    knots.push([x - Math.sin(a) * r * 1.2, y + Math.cos(a) * r * 1.2])
  }
  for (const k of knots) ribbon(s, k, tie, (k[0] - tie[0]) * 0.1, '#d8c3a0')
  for (const [x, y, r, c, f, rot] of items) tear(s, x, y, r, c, f, rot)
  shadow(s, tie[0], floorY + 4, 120, 14, 0.4)
  s.add(
    `<rect x="${n(tie[0] - 55)}" y="${n(floorY - 110)}" width="110" height="110" rx="8" fill="${s.linear(
      'goldbox',
      [
        [0, '#f0d58a'],
        [1, '#a97f25'],
      ],
      1,
      1,
    )}"/>`,
  )
  curl(s, tie[0] + 20, floorY - 110, 60, '#f0d58a')
}

// penelope ----------------------------------------------------------------------
function elephant(s: Scene, cx: number, floorY: number, k: number): void {
  const pink = '#f48fb1'
  const light = '#f7b8cc'
  const deep = '#e06b98'
  shadow(s, cx, floorY + 6, 330 * k, 26 * k, 0.3)
  // back legs (darker), body, front legs
  for (const dx of [-150, 70]) for (let i = 0; i < 3; i++) round(s, cx + dx * k, floorY - (40 + i * 70) * k, 46 * k, deep)
  s.add(`<ellipse cx="${n(cx + 60 * k)}" cy="${n(floorY - 330 * k)}" rx="${n(260 * k)}" ry="${n(200 * k)}" fill="${s.fill(pink)}"/>`)
  s.add(
    `<ellipse cx="${n(cx - 20 * k)}" cy="${n(floorY - 430 * k)}" rx="${n(110 * k)}" ry="${n(50 * k)}" fill="url(#hl)" transform="rotate(-20 ${n(cx - 20 * k)} ${n(floorY - 430 * k)})" opacity=".8"/>`,
  )
  for (const dx of [-90, 170]) for (let i = 0; i < 3; i++) round(s, cx + dx * k, floorY - (40 + i * 70) * k, 50 * k, pink)
  for (const dx of [-90, 170])
    s.add(`<ellipse cx="${n(cx + dx * k)}" cy="${n(floorY - 8 * k)}" rx="${n(44 * k)}" ry="${n(14 * k)}" fill="#fff" opacity=".7"/>`)
  // tail
  for (let i = 0; i < 4; i++) round(s, cx + (318 + i * 22) * k, floorY - (360 - i * 26) * k, (14 - i * 2) * k, deep)
  // ear behind the head, head, trunk curling up
  const hx = cx - 210 * k
  const hy = floorY - 470 * k
  s.add(
    `<ellipse cx="${n(hx + 95 * k)}" cy="${n(hy + 20 * k)}" rx="${n(120 * k)}" ry="${n(150 * k)}" fill="${s.fill(light)}" transform="rotate(-12 ${n(hx + 95 * k)} ${n(hy + 20 * k)})"/>`,
  )
  s.add(
    `<ellipse cx="${n(hx + 95 * k)}" cy="${n(hy + 24 * k)}" rx="${n(80 * k)}" ry="${n(108 * k)}" fill="${s.fill(BLUSH)}" transform="rotate(-12 ${n(hx + 95 * k)} ${n(hy + 24 * k)})"/>`,
  )
  round(s, hx, hy, 150 * k, pink)
  const trunk: Pt[] = [
    [-110, 70],
    [-150, 120],
    [-175, 175],
    [-185, 230],
    [-200, 275],
    [-232, 300],
    [-268, 292],
    [-286, 262],
  ]
  trunk.forEach(([dx, dy], i) => round(s, hx + dx * k, hy + dy * k, (56 - i * 4.5) * k, pink))
  // face
  s.add(
    `<ellipse cx="${n(hx - 55 * k)}" cy="${n(hy - 20 * k)}" rx="${n(16 * k)}" ry="${n(22 * k)}" fill="#2a1e2c"/><circle cx="${n(hx - 50 * k)}" cy="${n(hy - 28 * k)}" r="${n(6 * k)}" fill="#fff"/>`,
  )
  s.add(
    `<path d="M${n(hx - 80 * k)},${n(hy - 58 * k)} q${n(22 * k)},${n(-14 * k)} ${n(46 * k)},${n(-4 * k)}" stroke="#2a1e2c" stroke-width="${n(5 * k)}" fill="none" stroke-linecap="round"/>`,
  )
  s.add(`<circle cx="${n(hx - 10 * k)}" cy="${n(hy + 30 * k)}" r="${n(26 * k)}" fill="#e83e8c" opacity=".25"/>`)
  // gold bow and a tiny party hat
  const bx = hx + 40 * k
  const by = hy - 130 * k
  s.add(
    `<path d="M${n(bx)},${n(by)} l${n(-60 * k)},${n(-34 * k)} l${n(6 * k)},${n(70 * k)}Z M${n(bx)},${n(by)} l${n(60 * k)},${n(-34 * k)} l${n(-6 * k)},${n(70 * k)}Z" fill="${s.fill(GOLD, 'chrome')}"/>`,
  )
  round(s, bx, by, 16 * k, GOLD, 'chrome')
}

const penelope1: Draw = (s) => {
  const { w, h } = s
  const floorY = h * 0.88
  backdrop(s, { wall: ['#fdf0f4', '#f6dde6'], floor: ['#e8cfd6', '#d8b8c2'], floorY, decor: 'arch' })
  elephant(s, w / 2 + 40, floorY, (h / 1200) * 1.25)
  organicGarland(
    s,
    [
      [w * 0.08, floorY - 30],
      [w * 0.26, floorY - 50],
    ],
    { palette: [{ color: '#f7b8cc' }, { color: '#ffffff', finish: 'pearl' }, { color: GOLD, finish: 'chrome' }], base: 40, leaves: [EUCA] },
  )
}

const penelope2: Draw = (s) => {
  const { w, h } = s
  const floorY = h * 0.9
  backdrop(s, { wall: ['#f4f8f2', '#e4eede'], floor: ['#a9c29a', '#8fae80'], floorY, decor: 'none' })
  // Penelope at a garden party: under an arch with a balloon bouquet tied to her trunk
  const pal = [
    { color: '#f7b8cc', weight: 2 },
    { color: '#f48fb1', weight: 2 },
    { color: '#ffffff', finish: 'pearl' as Finish, weight: 2 },
    { color: '#fbd33f', weight: 1 },
    { color: '#b8e6cf', weight: 1 },
  ]
  organicGarland(s, arcPts(w / 2, floorY, w * 0.36, h * 0.74, 180, 360, 36), {
    palette: pal,
    base: 52,
    leaves: [EUCA, '#6f8f77'],
    spread: 0.7,
  })
  const k = (h / 1200) * 0.95
  const cx = w / 2 + 80
  elephant(s, cx, floorY, k)
  const tip: Pt = [cx - (210 + 286) * k, floorY - 470 * k + 250 * k]
  for (const [dx, dy, c] of [
    [-60, -260, '#fbd33f'],
    [10, -300, '#b8e6cf'],
    [70, -250, '#f48fb1'],
  ] as [number, number, string][]) {
    const knot = tear(s, tip[0] + dx, tip[1] + dy, 44, c, 'latex', dx / 6)
    ribbon(s, knot, tip, dx * 0.1)
  }
}

// ---------------------------------------------------------------- social + van

const og: Draw = (s) => {
  const { w, h } = s
  s.add(
    `<rect width="${w}" height="${h}" fill="${s.linear(
      'ogbg',
      [
        [0, '#fbf1ec'],
        [1, '#f3dcd6'],
      ],
      1,
      1,
    )}"/>`,
  )
  const pal = [
    { color: BLUSH, weight: 3 },
    { color: ROSE, weight: 2 },
    { color: IVORY, weight: 2 },
    { color: GOLD, finish: 'chrome' as Finish, weight: 1 },
    { color: BERRY, weight: 1 },
  ]
  organicGarland(
    s,
    [
      [-40, 140],
      [120, 70],
      [300, 10],
      [420, -40],
    ],
    { palette: pal, base: 50, leaves: [EUCA, SAGE] },
  )
  organicGarland(
    s,
    [
      [w - 420, h + 40],
      [w - 260, h - 20],
      [w - 90, h - 90],
      [w + 40, h - 130],
    ],
    { palette: pal, base: 50, leaves: [EUCA, SAGE] },
  )
  s.add(
    `<text x="${w / 2}" y="${h / 2 + 10}" text-anchor="middle" font-family="Liberation Serif, DejaVu Serif, serif" font-size="92" fill="#2a1e2c">${BRAND.replace('&', '&amp;')}</text>`,
  )
  s.add(
    `<text x="${w / 2}" y="${h / 2 + 70}" text-anchor="middle" font-family="Liberation Sans, DejaVu Sans, sans-serif" font-size="26" letter-spacing="7" fill="#c2476b">BALLOON STUDIO · PORTLAND, OREGON</text>`,
  )
  s.add(`<rect x="${w / 2 - 60}" y="${h / 2 + 100}" width="120" height="3" fill="#c9a03d"/>`)
}

const van: Draw = (s) => {
  const { w, h } = s
  const groundY = h * 0.9
  shadow(s, w / 2, groundY, w * 0.42, 16, 0.3)
  // balloons tied to the roof rack, strings first
  const roofY = h * 0.5
  const ties: Pt[] = [
    [w * 0.42, roofY - 8],
    [w * 0.62, roofY - 8],
  ]
  const balloons: [number, number, number, string, Finish][] = [
    [w * 0.3, h * 0.17, 52, BLUSH, 'latex'],
    [w * 0.43, h * 0.1, 58, GOLD, 'chrome'],
    [w * 0.56, h * 0.15, 55, '#ffffff', 'pearl'],
    [w * 0.69, h * 0.1, 52, BERRY, 'latex'],
    [w * 0.8, h * 0.2, 48, SAGE, 'latex'],
    [w * 0.5, h * 0.27, 44, '#e9f3f8', 'clear'],
  ]
  balloons.forEach(([x, y, r]) => ribbon(s, [x, y + r * 1.2], ties[x < w * 0.52 ? 0 : 1], (x - w / 2) * 0.05))
  for (const [x, y, r, c, f] of balloons) tear(s, x, y, r, c, f, (x - w / 2) / 25)
  // van body: cream with a berry stripe
  const x0 = w * 0.1
  const x1 = w * 0.9
  const by = groundY - 40
  s.add(`<rect x="${n(x0 + 60)}" y="${n(roofY - 14)}" width="${n(x1 - x0 - 200)}" height="10" rx="5" fill="#6b5d6c"/>`)
  s.add(
    `<path d="M${n(x0)},${n(by)} V${n(roofY + 60)} Q${n(x0)},${n(roofY)} ${n(x0 + 60)},${n(roofY)} H${n(x1 - 170)} Q${n(x1 - 120)},${n(roofY)} ${n(x1 - 90)},${n(roofY + 60)} L${n(x1 - 40)},${n(roofY + 150)} Q${n(x1)},${n(roofY + 160)} ${n(x1)},${n(roofY + 210)} V${n(by)}Z" fill="${s.linear(
      'vanbody',
      [
        [0, '#fffaf3'],
        [1, '#efe3d3'],
      ],
    )}" stroke="#d9c7b1" stroke-width="3"/>`,
  )
  s.add(
    `<rect x="${n(x0)}" y="${n(by - 80)}" width="${n(x1 - x0)}" height="30" fill="#c2476b"/><rect x="${n(x0)}" y="${n(by - 50)}" width="${n(x1 - x0)}" height="8" fill="#c9a03d"/>`,
  )
  // windscreen and side window
  s.add(
    `<path d="M${n(x1 - 160)},${n(roofY + 20)} H${n(x1 - 120)} Q${n(x1 - 100)},${n(roofY + 30)} ${n(x1 - 60)},${n(roofY + 130)} H${n(x1 - 160)}Z" fill="${s.linear(
      'vanglass',
      [
        [0, '#cfe3f0'],
        [1, '#8fb3cc'],
      ],
      1,
      1,
    )}"/>`,
  )
  s.add(
    `<path d="M${n(x1 - 180)},${n(roofY + 20)} V${n(by - 90)}" stroke="#d9c7b1" stroke-width="3"/><rect x="${n(x1 - 170)}" y="${n(roofY + 150)}" width="22" height="8" rx="4" fill="#b8a58e"/>`,
  )
  s.add(`<rect x="${n(x1 - 20)}" y="${n(by - 130)}" width="24" height="18" rx="6" fill="#fff4cf" stroke="#d9c7b1"/>`)
  // logo: a little three-balloon mark and the brand name
  const lx = x0 + 70
  const ly = roofY + 110
  for (const [dx, dy, c] of [
    [0, 0, BERRY],
    [34, -14, GOLD],
    [62, 4, SAGE],
  ] as [number, number, string][]) {
    s.add(`<ellipse cx="${n(lx + dx)}" cy="${n(ly + dy)}" rx="18" ry="22" fill="${c}"/>`)
  }
  s.add(
    `<text x="${n(lx + 100)}" y="${n(ly + 8)}" font-family="Liberation Serif, DejaVu Serif, serif" font-size="44" fill="#2a1e2c">${BRAND.replace('&', '&amp;')}</text>`,
  )
  s.add(
    `<text x="${n(lx + 102)}" y="${n(ly + 44)}" font-family="Liberation Sans, DejaVu Sans, sans-serif" font-size="17" letter-spacing="4" fill="#c2476b">BALLOON STUDIO · PORTLAND</text>`,
  )
  // wheels
  for (const x of [x0 + 130, x1 - 150]) {
    s.add(
      `<circle cx="${n(x)}" cy="${n(by)}" r="62" fill="#fffaf3"/><circle cx="${n(x)}" cy="${n(by)}" r="52" fill="#2a1e2c"/><circle cx="${n(x)}" cy="${n(by)}" r="24" fill="#c7ccd3"/><circle cx="${n(x)}" cy="${n(by)}" r="8" fill="#6b5d6c"/>`,
    )
  }
}

// ---------------------------------------------------------------- output

interface Job {
  name: string
  draw: Draw
  w: number
  h: number
  seed: number
}

const serviceJobs: Record<string, [Draw, number, number][]> = {
  bouquets: [
    [bouquets1, 1600, 1200],
    [bouquets2, 1600, 1000],
    [bouquets3, 1600, 1200],
  ],
  'costumes-parades': [
    [costume, 1600, 1200],
    [parade, 1600, 1000],
  ],
  'balloon-garlands': [
    [garland1, 1600, 1067],
    [garland2, 1600, 1200],
    [garland3, 1600, 1200],
  ],
  mosaics: [
    [mosaic1, 1600, 1067],
    [mosaic2, 1600, 1200],
  ],
  sculptures: [
    [sculpture1, 1600, 1200],
    [sculpture2, 1600, 1067],
  ],
  'custom-creations': [
    [custom1, 1600, 1200],
    [custom2, 1600, 1067],
  ],
  'corporate-creations': [
    [corporate1, 1600, 1200],
    [corporate2, 1600, 1000],
  ],
  events: [
    [events1, 1600, 1067],
    [events2, 1600, 1200],
    [events3, 1600, 1200],
  ],
  jumbos: [
    [jumbo1, 1600, 1200],
    [jumbo2, 1600, 1067],
  ],
  penelope: [
    [penelope1, 1600, 1200],
    [penelope2, 1600, 1067],
  ],
}

async function render(job: Job): Promise<Buffer> {
  const scene = new Scene(job.w, job.h, mulberry32(job.seed))
  job.draw(scene)
  return sharp(Buffer.from(scene.svg())).png().toBuffer()
}

const JPEG = { quality: 82, mozjpeg: true } as const

async function main(): Promise<void> {
  mkdirSync(UPLOADS, { recursive: true })
  mkdirSync(PUBLIC_IMAGES, { recursive: true })
  const only = process.argv.slice(2)
  const want = (name: string): boolean => only.length === 0 || only.some((o) => name.includes(o))
  let seed = 11
  for (const [service, list] of Object.entries(serviceJobs)) {
    for (const [i, [draw, w, h]] of list.entries()) {
      seed += 101
      const base = `seed-${service}-${i + 1}`
      if (!want(base)) continue
      const png = await render({ name: base, draw, w, h, seed })
      await sharp(png)
        .jpeg(JPEG)
        .toFile(path.join(UPLOADS, `${base}-original.jpg`))
      // the cropped copy is what the admin's 4:3 crop dialog would make: centred, 1200x900
      const cw = Math.min(w, Math.round((h * 4) / 3))
      const ch = Math.round((cw * 3) / 4)
      await sharp(png)
        .extract({ left: Math.round((w - cw) / 2), top: Math.round((h - ch) / 2), width: cw, height: ch })
        .resize(1200, 900)
        .jpeg(JPEG)
        .toFile(path.join(UPLOADS, `${base}-cropped.jpg`))
      console.log('wrote', base)
    }
  }
  if (want('seed-hero')) {
    await sharp(await render({ name: 'hero', draw: hero, w: 1920, h: 1000, seed: 5 }))
      .jpeg(JPEG)
      .toFile(path.join(UPLOADS, 'seed-hero.jpg'))
    console.log('wrote seed-hero')
  }
  if (want('og-default')) {
    await sharp(await render({ name: 'og', draw: og, w: 1200, h: 630, seed: 9 }))
      .jpeg(JPEG)
      .toFile(path.join(PUBLIC_IMAGES, 'og-default.jpg'))
    console.log('wrote og-default')
  }
  if (want('delivery-truck')) {
    await sharp(await render({ name: 'van', draw: van, w: 900, h: 700, seed: 3 }))
      .webp({ quality: 86, alphaQuality: 90 })
      .toFile(path.join(PUBLIC_IMAGES, 'delivery-truck.webp'))
    console.log('wrote delivery-truck')
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
