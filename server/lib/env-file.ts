// The one settings file (ENV_FILE, shaped like deploy/site.env.example) read by the server and every script.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseEnv } from 'node:util'

/**
 * Adds the settings of the file named by ENV_FILE to `env`; a variable already set in the environment wins, so a
 * one-off `BACKUP_DIR=/mnt/usb npm run backup` still works with the file in place. Returns the file's full path, or
 * undefined without ENV_FILE. The format is the one systemd's EnvironmentFile reads too: `NAME=value`, `#` comments.
 */
export function applyEnvFile(env: Record<string, string | undefined> = process.env): string | undefined {
  const name = env.ENV_FILE?.trim()
  if (!name) return undefined
  const file = resolve(name)
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    throw new Error(
      `ENV_FILE=${name} could not be read (${code === 'ENOENT' ? 'no such file' : code}); copy deploy/site.env.example there, or unset ENV_FILE`,
    )
  }
  for (const [key, value] of Object.entries(parseEnv(text))) {
    if (env[key] === undefined) env[key] = value
  }
  return file
}
