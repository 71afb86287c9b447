// The import rules (.oxlintrc.json): the code keeps them, and they catch a circle or an upward import when one appears.
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '..')
const OXLINT = join(ROOT, 'node_modules/.bin/oxlint')

function lint(cwd: string, dirs: string[]) {
  const run = spawnSync(OXLINT, ['-c', '.oxlintrc.json', '--format', 'unix', ...dirs], { cwd, encoding: 'utf8' })
  return { status: run.status, out: `${run.stdout}${run.stderr}` }
}

describe('dependency rules', () => {
  it('the code has no import circle and no upward import', () => {
    const { status, out } = lint(ROOT, ['server', 'web', 'shared', 'scripts'])
    expect(out).not.toMatch(/no-cycle|no-restricted-imports/)
    expect(status).toBe(0)
  })

  describe('catch a deliberate break', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dep-rules-'))
    afterAll(() => rmSync(dir, { recursive: true, force: true }))
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true })
      writeFileSync(join(dir, path), text)
    }
    copyFileSync(join(ROOT, '.oxlintrc.json'), join(dir, '.oxlintrc.json'))
    write('server/app.ts', "import { routes } from './services/services.routes'\nexport const app = routes\n")
    write('server/app-deps.ts', 'export interface AppDeps { root: string }\n')
    write('server/services/services.routes.ts', "import type { AppDeps } from '../app-deps'\nexport const routes = (d: AppDeps) => d\n")
    write('server/lib/a.ts', "import { b } from './b'\nexport const a = () => b()\n")
    write('server/lib/b.ts', "import { a } from './a'\nexport const b = () => a()\n")
    write('server/lib/up.ts', "import { routes } from '../services/services.routes'\nexport const up = routes\n")
    write('web/app/root.ts', 'export const root = 1\n')
    write('web/components/card.tsx', "import { root } from '../app/root'\nexport const card = root\n")
    write('web/pages/home.tsx', "import { ContentRepo } from '../../server/lib/git'\nexport const home = ContentRepo\n")
    write('web/lib/deep/sizes.ts', 'export const WIDTHS = [320]\n')
    write('web/lib/image-urls.ts', 'export const IMAGE_WIDTHS = [320]\n')
    write('server/images/derivatives.ts', "import { IMAGE_WIDTHS } from '../../web/lib/image-urls'\nexport const widths = IMAGE_WIDTHS\n")
    write('server/images/deeper.ts', "import { WIDTHS } from '../../web/lib/deep/sizes'\nexport const widths = WIDTHS\n")
    write('server/render.ts', "import { IMAGE_WIDTHS } from '../web/lib/image-urls'\nexport const widths = IMAGE_WIDTHS\n")
    write('shared/sizes.ts', "import { widths } from '../server/images/derivatives'\nexport const sizes = widths\n")
    write('server/images/ok.ts', "import { sizes } from '../../shared/sizes'\nexport const ok = sizes\n")
    write('web/admin/admin-api.ts', 'export const api = 1\n')
    write('web/admin/ui/field.tsx', 'export const field = 1\n')
    write('web/admin/history/history-panel.tsx', 'export const panel = 1\n')
    write('web/admin/faq/faq-panel.tsx', "import { panel } from '../history/history-panel'\nexport const faq = panel\n")
    write(
      'web/admin/faq/faq-page.tsx',
      "import { field } from '../ui/field'\nimport { root } from '../../pages/home'\nexport const page = [field, root]\n",
    )
    write('web/pages/home/home-loader.ts', 'export const MAX = 3\n')
    write('web/admin/testimonials/count.tsx', "import { MAX } from '../../pages/home/home-loader'\nexport const count = MAX\n")
    write('web/app/shell/layout.ts', 'export const layout = 1\n')
    write('web/components/deep-card.tsx', "import { layout } from '../app/shell/layout'\nexport const card = layout\n")
    write('web/admin/ui/picture.tsx', "import { faq } from '../faq/faq-panel'\nexport const picture = faq\n")
    write('web/admin/services/parts/deep.tsx', "import { faq } from '../../faq/faq-panel'\nexport const deep = faq\n")
    write(
      'web/admin/services/editor.tsx',
      "import { field } from '../ui/field'\nimport { api } from '../admin-api'\nimport { WIDTHS } from '../../lib/deep/sizes'\nexport const editor = [field, api, WIDTHS]\n",
    )
    write(
      'web/admin/services/parts/ok.tsx',
      "import { editor } from '../editor'\nimport { field } from '../../ui/field'\nimport { api } from '../../admin-api'\nexport const ok = [editor, field, api]\n",
    )
    write('server/cache/up.ts', "import { routes } from '../services/services.routes'\nexport const up = routes\n")
    write('server/cache/ok.ts', "import { b } from '../lib/b'\nexport const ok = b\n")
    const { status, out } = lint(dir, ['server', 'web', 'shared'])
    const findings = (file: string) => out.split('\n').filter((line) => line.startsWith(file))

    it('fails the run', () => expect(status).not.toBe(0))
    it('a circle between two modules', () => expect(findings('server/lib/a.ts').join('\n')).toMatch(/no-cycle/))
    it('server/lib importing a feature', () => expect(findings('server/lib/up.ts').join('\n')).toMatch(/no-restricted-imports/))
    it('a feature importing the app, even for a type', () =>
      expect(findings('server/services/services.routes.ts').join('\n')).toMatch(/no-restricted-imports/))
    it('a component reaching up into web/app', () =>
      expect(findings('web/components/card.tsx').join('\n')).toMatch(/no-restricted-imports/))
    it('a page importing server code that runs on Node', () =>
      expect(findings('web/pages/home.tsx').join('\n')).toMatch(/no-restricted-imports/))
    it('the app importing a feature is the right way down', () => expect(findings('server/app.ts')).toEqual([]))
    it('a feature importing the web app, two folders deep', () =>
      expect(findings('server/images/derivatives.ts').join('\n')).toMatch(/no-restricted-imports/))
    it('a feature importing the web app, three folders deep', () =>
      expect(findings('server/images/deeper.ts').join('\n')).toMatch(/no-restricted-imports/))
    it('a top-level server module importing the web app', () =>
      expect(findings('server/render.ts').join('\n')).toMatch(/no-restricted-imports/))
    it('shared/ importing the server', () => expect(findings('shared/sizes.ts').join('\n')).toMatch(/no-restricted-imports/))
    it('the server importing shared/ is allowed', () => expect(findings('server/images/ok.ts')).toEqual([]))
    it('a dashboard tab importing another tab', () =>
      expect(findings('web/admin/faq/faq-panel.tsx').join('\n')).toMatch(/no-restricted-imports/))
    it('a dashboard tab importing another tab, from a folder inside the tab', () =>
      expect(findings('web/admin/services/parts/deep.tsx').join('\n')).toMatch(/no-restricted-imports/))
    it('a dashboard tab importing a public page two folders down', () =>
      expect(findings('web/admin/testimonials/count.tsx').join('\n')).toMatch(/no-restricted-imports/))
    it('a component reaching two folders into web/app', () =>
      expect(findings('web/components/deep-card.tsx').join('\n')).toMatch(/no-restricted-imports/))
    it('the shared dashboard parts importing a tab', () =>
      expect(findings('web/admin/ui/picture.tsx').join('\n')).toMatch(/no-restricted-imports/))
    it('a tab importing a public page, beside an allowed import of web/admin/ui', () =>
      expect(findings('web/admin/faq/faq-page.tsx')).toEqual([expect.stringMatching(/faq-page\.tsx:2:.*no-restricted-imports/)]))
    it('a tab importing web/admin/ui, the API calls, web/lib and its own files is allowed', () => {
      expect(findings('web/admin/services/editor.tsx')).toEqual([])
      expect(findings('web/admin/services/parts/ok.tsx')).toEqual([])
    })
    it('server/cache importing a feature', () => expect(findings('server/cache/up.ts').join('\n')).toMatch(/no-restricted-imports/))
    it('server/cache importing server/lib is allowed', () => expect(findings('server/cache/ok.ts')).toEqual([]))
  })
})
