// Reads a file of the content root without following a symbolic link. Git keeps links, so a pushed commit can hold
// `uploads/party.jpg -> ../../.env`: read through the link, the site would publish whatever it points at. A link, or
// anything but a regular file, is refused with words the owner can act on; a missing file is the usual ENOENT.
import { constants, type Stats } from 'node:fs'
import { lstat, open } from 'node:fs/promises'

/** A path that is there but is no regular file: a symbolic link, a folder, a device. */
export class NotPlainFileError extends Error {
  readonly code = 'ENOTPLAIN'
  constructor(
    message: string,
    /** True for a symbolic link, which a save may replace; a folder cannot be. */
    readonly link = false,
  ) {
    super(message)
  }
}

/** Why the site will not read what `lstat` found, in the owner's words; null for a plain file. */
export function notPlainReason(info: Stats): string | null {
  if (info.isFile()) return null
  if (info.isSymbolicLink()) return 'it is a symbolic link, and the site reads only plain files'
  if (info.isDirectory()) return 'it is a folder, not a file'
  return 'it is not a plain file'
}

/** The file's bytes. O_NOFOLLOW refuses a link even when one replaced the file after it was looked at. */
export async function readPlainFile(path: string): Promise<Buffer> {
  // O_NONBLOCK: opening a FIFO put in the file's place must not wait for a writer.
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(
    async (err: NodeJS.ErrnoException) => {
      if (err.code === 'ELOOP') throw new NotPlainFileError(notPlainReason(await lstat(path)) ?? 'it changed while it was read', true)
      throw err
    },
  )
  try {
    const reason = notPlainReason(await handle.stat())
    if (reason) throw new NotPlainFileError(reason)
    return await handle.readFile()
  } finally {
    await handle.close()
  }
}
