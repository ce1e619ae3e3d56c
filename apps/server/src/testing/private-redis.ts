import { spawn, spawnSync, type ChildProcess } from 'node:child_process'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Whether `redis-server` is installed (tests that need a Redis of their own skip without it). */
export const hasRedis = spawnSync('redis-server', ['--version']).status === 0

/**
 * A real redis-server of the test's own (never the machine's) on a loopback port, without persistence:
 * a test may stop, pause (SIGSTOP) or restart it without touching anyone else's data.
 */
export const startRedis = async (port: number): Promise<ChildProcess> => {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' })
  for (let i = 0; i < 100; i++) {
    if (
      spawnSync('redis-cli', ['-p', String(port), 'ping'])
        .stdout?.toString()
        .includes('PONG')
    )
      return child
    await sleep(50)
  }
  child.kill('SIGKILL')
  throw new Error('redis-server did not start')
}

/** Kills a private Redis (like a crash: nothing is saved) and resolves once it has exited. */
export const stopRedis = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })
