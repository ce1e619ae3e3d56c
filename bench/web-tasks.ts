// npm run bench:web-tasks [-- /path] [-- --runs=N]
// Where the first load of `/` (or the path given) spends its main-thread time: unthrottled Chromium traces
// (phone viewport with touch, as Lighthouse's mobile profile, en-US) of the built app served by our server
// (DEMO=0), after two unmeasured loads (so a page the server renders comes rendered). For each of N loads:
// an estimate of Lighthouse's blocking time from the thread's own CPU time, and the wall-clock one. One
// more load, with the sampling profiler on, lists every main-thread task over 12 ms (about 50 ms at Lighthouse's 4x CPU slowdown,
// i.e. what counts as blocking time) with the trace events inside it and the functions the CPU profiler
// sampled most in it. A diagnostic beside bench:web, which gives the budget figures; the last line is a
// JSON summary.
//
// Why the CPU-time estimate: Lighthouse models a phone from the tasks' wall-clock durations, which grow
// with whatever else the host runs (on 2 cores, Chromium's other threads and processes, the server, and
// Lighthouse itself); the same build gave 190 and 760 ms of TBT on /planner within minutes. A task's CPU
// time on its own thread barely moves with that, so two builds compare within a few ms.
import { startWebBench } from '../apps/web/e2e/harness'

interface TraceEvent {
  name: string
  id?: string
  ph: string
  ts: number
  dur?: number
  /** Thread (CPU) time, µs. */
  tdur?: number
  pid: number
  tid: number
  args?: { name?: string; data?: Record<string, unknown>; beginData?: { url?: string } }
}
interface ProfileNode {
  id: number
  callFrame: { functionName: string; url?: string; lineNumber: number }
}

const THRESHOLD_US = 12_000
/** Lighthouse's CPU slowdown, and the half of it its simulator applies to tasks that lay out (Lantern). */
const SLOWDOWN = 4
const LAYOUT_SLOWDOWN = SLOWDOWN / 2
const args = process.argv.slice(2)
/** The address to load: `npm run bench:web-tasks -- /planner` (default `/`). */
const PATH = args.find((a) => a.startsWith('/')) ?? '/'
const RUNS = Math.max(1, Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? 1) || 1)
const PHONE = { locale: 'en-US', viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true } as const

/** Lighthouse's TBT over these tasks, each slowed as its simulator does: from wall-clock or CPU durations. */
const blocking = (tasks: TraceEvent[], onMain: TraceEvent[], cpu: boolean) =>
  Math.round(
    tasks.reduce((sum, task) => {
      const end = task.ts + (task.dur ?? 0)
      const lays = onMain.some((e) => e.name === 'Layout' && e.ts >= task.ts && e.ts < end)
      const ms = ((cpu ? task.tdur : task.dur) ?? task.dur ?? 0) / 1000
      return sum + Math.max(0, (lays ? LAYOUT_SLOWDOWN : SLOWDOWN) * ms - 50)
    }, 0),
  )
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0

const { server, browser } = await startWebBench()
try {
  for (let i = 0; i < 2; i++) {
    const warm = await browser.newContext(PHONE)
    await (await warm.newPage()).goto(`${server.url}${PATH}`, { waitUntil: 'networkidle' })
    await warm.close()
  }
  const cpuTbt: number[] = []
  const wallTbt: number[] = []
  let summary: { atMs: number; ms: number; top: string }[] = []
  // The measured runs, then one more with the sampling profiler (which slows the page) for the listing.
  for (let run = 1; run <= RUNS + 1; run++) {
    const last = run > RUNS
    const ctx = await browser.newContext({ ...PHONE, serviceWorkers: 'block' })
    const page = await ctx.newPage()
    const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute']
    await browser.startTracing(page, { categories: last ? [...categories, 'disabled-by-default-v8.cpu_profiler'] : categories })
    await page.goto(`${server.url}${PATH}`, { waitUntil: 'networkidle' })
    await page.waitForTimeout(2500)
    const firstRender = await page.evaluate<string>("document.documentElement.dataset.firstRender ?? 'none'")
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents
    await ctx.close()

    // The renderer main thread that parsed our page (the browser's other pages, e.g. its new-tab page,
    // have renderer main threads in the trace too).
    const ours = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith(server.url))
    if (!ours) throw new Error('the trace has no parse of the page')
    const onMain = events.filter((e) => e.pid === ours.pid && e.tid === ours.tid)
    const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > THRESHOLD_US)
    const cpu = blocking(
      onMain.filter((e) => e.name === 'RunTask' && (e.tdur ?? 0) > THRESHOLD_US),
      onMain,
      true,
    )
    const wall = blocking(tasks, onMain, false)
    if (!last) {
      cpuTbt.push(cpu)
      wallTbt.push(wall)
      console.log(`run ${run}/${RUNS} ${PATH} (${firstRender}): blocking time from CPU time ${cpu} ms, from wall-clock time ${wall} ms`)
      continue
    }
    console.log(`profiled run ${PATH} (${firstRender}), its tasks over ${THRESHOLD_US / 1000} ms:`)

    // The main thread's CPU profile: node table and timestamped samples.
    const nodes = new Map<number, string>()
    const samples: { ts: number; node: number }[] = []
    let clock = 0
    // The profile is the main thread's; its chunks carry its id but may be written from another thread. Ids
    // are per process: the browser's own pages (its UI) profile under the same id in processes of their own.
    const pid = onMain[0]?.pid
    const profileIds = new Set(onMain.filter((e) => e.name === 'Profile').map((e) => e.id))
    for (const e of events) {
      if ((e.name !== 'Profile' && e.name !== 'ProfileChunk') || !profileIds.has(e.id) || e.pid !== pid) continue
      const data = e.args?.data as { startTime?: number; cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined
      if (e.name === 'Profile' && data?.startTime !== undefined) clock = data.startTime
      for (const n of data?.cpuProfile?.nodes ?? [])
        nodes.set(n.id, `${n.callFrame.functionName || '(anonymous)'} ${(n.callFrame.url ?? '').replace(/.*\//, '')}:${n.callFrame.lineNumber}`)
      ;(data?.cpuProfile?.samples ?? []).forEach((node, i) => {
        clock += data?.timeDeltas?.[i] ?? 0
        samples.push({ ts: clock, node })
      })
    }
    const start = onMain.find((e) => e.name === 'navigationStart')?.ts ?? tasks[0]?.ts ?? 0
    summary = []
    for (const task of tasks) {
      const end = task.ts + (task.dur ?? 0)
      const inside = new Map<string, number>()
      for (const e of onMain) {
        if (e === task || e.name === 'RunTask' || !e.dur || e.ts < task.ts || e.ts >= end) continue
        inside.set(e.name, (inside.get(e.name) ?? 0) + e.dur / 1000)
      }
      const hot = new Map<string, number>()
      for (const s of samples) if (s.ts >= task.ts && s.ts <= end) hot.set(nodes.get(s.node) ?? '?', (hot.get(nodes.get(s.node) ?? '?') ?? 0) + 1)
      const top = [...hot]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([k, v]) => `${k} ×${v}`)
        .join(' | ')
      const atMs = Math.round((task.ts - start) / 1000)
      const ms = Math.round((task.dur ?? 0) / 100) / 10
      const cpuMs = Math.round((task.tdur ?? 0) / 100) / 10
      console.log(
        `task at ${atMs} ms, ${ms} ms (CPU ${cpuMs} ms): ${[...inside]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 5)
          .map(([k, v]) => `${k} ${v.toFixed(1)}`)
          .join(', ')}`,
      )
      if (top) console.log(`    sampled: ${top}`)
      summary.push({ atMs, ms, top })
    }
  }
  const total = summary.reduce((sum, t) => sum + t.ms, 0)
  console.log(`profiled run: ${summary.length} tasks over ${THRESHOLD_US / 1000} ms, ${total.toFixed(1)} ms in all`)
  console.log(`blocking time over ${RUNS} run(s), median: from CPU time ${median(cpuTbt)} ms, from wall-clock time ${median(wallTbt)} ms`)
  console.log(
    JSON.stringify({
      bench: 'web-tasks',
      path: PATH,
      runs: RUNS,
      thresholdMs: THRESHOLD_US / 1000,
      blockingFromCpuMs: median(cpuTbt),
      blockingFromWallMs: median(wallTbt),
      blockingFromCpuRunsMs: cpuTbt,
      tasks: summary.length,
      totalMs: Math.round(total * 10) / 10,
    }),
  )
} finally {
  await browser.close().catch(() => undefined)
  await server.stop()
}
