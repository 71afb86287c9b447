// `npm start`: serves the built site; builds it only when there is no build yet (a fresh clone), never on every start.
import { spawnSync } from 'node:child_process'
import { applyEnvFile } from '../server/lib/env-file'
import { checkBuild } from '../server/lib/build-stamp'
import { loadConfig, PROJECT_ROOT } from '../server/lib/config'

try {
  applyEnvFile()
  const config = loadConfig()
  // A production server is built on purpose (`npm run build` in the update steps); the server itself refuses to start
  // without a build there, with the command to run.
  if (!config.isProduction && checkBuild(config.clientDir).state === 'missing') {
    process.stdout.write('No build of the web app yet: building it once (npm run build)…\n')
    const built = spawnSync('npm', ['run', 'build'], { cwd: PROJECT_ROOT, stdio: 'inherit' })
    if (built.status !== 0) {
      process.stderr.write('The build failed (see above); fix it and run `npm start` again.\n')
      process.exit(1)
    }
  }
} catch (err) {
  process.stderr.write(`Not starting: ${(err as Error).message}\n`)
  process.exit(1)
}
await import('../server/index')
