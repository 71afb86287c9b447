// Writes that survive a power cut: temp file, fsync, rename, fsync of the directory; and a simple in-process queue.
import { randomBytes } from 'node:crypto'
import { mkdir, open, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/**
 * Atomic and durable: readers see the old or the new file, never half of one, and once this resolves the new
 * content and its directory entry are on disk (the API answers success only after that).
 */
export async function writeFileDurable(path: string, data: string | Uint8Array): Promise<void> {
  const dir = dirname(path)
  await mkdir(dir, { recursive: true })
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`)
  try {
    const handle = await open(temp, 'w', 0o600)
    try {
      await handle.writeFile(data, 'utf8')
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temp, path)
  } catch (err) {
    await rm(temp, { force: true })
    throw err
  }
  await syncDirectory(dir)
}

async function syncDirectory(dir: string): Promise<void> {
  let handle
  try {
    handle = await open(dir, 'r')
    await handle.sync()
  } catch (err) {
    // Some platforms (Windows) cannot fsync a directory; the rename is still atomic there. Linux opens and fsyncs one,
    // so no test here reaches the next line (mutation-testing.md, lib-files).
    // Stryker disable next-line all: unreachable on Linux
    if (!['EISDIR', 'EPERM', 'EINVAL', 'EBADF'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err
  } finally {
    await handle?.close()
  }
}

/** Runs tasks one after another, so read-modify-write cycles on one file never interleave. */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve()

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task)
    this.tail = result.catch(() => undefined)
    return result
  }
}
