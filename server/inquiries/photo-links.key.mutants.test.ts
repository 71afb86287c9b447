// The photo links key on a file system that refuses the hard link it is put in place with: the error, not a retry.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it, vi } from 'vitest'
import { PHOTO_LINK_KEY_FILE, PhotoLinkSigner } from './photo-links'

const linkFailures = vi.hoisted(() => [] as string[])
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>()
  return {
    ...actual,
    link: async (from: string, to: string) => {
      const code = linkFailures.shift()
      if (code) throw Object.assign(new Error(`${code}: operation not permitted, link '${from}' -> '${to}'`), { code })
      return actual.link(from, to)
    },
  }
})

const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))

it('a link the file system refuses fails the signing with its error, leaves no key or temporary file, and the next link tries again', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'photo-link-key-'))
  dirs.push(dir)
  const signer = new PhotoLinkSigner(dir)
  linkFailures.push('EPERM')
  await expect(signer.signedPath('inq-1', 'a'.repeat(32), 2_000_000_000)).rejects.toMatchObject({ code: 'EPERM' })
  expect(readdirSync(dir)).toEqual([])
  const path = await signer.signedPath('inq-1', 'a'.repeat(32), 2_000_000_000)
  expect(readdirSync(dir)).toEqual([PHOTO_LINK_KEY_FILE])
  const sig = new URL(path, 'http://x.test').searchParams.get('sig') ?? undefined
  expect(await new PhotoLinkSigner(dir).verify('inq-1', 'a'.repeat(32), '2000000000', sig, 2_000_000_000_000 - 60_000)).toBe(true)
})
