// Builds the React app in web/ into dist/client, and its server renderer (web/entry-server.tsx) into dist/server.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, minify, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { writeBuildStamp } from './server/lib/build-stamp'

/**
 * web/public/start-after-paint.js is copied as written (its comments say why it waits for the first paint); every page
 * loads it, so the built copy is minified (~1 KB gzip less on each page's first load).
 */
function minifyStarter(): Plugin {
  let file = ''
  return {
    name: 'minify-start-after-paint',
    apply: 'build',
    configResolved(config) {
      file = resolve(config.root, config.build.outDir, 'start-after-paint.js')
    },
    async closeBundle() {
      if (!existsSync(file)) return
      const { code, errors } = await minify('start-after-paint.js', readFileSync(file, 'utf8'), { compress: true, mangle: true })
      if (errors.length) throw new Error(`start-after-paint.js: ${errors.map((e) => e.message).join('; ')}`)
      writeFileSync(file, code)
    },
  }
}

/**
 * Records the sources each build read (dist/build-stamp.client.json, .server.json) so the server can tell a stale build
 * at start-up without building; the lock file stands for the dependencies.
 */
function buildStamp(ssr: boolean): Plugin {
  const files = new Set<string>()
  return {
    name: 'build-stamp',
    apply: 'build',
    generateBundle() {
      for (const id of this.getModuleIds()) if (!id.startsWith('\0')) files.add(id.split('?')[0])
    },
    closeBundle() {
      const root = fileURLToPath(new URL('.', import.meta.url))
      for (const file of ['package-lock.json', 'vite.config.ts', 'web/index.html', 'server/lib/build-stamp.ts'])
        files.add(resolve(root, file))
      writeBuildStamp(resolve(root, 'dist/client'), ssr ? 'server' : 'client', files, root)
    },
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  publicDir: isSsrBuild ? false : 'public',
  plugins: [react(), minifyStarter(), buildStamp(Boolean(isSsrBuild))],
  build: isSsrBuild
    ? {
        outDir: '../dist/server',
        emptyOutDir: true,
        copyPublicDir: false,
        // One file (no code splitting): the server reloads it under a new URL after a rebuild, and page chunks importing the entry by its
        // plain URL would get a second copy of its modules (and of the page-data context).
        rollupOptions: { output: { codeSplitting: false } },
      }
    : {
        outDir: '../dist/client',
        emptyOutDir: true,
        // The server renderer and scripts/bench-bundle.ts read it to link each route's chunks and styles.
        manifest: true,
        // Every browser the site supports preloads modules natively; the polyfill would be ~0.6 KB on every page.
        modulePreload: { polyfill: false },
        // The web fonts' stylesheet is its own file, so server-rendered pages can apply it after the first paint.
        rollupOptions: {
          input: {
            index: fileURLToPath(new URL('./web/index.html', import.meta.url)),
            fonts: fileURLToPath(new URL('./web/styles/fonts.css', import.meta.url)),
          },
        },
      },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
}))
