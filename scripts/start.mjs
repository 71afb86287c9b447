// `npm start`: serves the built site (dist/app/index.mjs); builds only when there is no build yet (a fresh clone),
// never on every start. Plain JavaScript, so a start loads no TypeScript compiler.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const root = resolve(import.meta.dirname, '..')
const outputs = ['dist/client/index.html', 'dist/server/entry-server.js', 'dist/app/index.mjs']
if (!outputs.every((file) => existsSync(join(root, file)))) {
  // A production server is built on purpose, in the update steps; a start there never builds behind the owner's back.
  if (process.env.NODE_ENV === 'production') {
    console.error('Not starting: the site is not built (dist/ is missing). Run `npm run build`, then start again.')
    process.exit(1)
  }
  console.log('No build of the site yet: building it once (npm run build)…')
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (built.status !== 0) {
    console.error('The build failed (see above); fix it and run `npm start` again.')
    process.exit(1)
  }
}
await import(pathToFileURL(join(root, 'dist/app/index.mjs')).href)
