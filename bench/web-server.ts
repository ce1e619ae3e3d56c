// The server bench:web measures: our own (apps/web/e2e/harness.ts startServer, the e2e journeys' choices
// over tooling/test-kit/server-process.ts: embedded PGlite in a fresh temporary folder, the built app,
// ASSETS=off), either as a default install leaves it (demo reports simulated at first start, once they
// are all in) or with DEMO=0.
import { readFileSync } from 'node:fs'
import { startServer, type RunningServer } from '../apps/web/e2e/harness'
import type { DemoSetting } from './web-options'

const DEMO_TIMEOUT_MS = 20 * 60_000
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** CPU seconds (user + system) the process has used so far, from /proc (Linux); null elsewhere. */
const cpuSeconds = (pid: number): number | null => {
  try {
    // Fields after the command name "(…)": state is field 3, utime 14 and stime 15 (clock ticks, 100 per second).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return null
  }
}

/**
 * Waits until the server process has used under 5 % of a core over two windows of 2 s in a row
 * (no rebuilds of caches after the last reports were aggregated), at most `timeoutMs`.
 */
export const waitServerIdle = async (server: RunningServer, timeoutMs = 90_000): Promise<{ idle: boolean; waitedMs: number }> => {
  const pid = server.child.pid
  const started = Date.now()
  if (pid === undefined || cpuSeconds(pid) === null) return { idle: false, waitedMs: 0 }
  let quiet = 0
  while (Date.now() - started < timeoutMs) {
    const before = cpuSeconds(pid) ?? 0
    await sleep(2000)
    const used = (cpuSeconds(pid) ?? 0) - before
    quiet = used < 0.1 ? quiet + 1 : 0
    if (quiet >= 2) return { idle: true, waitedMs: Date.now() - started }
  }
  return { idle: false, waitedMs: Date.now() - started }
}

interface DemoConfig {
  demo?: { present?: boolean; reports?: number; simulating?: boolean }
}

/** Polls `/api/v2/config` until it says the demo reports are in (`present` without `simulating`: written after aggregating them). */
const waitDemo = async (server: RunningServer): Promise<number> => {
  const started = Date.now()
  let lastLog = started
  for (;;) {
    if (server.child.exitCode !== null) throw new Error('the server exited while simulating the demo reports')
    try {
      const res = await fetch(`${server.url}/api/v2/config`)
      if (res.ok) {
        const config = (await res.json()) as DemoConfig
        if (config.demo?.present && !config.demo.simulating) return config.demo.reports ?? 0
      }
    } catch {
      // busy: try again
    }
    if (Date.now() - started > DEMO_TIMEOUT_MS) throw new Error(`the demo reports were not in after ${DEMO_TIMEOUT_MS / 60_000} minutes`)
    if (Date.now() - lastLog > 30_000) {
      lastLog = Date.now()
      console.log(`  … still simulating demo reports (${Math.round((Date.now() - started) / 1000)} s)`)
    }
    await sleep(2000)
  }
}

export interface BenchServer {
  server: RunningServer
  /** Demo reports in the data (0 with DEMO=0). */
  demoReports: number
  /** How long the demo simulation took from the server's start to `/config` saying so. */
  demoWaitMs: number
  idle: boolean
}

/** Starts the server for one demo setting and waits until it is ready to be measured. */
export const startBenchServer = async (demo: DemoSetting): Promise<BenchServer> => {
  // `DEMO=` (empty) is unset for the server: its default, demo reports on the embedded database.
  const server = await startServer({ DEMO: demo === 'on' ? '' : '0' })
  try {
    let demoReports = 0
    const started = Date.now()
    if (demo === 'on') {
      console.log('  waiting for the demo reports the server simulates at first start …')
      demoReports = await waitDemo(server)
      console.log(`  ${demoReports} demo reports in after ${Math.round((Date.now() - started) / 1000)} s`)
    }
    const demoWaitMs = Date.now() - started
    const { idle, waitedMs } = await waitServerIdle(server)
    console.log(idle ? `  server idle after ${Math.round(waitedMs / 1000)} s more` : `  server not idle after ${Math.round(waitedMs / 1000)} s; measuring anyway`)
    return { server, demoReports, demoWaitMs, idle }
  } catch (err) {
    await server.stop()
    throw err
  }
}
