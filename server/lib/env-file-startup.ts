// Imported first by server/index.ts: applies ENV_FILE before any module reads process.env (the logger reads NODE_ENV
// and LOG_LEVEL while it loads, before the server's own code runs).
import { applyEnvFile } from './env-file'

try {
  applyEnvFile()
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`)
  process.exit(1)
}
