// Test helper: the real server process (server/index.ts), its output and its exit. The one place tests, benchmarks
// and the browser tests start it.
import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, openSync, readFileSync } from 'node:fs'
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

export interface ServerProcessOptions {
  /** The environment the process starts from, under `env` (default: PATH only, so a test sees every setting it makes). */
  baseEnv?: NodeJS.ProcessEnv
  /** Output written to this file as a deployment's log would be, instead of kept in memory (the benchmarks). */
  logFile?: string
  /** How long the server may take to say where it listens. */
  startMs?: number
}

const LISTENING = /on (http:\/\/127\.0\.0\.1:\d+)/

/**
 * Starts `server/index.ts` with tsx on `content` (CONTENT_ROOT, DATA_DIR; null: `env` names everything, as an
 * ENV_FILE does) and waits until it says where it listens. Defaults: production mode, any free port on 127.0.0.1,
 * no image warm-up; `env` wins.
 */
export async function startServerProcess(
  content: TempContentRoot | null,
  env: Record<string, string>,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const { logFile } = options
  const logFd = logFile ? openSync(logFile, 'w') : undefined
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'server/index.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...(options.baseEnv ?? { PATH: process.env.PATH }),
      ...(content
        ? {
            NODE_ENV: 'production',
            PORT: '0',
            HOST: '127.0.0.1',
            CONTENT_ROOT: content.root,
            DATA_DIR: content.dataDir,
            IMAGE_WARMUP: 'off',
          }
        : {}),
      // A build of one's own (as for the browser tests) instead of dist/client; the renderer is beside it.
      ...(process.env.CLIENT_DIR ? { CLIENT_DIR: process.env.CLIENT_DIR } : {}),
      ...env,
    },
    stdio: logFd !== undefined ? ['ignore', logFd, logFd] : ['ignore', 'pipe', 'pipe'],
  })
  if (logFd !== undefined) closeSync(logFd)
  let kept = ''
  let stdout = ''
  child.stdout?.on('data', (d) => {
    kept += d
    stdout += d
  })
  child.stderr?.on('data', (d) => (kept += d))
  const output = () => (logFile ? readFileSync(logFile, 'utf8') : kept)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  let gone = false
  void exited.then(() => (gone = true))
  const deadline = Date.now() + (options.startMs ?? 30_000)
  let match: RegExpExecArray | null
  while (!(match = LISTENING.exec(output()))) {
    if (gone) throw new Error(`server exited:\n${output()}`)
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server did not start:\n${output()}`)
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  return {
    url: match[1],
    child,
    output,
    stdout: () => (logFile ? output() : stdout),
    exited,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      await exited
    },
  }
}
