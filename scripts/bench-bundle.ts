// Benchmark (a): first-load JavaScript and CSS (gzip) of each public route, from the built client's Vite manifest.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { PAGE_SOURCE_MODULES } from '../web/app/route-modules'
import { PUBLIC_PAGE_PATHS } from '../web/app/public-routes'
import { CLIENT_DIR as CLIENT, printTable, requireBuild, verdict } from './bench-lib'

type Manifest = Record<string, { file: string; src?: string; css?: string[]; imports?: string[] }>

const TARGET_JS = 90 * 1024
/** Text only the dashboard contains; finding it in a public route's first load means admin code leaked in. */
const ADMIN_MARKERS = ['Service Management', 'Testimonials Management', 'Crop & Upload']

/** The script that starts the app after first paint (web/public/start-after-paint.js): every page loads it too. */
const STARTER = 'start-after-paint.js'

/** The files a route loads before it is interactive: the entry and the route's page module, with their static imports. */
export function firstLoad(manifest: Manifest, modules: string[]): { js: string[]; css: string[]; keys: string[] } {
  const js = new Set<string>()
  const css = new Set<string>()
  const keys: string[] = []
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || keys.includes(key)) return
    keys.push(key)
    js.add(chunk.file)
    chunk.css?.forEach((f) => css.add(f))
    chunk.imports?.forEach(visit)
  }
  ;['index.html', ...modules].forEach(visit)
  return { js: [...js], css: [...css], keys }
}

const gzipBytes = (file: string) => gzipSync(readFileSync(join(CLIENT, file)), { level: 9 }).length
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`

function main() {
  requireBuild()
  const manifest = JSON.parse(readFileSync(join(CLIENT, '.vite/manifest.json'), 'utf8')) as Manifest
  const rows: (string | number)[][] = []
  let worst = 0
  let adminLeak = false
  const pages = { ...PUBLIC_PAGE_PATHS, 'not-found': '(any unknown path)' }
  for (const [routeId, path] of Object.entries(pages)) {
    const load = firstLoad(manifest, [PAGE_SOURCE_MODULES[routeId as keyof typeof PAGE_SOURCE_MODULES]])
    load.js.push(STARTER)
    const jsBytes = load.js.reduce((sum, f) => sum + gzipBytes(f), 0)
    const cssBytes = load.css.reduce((sum, f) => sum + gzipBytes(f), 0)
    const text = load.js.map((f) => readFileSync(join(CLIENT, f), 'utf8')).join('\n')
    const admin = load.keys.some((k) => k.startsWith('admin/')) || ADMIN_MARKERS.some((m) => text.includes(m))
    adminLeak ||= admin
    worst = Math.max(worst, jsBytes)
    rows.push([path, kb(jsBytes), kb(cssBytes), load.js.length, admin ? 'YES' : 'no', verdict(jsBytes <= TARGET_JS)])
  }
  console.log(
    'First-load bytes per public route (gzip -9 of the built files; start-after-paint.js + entry + the page chunk, with their static imports)\n',
  )
  printTable(['route', 'JS gzip', 'CSS gzip', 'JS files', 'admin code', 'JS <= 90 KB'], rows)
  console.log(`\nLargest public first-load JS: ${kb(worst)} (target <= 90 KB: ${verdict(worst <= TARGET_JS)})`)
  console.log(`Admin code on public routes: ${adminLeak ? 'YES (target: none, NOT met)' : 'none (met)'}`)
}

main()
