// The content root as the server needs it at start-up: an existing folder inside a git work tree, or a message
// saying how to make one.
import { execFile } from 'node:child_process'
import { stat } from 'node:fs/promises'
import { promisify } from 'node:util'

const run = promisify(execFile)

const HOW_TO_MAKE_ONE = 'Make one with `npm run content:init -- <dir>` (add --empty for a bare starter) and set CONTENT_ROOT to <dir>'

/** Throws a message naming CONTENT_ROOT when it is missing, not a folder, or not in a git repository. */
export async function requireContentRepository(root: string): Promise<void> {
  const info = await stat(root).catch(() => null)
  if (!info) throw new Error(`CONTENT_ROOT=${root} does not exist. ${HOW_TO_MAKE_ONE}.`)
  if (!info.isDirectory()) throw new Error(`CONTENT_ROOT=${root} is not a folder. ${HOW_TO_MAKE_ONE}.`)
  const inside = await run('git', ['-C', root, 'rev-parse', '--is-inside-work-tree'], { env: { PATH: process.env.PATH ?? '', LANG: 'C' } })
    .then(({ stdout }) => stdout.trim() === 'true')
    .catch(() => false)
  if (!inside) {
    throw new Error(
      `CONTENT_ROOT=${root} is not a git repository: every change the owner makes is a commit there. ${HOW_TO_MAKE_ONE}, ` +
        'or run `git init -b main` in it and commit its content/ and uploads/ folders.',
    )
  }
}
