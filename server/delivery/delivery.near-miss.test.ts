// The delivery page's 100,000-character limit at its edge, as the owner sees it: a page of exactly 100,000 characters
// saves, reads back and is what visitors get (the line break the saved file ends with is not counted); one more
// character is refused, writing nothing.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../testing/test-app'

const ctx = useTestApp({ login: true })
const PATH = '/api/delivery-installation-content'
const put = (markdownContent: string) => ctx.t.call('PUT', PATH, { json: { markdownContent }, cookie: ctx.cookie })
const file = () => readFileSync(join(ctx.t.root, 'content/delivery-installation.md'), 'utf8')

describe('the 100,000-character limit', () => {
  it.each([
    ['no line break', ''],
    ['a final newline', '\n'],
  ])('a page of exactly 100,000 characters with %s is saved and served as written', async (_name, ending) => {
    const page = 'x'.repeat(100_000)
    const res = await put(`${page}${ending}`)
    expect([res.status, (await res.json()).markdownContent?.length]).toEqual([200, 100_000])
    expect(file()).toBe(`${page}\n`)
    expect(ctx.t.subjects()[0]).toBe('Update delivery & installation page')
    const served = (await (await ctx.t.call('GET', PATH)).json()) as { markdownContent: string }
    expect(served.markdownContent).toBe(page)
  })

  it.each([
    ['100,001 characters', 'x'.repeat(100_001)],
    ['100,001 characters and a final newline', `${'x'.repeat(100_001)}\n`],
  ])('%s are refused, writing nothing', async (_name, page) => {
    const before = file()
    const res = await put(page)
    expect([res.status, await res.json()]).toEqual([400, { error: 'The page is too long (100,000 characters at most)' }])
    expect(file()).toBe(before)
    expect(ctx.t.subjects()).toEqual(['Seed content'])
  })
})
