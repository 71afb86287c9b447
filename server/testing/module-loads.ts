// A test that each module of a mutation slice loads and offers its exports. The modules are imported inside the test,
// not at the top of a test file: a module broken so it cannot load (a helper that returns nothing, a bad locale) then
// fails a test, where a test file that fails to load runs no test at all, which a mutation run counts as unnoticed.
import { describe, expect, it } from 'vitest'

type Loader = () => Promise<Record<string, unknown>>

/** `modules`: name -> [its loader, the exports the app uses]. */
export function describeModulesLoad(title: string, modules: Record<string, [Loader, string[]]>): void {
  describe(title, () => {
    it.each(Object.entries(modules))('%s loads with its exports', async (name, [load, exports]) => {
      const module = await load()
      for (const key of exports) expect(module[key], `${name}.${key}`).toBeDefined()
    })
  })
}
