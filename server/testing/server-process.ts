// Test helper: the real server process (server/index.ts) on a temporary content root, its output and its exit.
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { REPO_ROOT, type TempContentRoot } from './temp-content'

export interface ServerProcess {
  url: string
  child: ChildProcess
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string
  stdout: () => string
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>
  stop: () => Promise<void>
}

export async function startServerProcess(content: TempContentRoot, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'server/index.ts')], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      CONTENT_ROOT: content.root,
      DATA_DIR: content.dataDir,
      IMAGE_WARMUP: 'off',
      // A build of one's own (as for the browser tests) instead of dist/client; the renderer is beside it.
      ...(process.env.CLIENT_DIR ? { CLIENT_DIR: process.env.CLIENT_DIR } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  let stdout = ''
  child.stdout!.on('data', (d) => {
    output += d
    stdout += d
  })
  child.stderr!.on('data', (d) => (output += d))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000)
    const check = () => {
      const match = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(match[1])
      }
    }
    child.stdout!.on('data', check)
    void exited.then(() => reject(new Error(`server exited:\n${output}`)))
  })
  return {
    url,
    child,
    output: () => output,
    stdout: () => stdout,
    exited,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      await exited
    },
  }
}
