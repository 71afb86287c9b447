// A symbolic link committed into the content (git keeps links) must not make the site read or publish the file it
// points at: an upload linked to the server's secrets, a content file linked to one outside the content root.
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import YAML from 'yaml'
import { afterAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ContentStore } from './content-store'
import { resolveInside } from './files'
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
    const link = 'it is a symbolic link, and the site reads only plain files'
    await expect(readPlainFile(join(dir, 'link.txt'))).rejects.toMatchObject({ code: 'ENOTPLAIN', message: link })
    await expect(readPlainFile(join(dir, 'dangling.txt'))).rejects.toMatchObject({ message: link })
  })

  it('refuses a FIFO put in its place at once, without waiting for a writer', async () => {
    execFileSync('mkfifo', [join(dir, 'pipe.yaml')])
    await expect(readPlainFile(join(dir, 'pipe.yaml'))).rejects.toMatchObject({ code: 'ENOTPLAIN', message: 'it is not a plain file' })
  })

  it('refuses a folder by its name, and a missing file is ENOENT', async () => {
    await expect(readPlainFile(join(dir, 'folder'))).rejects.toMatchObject({ message: 'it is a folder, not a file' })
    await expect(readPlainFile(join(dir, 'none.txt'))).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('closes every file it opens: 400 reads leave no file open (the server would run out and read nothing)', async () => {
    const open = () => readdirSync('/proc/self/fd').length
    const before = open()
    for (let i = 0; i < 200; i++) {
      expect((await readPlainFile(join(dir, 'plain.txt'))).toString()).toBe('hello')
      await expect(readPlainFile(join(dir, 'folder'))).rejects.toMatchObject({ code: 'ENOTPLAIN' })
    }
    expect(open() - before).toBeLessThan(20)
  })

  it('a path through a file (content/ replaced by a file) names no file: missing, not an error', async () => {
    const root = mkdtempSync(join(outside, 'root-'))
    writeFileSync(join(root, 'content'), 'not a folder')
    const store = new ContentStore(root)
    expect(await store.readYaml('content/services/bouquets.yaml', z.unknown(), { ifMissing: () => 'missing' })).toBe('missing')
    expect(await store.list('content/services')).toEqual([])
  })

  it('the content store names the file and the reason to the owner', async () => {
    const root = mkdtempSync(join(outside, 'root-'))
    mkdirSync(join(root, 'content'))
    writeFileSync(join(outside, 'faq.yaml'), YAML.stringify({ leaked: SECRET }))
    symlinkSync(join(outside, 'faq.yaml'), join(root, 'content', 'faq.yaml'))
    const store = new ContentStore(root)
    await expect(store.readYaml('content/faq.yaml', z.unknown())).rejects.toThrow(
      'content/faq.yaml: could not be read (it is a symbolic link, and the site reads only plain files)',
    )
    expect(await store.list('content')).toEqual([])
  })
})

describe('resolveInside and folders that link out', () => {
  const root = mkdtempSync(join(outside, 'site-'))
  mkdirSync(join(root, 'content', 'inner'), { recursive: true })
  mkdirSync(`${root}-other`)
  symlinkSync(`${root}-other`, join(root, 'content', 'lookalike'))
  symlinkSync(join(root, 'content', 'inner'), join(root, 'content', 'within'))
  symlinkSync(join(outside, 'secret.env'), join(root, 'content', 'file-link.yaml'))
  const refusal = (rel: string) => `Refusing path outside the content root: ${rel} (a folder on its way is a symbolic link out of it)`

  it('refuses a folder linking to a sibling whose name starts with the root', () => {
    expect(() => resolveInside(root, 'content/lookalike/a.yaml')).toThrow(refusal('content/lookalike/a.yaml'))
    expect(() => resolveInside(root, 'content/lookalike/new/deeper/a.yaml')).toThrow(refusal('content/lookalike/new/deeper/a.yaml'))
  })

  it('takes a link that stays inside, folders not made yet, and leaves a linked last part to its reader', () => {
    expect(resolveInside(root, 'content/within/a.yaml')).toBe(join(root, 'content/within/a.yaml'))
    expect(resolveInside(root, 'content/new/deeper/a.yaml')).toBe(join(root, 'content/new/deeper/a.yaml'))
    expect(resolveInside(root, 'content/file-link.yaml')).toBe(join(root, 'content/file-link.yaml'))
    expect(resolveInside(join(outside, 'no-root-yet'), 'content/a.yaml')).toBe(join(outside, 'no-root-yet', 'content/a.yaml'))
  })
})

describe('a committed link on the site', () => {
  const ctx = useTestApp()

  const commitLink = (relPath: string, target: string) => {
    rmSync(join(ctx.t.root, relPath), { recursive: true, force: true })
    symlinkSync(target, join(ctx.t.root, relPath))
    ctx.t.git('add', '--', relPath) // a path's removals are staged with it (git 2)
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
        message: 'The file is a symbolic link, and the site reads only plain files',
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

  it('a folder linked out of the content root: nothing is read through it, nothing is saved into it', async () => {
    const services = mkdtempSync(join(outside, 'services-'))
    cpSync(join(ctx.t.root, 'content/services'), services, { recursive: true })
    writeFileSync(join(services, 'bouquets.yaml'), YAML.stringify({ title: 'do-not-publish-me' }))
    commitLink('content/services', services)
    const res = await ctx.t.call('GET', '/api/services')
    expect([res.status, await res.json()]).toEqual([
      500,
      { error: 'content/services: could not be read (a folder on its way is a symbolic link out of the site)' },
    ])
    const before = readdirSync(services).sort()
    const json = { id: 'jumbo', title: 'Jumbos', description: 'Big', aboutText: 'About', pricingInfo: 'One: $10' }
    const saved = await ctx.t.call('POST', '/api/services', { json, cookie: await ctx.t.login() })
    expect([saved.status, await saved.json()]).toEqual([
      409,
      { error: 'Refusing path outside the content root: content/services/jumbo.yaml (a folder on its way is a symbolic link out of it)' },
    ])
    expect(readdirSync(services).sort()).toEqual(before)
  })

  it('a folder linked to itself (a loop) is refused like one linked out, not an unexplained error', async () => {
    commitLink('content/services', 'services')
    const store = new ContentStore(ctx.t.root)
    await expect(store.list('content/services')).rejects.toThrow(
      'content/services: could not be read (a folder on its way is a symbolic link out of the site)',
    )
    // A service in it is a broken file: its last valid version is what visitors get, through the app too (the
    // content generation stamps the loop as itself instead of failing every request with ELOOP).
    expect(await store.readYaml('content/services/bouquets.yaml', z.object({ title: z.string() }))).toEqual({ title: 'Bouquets' })
    const one = await ctx.t.call('GET', '/api/services/bouquets')
    expect([one.status, (await one.json()).title]).toEqual([200, 'Bouquets'])
    const json = { id: 'jumbo', title: 'Jumbos', description: 'Big', aboutText: 'About', pricingInfo: 'One: $10' }
    const saved = await ctx.t.call('POST', '/api/services', { json, cookie: await ctx.t.login() })
    expect([saved.status, await saved.json()]).toEqual([
      409,
      { error: 'Refusing path outside the content root: content/services/jumbo.yaml (a folder on its way is a symbolic link out of it)' },
    ])
  })

  it('an uploads folder linked out of the root serves nothing from there', async () => {
    const pictures = mkdtempSync(join(outside, 'uploads-'))
    writeFileSync(join(pictures, 'leak.jpg'), SECRET)
    rmSync(join(ctx.t.root, 'uploads'), { recursive: true })
    symlinkSync(pictures, join(ctx.t.root, 'uploads'))
    const res = await ctx.t.call('GET', '/uploads/leak.jpg')
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('do-not-publish-me')
    expect((await ctx.t.call('GET', '/img/320/leak.jpg')).status).toBe(404)
    expect(existsSync(join(pictures, 'leak.jpg'))).toBe(true)
  })
})
