import { beforeEach, describe, expect, it } from 'vitest'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { useTestApp, type TestApp } from '../testing/test-app'

const ctx = useTestApp()
let t: TestApp
beforeEach(() => ({ t } = ctx))

describe('delivery and installation content', () => {
  it('is public', async () => {
    const res = await t.call('GET', '/api/delivery-installation-content')
    expect(await res.json()).toEqual({ markdownContent: '# Delivery\n\nWe deliver across Portland.' })
  })

  it('saving returns the saved content, commits the markdown file and keeps its front matter', async () => {
    writeFileSync(join(t.root, 'content/delivery-installation.md'), '---\ntitle: Delivery\n---\n# Old\n')
    t.git('commit', '-qm', 'Add front matter', '--', 'content/delivery-installation.md')
    const cookie = await t.login()
    const res = await t.call('PUT', '/api/delivery-installation-content', { json: { markdownContent: '## New\n\n- one\n' }, cookie })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ markdownContent: '## New\n\n- one', version: expect.stringMatching(/^[0-9a-f]{16}$/) })
    expect(readFileSync(join(t.root, 'content/delivery-installation.md'), 'utf8')).toBe('---\ntitle: Delivery\n---\n## New\n\n- one\n')
    expect(t.subjects()[0]).toBe('Update delivery & installation page')
    expect(t.git('log', '-1', '--format=%B')).toContain('Content-Item: delivery-installation')
  })

  it('bad input answers 400; no session answers 401; neither changes the file', async () => {
    const cookie = await t.login()
    expect((await t.call('PUT', '/api/delivery-installation-content', { json: { markdown: 'x' }, cookie })).status).toBe(400)
    expect(
      (await t.call('PUT', '/api/delivery-installation-content', { json: { markdownContent: 'x'.repeat(100_001) }, cookie })).status,
    ).toBe(400)
    expect((await t.call('PUT', '/api/delivery-installation-content', { json: { markdownContent: 'x' } })).status).toBe(401)
    expect(t.subjects()).toEqual(['Seed content'])
  })

  it('a missing file answers an error naming it', async () => {
    t.git('rm', '-q', 'content/delivery-installation.md')
    const res = await t.call('GET', '/api/delivery-installation-content')
    expect(res.status).toBe(500)
    expect((await res.json()).error).toBe('content/delivery-installation.md: file is missing')
  })
})
