// npm run bench:web-tasks [-- /path]
// Where the first load of `/` (or the path given) spends its main-thread time: an unthrottled Chromium trace (phone
// viewport, en-US) of the built app served by our server, listing every main-thread task over 12 ms
// (about 50 ms at Lighthouse's 4x CPU slowdown, i.e. what counts as blocking time) with the trace
// events inside it and the functions the CPU profiler sampled most in it. A diagnostic beside
// bench:web, which gives the budget figures; the last line is a JSON summary.
import { startWebBench } from '../apps/web/e2e/harness'

interface TraceEvent {
  name: string
  id?: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: { name?: string; data?: Record<string, unknown>; beginData?: { url?: string } }
}
interface ProfileNode {
  id: number
  callFrame: { functionName: string; url?: string; lineNumber: number }
}

const THRESHOLD_US = 12_000
/** The address to load: `npm run bench:web-tasks -- /planner` (default `/`). */
const PATH = process.argv.slice(2).find((a) => a.startsWith('/')) ?? '/'

const { server, browser } = await startWebBench()
try {
  const ctx = await browser.newContext({ serviceWorkers: 'block', locale: 'en-US', viewport: { width: 412, height: 823 }, isMobile: true })
  const page = await ctx.newPage()
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler'] })
  await page.goto(`${server.url}${PATH}`, { waitUntil: 'networkidle' })
  await page.waitForTimeout(2500)
  const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents

  // The renderer main thread that parsed our page (the browser's other pages, e.g. its new-tab page,
  // have renderer main threads in the trace too).
  const ours = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith(server.url))
  if (!ours) throw new Error('the trace has no parse of the page')
  const onMain = events.filter((e) => e.pid === ours.pid && e.tid === ours.tid)
  const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > THRESHOLD_US)
  // The main thread's CPU profile: node table and timestamped samples.
  const nodes = new Map<number, string>()
  const samples: { ts: number; node: number }[] = []
  let clock = 0
  // The profile is the main thread's; its chunks carry its id but may be written from another thread.
  const profileIds = new Set(onMain.filter((e) => e.name === 'Profile').map((e) => e.id))
  for (const e of events) {
    if ((e.name !== 'Profile' && e.name !== 'ProfileChunk') || !profileIds.has(e.id)) continue
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
  const summary: { atMs: number; ms: number; top: string }[] = []
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
    console.log(
      `task at ${atMs} ms, ${ms} ms: ${[...inside]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([k, v]) => `${k} ${v.toFixed(1)}`)
        .join(', ')}`,
    )
    if (top) console.log(`    sampled: ${top}`)
    summary.push({ atMs, ms, top })
  }
  const total = summary.reduce((sum, t) => sum + t.ms, 0)
  console.log(`${summary.length} tasks over ${THRESHOLD_US / 1000} ms, ${total.toFixed(1)} ms in all`)
  console.log(JSON.stringify({ bench: 'web-tasks', thresholdMs: THRESHOLD_US / 1000, tasks: summary.length, totalMs: Math.round(total * 10) / 10 }))
} finally {
  await browser.close().catch(() => undefined)
  await server.stop()
}
