// A symbolic link committed into the content (git keeps links) must not make the site read or publish the file it
// points at: an upload linked to the server's secrets, a content file linked to one outside the content root.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import YAML from 'yaml'
import { afterAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ContentStore } from './content-store'
import { readPlainFile } from './plain-file'
import { useTestApp } from '../testing/test-app'

const outside = mkdtempSync(join(tmpdir(), 'plain-file-'))
const SECRET = 'SESSION_SECRET=do-not-publish-me'
writeFileSync(join(outside, 'secret.env'), SECRET)
afterAll(() => rmSync(outside, { recursive: true, force: true }))

describe('readPlainFile', () => {
  const dir = mkdtempSync(join(outside, 'dir-'))
  writeFileSync(join(dir, 'plain.txt'), 'hello')
  symlinkSync(join(outside, 'secret.env'), join(dir, 'link.txt'))
  symlinkSync(join(dir, 'missing.txt'), join(dir, 'dangling.txt'))
  mkdirSync(join(dir, 'folder'))

  it('reads a plain file', async () => {
    expect((await readPlainFile(join(dir, 'plain.txt'))).toString()).toBe('hello')
  })

  it('refuses a link, even one to a file that is there, and says what it is', async () => {
    const link = 'it is a symbolic link: the site reads only plain files'
    await expect(readPlainFile(join(dir, 'link.txt'))).rejects.toMatchObject({ code: 'ENOTPLAIN', message: link })
    await expect(readPlainFile(join(dir, 'dangling.txt'))).rejects.toMatchObject({ message: link })
  })

  it('refuses a folder by its name, and a missing file is ENOENT', async () => {
    await expect(readPlainFile(join(dir, 'folder'))).rejects.toMatchObject({ message: 'it is a folder, not a file' })
    await expect(readPlainFile(join(dir, 'none.txt'))).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('the content store names the file and the reason to the owner', async () => {
    const root = mkdtempSync(join(outside, 'root-'))
    mkdirSync(join(root, 'content'))
    writeFileSync(join(outside, 'faq.yaml'), YAML.stringify({ leaked: SECRET }))
    symlinkSync(join(outside, 'faq.yaml'), join(root, 'content', 'faq.yaml'))
    const store = new ContentStore(root)
    await expect(store.readYaml('content/faq.yaml', z.unknown())).rejects.toThrow(
      'content/faq.yaml: could not be read (it is a symbolic link: the site reads only plain files)',
    )
    expect(await store.list('content')).toEqual([])
  })
})

describe('a committed link on the site', () => {
  const ctx = useTestApp()

  const commitLink = (relPath: string, target: string) => {
    rmSync(join(ctx.t.root, relPath), { force: true })
    symlinkSync(target, join(ctx.t.root, relPath))
    ctx.t.git('add', '--', relPath)
    ctx.t.git('commit', '-q', '-m', `Link ${relPath}`, '--', relPath)
  }

  it('an upload linked to a secret is not served, nor resized', async () => {
    commitLink('uploads/leak.jpg', join(outside, 'secret.env'))
    const res = await ctx.t.call('GET', '/uploads/leak.jpg')
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('do-not-publish-me')
    expect((await ctx.t.call('GET', '/img/320/leak.jpg')).status).toBe(404)
    // The same bytes as a plain file are served: the refusal is the link's.
    writeFileSync(join(ctx.t.root, 'uploads', 'plain.jpg'), SECRET)
    expect(await (await ctx.t.call('GET', '/uploads/plain.jpg')).text()).toBe(SECRET)
  })

  const FAQ = YAML.stringify([{ id: 'ahead', question: 'How far ahead should I book?', answer: 'Two weeks.' }])
  const commitFaq = () => {
    writeFileSync(join(ctx.t.root, 'content/faq.yaml'), FAQ)
    ctx.t.git('add', '--', 'content/faq.yaml')
    ctx.t.git('commit', '-q', '-m', 'FAQ', '--', 'content/faq.yaml')
  }

  it('a content file linked to one outside the content root is not published', async () => {
    commitFaq()
    writeFileSync(join(outside, 'faq-outside.yaml'), YAML.stringify([{ id: 'leak', question: 'Leaked?', answer: SECRET }]))
    commitLink('content/faq.yaml', join(outside, 'faq-outside.yaml'))
    const res = await ctx.t.call('GET', '/api/faq')
    expect(res.status).toBe(200)
    const shown = await res.text()
    expect(shown).not.toContain('do-not-publish-me')
    // Visitors get the file's last valid version; the owner is told which file and why.
    expect(shown).toContain('How far ahead should I book?')
    const problems = await ctx.t.call('GET', '/api/admin/content-problems', { cookie: await ctx.t.login() })
    expect((await problems.json()).problems).toEqual([
      {
        file: 'content/faq.yaml',
        message: 'The site does not read this file: it is a symbolic link: the site reads only plain files',
        lastValidCommit: ctx.t.git('rev-parse', 'HEAD~1').trim(),
      },
    ])
  })

  it("a folder under a content file's name is a broken file too, not a 500", async () => {
    commitFaq()
    rmSync(join(ctx.t.root, 'content/faq.yaml'))
    mkdirSync(join(ctx.t.root, 'content/faq.yaml'))
    const res = await ctx.t.call('GET', '/api/faq')
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('How far ahead should I book?')
  })
})
