// npm run bench:web — what players get from the web app (issue 21), see bench/README.md.
// For each demo setting (the default install, whose server simulates demo reports at first start,
// measured once they are all in; and DEMO=0), on our own server serving the built app:
// 1. the first-load JavaScript of `/` in Chromium, against its budget (≤ 200 KB gzip);
// 2. Lighthouse (mobile defaults, a fresh browser profile per run) on every main route, N runs each,
//    routes taken in turn within each round; the medians of score, LCP, TBT, CLS and of the JS and
//    JSON bytes transferred, each flagged against the issue's targets.
// A table per demo setting, then, as the last line, a JSON summary.
import { existsSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { CHROMIUM_ARGS, CHROMIUM_PATH, ensureWebBuild, hasChromium, webDist } from '../apps/web/e2e/harness'
import { BUDGET_KB, measureFirstLoadJs, warmUp, type FirstLoadJs } from './web-firstload'
import { printRun, runLighthouse, type LighthouseRun } from './web-lighthouse'
import { parseOptions, USAGE, type DemoSetting, type WebBenchOptions } from './web-options'
import { formatTable, median, summarise, TARGETS, TARGETS_TEXT, type RouteSummary } from './web-report'
import { startBenchServer } from './web-server'
import { freshMemoryMs } from './lib/fresh-memory'

let options: WebBenchOptions
try {
  const parsed = parseOptions()
  if (parsed === 'help') {
    console.log(USAGE)
    process.exit(0)
  }
  options = parsed
} catch (err) {
  console.error(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`)
  process.exit(2)
}
if (!hasChromium()) {
  console.error(`${CHROMIUM_PATH} is missing: apt-get install -y chromium`)
  process.exit(1)
}

interface SettingResult {
  demo: DemoSetting
  demoReports: number
  demoWaitMs: number
  serverIdle: boolean
  warmUpFailures: string[]
  firstLoadJs: FirstLoadJs
  /** The 1-minute load average of the machine at each Lighthouse run (other work on the host skews the figures). */
  loadAvg: { min: number; max: number } | null
  /** Lighthouse's host CPU index over the runs (web-lighthouse.ts `benchmarkIndex`): median and range. */
  benchmarkIndex: { median: number; min: number; max: number } | null
  /** ms to map and write 256 MB of fresh memory before the runs (lib/fresh-memory.ts): what the index misses. */
  freshMemoryMs: number | null
  routes: RouteSummary[]
}

const describe = (demo: DemoSetting) => (demo === 'on' ? 'DEMO on (default install, demo reports simulated at first start)' : 'DEMO=0 (no demo reports)')
const round1 = (n: number) => Math.round(n * 10) / 10

if (options.build) ensureWebBuild((s) => console.log(s))
else if (!existsSync(join(webDist, 'index.html'))) {
  console.error(`--no-build: there is no build in ${webDist}`)
  process.exit(1)
}
console.log(`measuring the build in ${webDist}`)
const { chromium } = await import('playwright-core')
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
const results: SettingResult[] = []
let lighthouseVersion: string | null = null
try {
  for (const demo of options.demo) {
    console.log(`\n== ${describe(demo)} ==`)
    const bench = await startBenchServer(demo)
    try {
      const url = bench.server.url
      const firstLoadJs = await measureFirstLoadJs(browser, url)
      const routes: RouteSummary[] = []
      const loads: number[] = []
      const indexes: number[] = []
      let warmUpFailures: string[] = []
      let memoryMs: number | null = null
      if (!options.jsOnly) {
        warmUpFailures = await warmUp(browser, url, options.routes)
        for (const failure of warmUpFailures) console.log(`  warm-up visit failed: ${failure}`)
        memoryMs = freshMemoryMs()
        console.log(`host memory: 256 MB of fresh pages mapped and written in ${memoryMs} ms (median of 3)`)
        const perRoute = new Map(options.routes.map((r) => [r, { runs: [] as LighthouseRun[], errors: [] as string[] }]))
        console.log(`Lighthouse (mobile, simulated throttling${options.cpu === 4 ? '' : `, CPU slowdown ${options.cpu}x`}), ${options.runs} run(s) per route:`)
        for (let run = 1; run <= options.runs; run++) {
          for (const route of options.routes) {
            const entry = perRoute.get(route)!
            const load = loadavg()[0] ?? 0
            loads.push(load)
            const label = `run ${run}/${options.runs} ${route} (load ${load.toFixed(1)})`
            try {
              const r = await runLighthouse(`${url}${route}`, options.cpu)
              lighthouseVersion ??= r.lighthouseVersion
              entry.runs.push(r)
              if (r.benchmarkIndex !== null) indexes.push(r.benchmarkIndex)
              printRun(label, r, options.details)
            } catch (err) {
              const message = err instanceof Error ? err.message : String(err)
              entry.errors.push(message)
              console.log(`  ${label}: Lighthouse could not run: ${message}`)
            }
          }
        }
        for (const [route, { runs, errors }] of perRoute) routes.push(summarise(route, runs, errors))
      }
      results.push({
        demo,
        demoReports: bench.demoReports,
        demoWaitMs: bench.demoWaitMs,
        serverIdle: bench.idle,
        warmUpFailures,
        firstLoadJs,
        loadAvg: loads.length ? { min: round1(Math.min(...loads)), max: round1(Math.max(...loads)) } : null,
        benchmarkIndex: indexes.length ? { median: Math.round(median(indexes)!), min: Math.min(...indexes), max: Math.max(...indexes) } : null,
        freshMemoryMs: memoryMs,
        routes,
      })
    } finally {
      await bench.server.stop()
    }
  }
} finally {
  await browser.close().catch(() => undefined)
}

console.log('')
for (const r of results) {
  const js = r.firstLoadJs
  console.log(`== ${describe(r.demo)}${r.demo === 'on' ? `: ${r.demoReports} reports` : ''} ==`)
  if (r.routes.length) {
    const cpu = options.cpu === 4 ? '' : `, CPU slowdown ${options.cpu}x`
    const load =
      (r.loadAvg ? `, host load ${r.loadAvg.min}-${r.loadAvg.max}` : '') +
      (r.benchmarkIndex ? `, host index ${r.benchmarkIndex.median} (${r.benchmarkIndex.min}-${r.benchmarkIndex.max})` : '') +
      (r.freshMemoryMs === null ? '' : `, fresh memory ${r.freshMemoryMs} ms / 256 MB`)
    console.log(formatTable(`Lighthouse ${lighthouseVersion ?? '?'} mobile${cpu}, median of ${options.runs} run(s)${load}; ${TARGETS_TEXT}`, r.routes))
  }
  console.log(
    `first-load JS of /: ${js.jsGzipKB} KB gzip in ${js.jsFiles} files (${js.jsGzipKBAfterLcp} KB after LCP); budget ${BUDGET_KB} KB: ${js.withinBudget ? 'within ✓' : 'OVER ✗'}`,
  )
  console.log('')
}

// The first-load JS figures at the top level (the largest over the settings measured), as before.
const worstJs = results.map((r) => r.firstLoadJs).sort((a, b) => b.jsGzipKB - a.jsGzipKB)[0]
const measured = results.flatMap((r) => r.routes)
console.log(
  JSON.stringify({
    bench: 'web',
    jsMeasuredBy: worstJs?.jsMeasuredBy,
    jsFiles: worstJs?.jsFiles,
    jsGzipKB: worstJs?.jsGzipKB,
    jsGzipKBAfterLcp: worstJs?.jsGzipKBAfterLcp,
    jsBudgetKB: BUDGET_KB,
    withinBudget: results.every((r) => r.firstLoadJs.withinBudget),
    lighthouseVersion,
    runs: options.jsOnly ? 0 : options.runs,
    cpuSlowdown: options.cpu,
    targets: TARGETS,
    allRoutesMeetTargets: measured.length > 0 && measured.every((r) => r.ok),
    settings: results.map((r) => ({
      demo: r.demo,
      demoReports: r.demoReports,
      demoWaitMs: r.demoWaitMs,
      serverIdle: r.serverIdle,
      loadAvg: r.loadAvg,
      benchmarkIndex: r.benchmarkIndex,
      freshMemoryMs: r.freshMemoryMs,
      warmUpFailures: r.warmUpFailures,
      firstLoadJs: {
        jsFiles: r.firstLoadJs.jsFiles,
        jsGzipKB: r.firstLoadJs.jsGzipKB,
        jsGzipKBAfterLcp: r.firstLoadJs.jsGzipKBAfterLcp,
        withinBudget: r.firstLoadJs.withinBudget,
      },
      routesMeetingTargets: r.routes.filter((x) => x.ok).length,
      routes: r.routes.map((x) => ({
        route: x.route,
        runs: x.runs,
        score: x.score,
        lcpMs: x.lcpMs,
        tbtMs: x.tbtMs,
        cls: x.cls,
        fcpMs: x.fcpMs,
        speedIndexMs: x.speedIndexMs,
        jsKB: x.jsKB,
        jsonKB: x.jsonKB,
        scores: x.scores,
        meets: x.meets,
        ok: x.ok,
        ...(x.errors.length ? { errors: x.errors } : {}),
      })),
    })),
  }),
)
