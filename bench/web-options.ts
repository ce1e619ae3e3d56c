// Options of `npm run bench:web` (see bench/README.md): command-line flags, each with an environment
// variable of the same meaning (the flag wins).
import { paths } from '../apps/web/src/config/paths'

/** The sample item and stage of the item, stage and report pages (Orirock Cube, 1-7: present in every install's seed data). */
export const SAMPLE = { itemId: '30012', zoneId: 'main_1', stageId: 'main_01-07' } as const

/** The main routes a player lands on (issue 21), by a short name for `--routes`. */
export const ROUTES: readonly { key: string; path: string }[] = [
  { key: 'home', path: paths.home.href() },
  { key: 'item', path: paths.statsByItemSelected.href(SAMPLE.itemId) },
  { key: 'stage', path: paths.statsByStageSelected.href(SAMPLE.zoneId, SAMPLE.stageId) },
  { key: 'planner', path: paths.planner.href() },
  { key: 'report', path: paths.reportByZoneSelected.href(SAMPLE.zoneId, SAMPLE.stageId) },
  { key: 'statistics', path: paths.siteStats.href() },
  { key: 'search', path: paths.search.href() },
  { key: 'advanced', path: paths.advancedQuery.href() },
]

export type DemoSetting = 'on' | 'off'

export interface WebBenchOptions {
  /** Paths to measure with Lighthouse, in this order. */
  routes: string[]
  /** Server settings to measure: `on` is the default install (demo reports simulated at first start), `off` is DEMO=0. */
  demo: DemoSetting[]
  /** Lighthouse runs per route and setting; medians are reported. */
  runs: number
  /** Lighthouse's CPU slowdown (4 in its mobile defaults). */
  cpu: number
  /** Only the first-load JS of `/` (no Lighthouse). */
  jsOnly: boolean
  /** Per run: the longest tasks and the main thread's work by kind too. */
  details: boolean
  /** Rebuild the app when a source is newer than the build (false: measure the build as it is). */
  build: boolean
}

export const USAGE = `npm run bench:web -- [options]
  --runs=N          Lighthouse runs per route and demo setting, medians reported (BENCH_WEB_RUNS, default 5)
  --routes=LIST     comma-separated route names or paths starting with / (BENCH_WEB_ROUTES, default all):
                    ${ROUTES.map((r) => `${r.key} = ${r.path}`).join(', ')}
  --demo=LIST       on (default install, demo reports), off (DEMO=0), or on,off (BENCH_WEB_DEMO, default on,off)
  --cpu=N           Lighthouse CPU slowdown (BENCH_WEB_CPU, default 4 as in its mobile settings)
  --js-only         only the first-load JS budget of / (no Lighthouse)
  --details         per run also the longest tasks and the main-thread breakdown
  --no-build        measure the existing build in DROPWISE_WEB_DIST or apps/web/dist as it is (BENCH_WEB_NO_BUILD=1)
  --help            this text
Quick run: npm run bench:web -- --runs=1 --routes=home,item --demo=on,off`

const arg = (argv: readonly string[], name: string, envName: string): string | undefined => {
  const prefix = `--${name}=`
  return argv.find((a) => a.startsWith(prefix))?.slice(prefix.length) ?? (process.env[envName] || undefined)
}

const list = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

const positive = (value: string | undefined, fallback: number, what: string): number => {
  if (value === undefined) return fallback
  const n = Number(value)
  if (!Number.isFinite(n) || n < 1) throw new Error(`${what} must be a number ≥ 1, not ${JSON.stringify(value)}`)
  return n
}

const routePath = (name: string): string => {
  if (name.startsWith('/')) return name
  const route = ROUTES.find((r) => r.key === name)
  if (!route) throw new Error(`unknown route ${JSON.stringify(name)}: use one of ${ROUTES.map((r) => r.key).join(', ')} or a path starting with /`)
  return route.path
}

const demoSetting = (value: string): DemoSetting => {
  const v = value.toLowerCase()
  if (v === 'on' || v === '1' || v === 'true') return 'on'
  if (v === 'off' || v === '0' || v === 'false') return 'off'
  throw new Error(`--demo takes on, off or on,off, not ${JSON.stringify(value)}`)
}

/** Reads the options; throws an Error with a readable message on a bad value. */
export const parseOptions = (argv: readonly string[] = process.argv.slice(2)): WebBenchOptions | 'help' => {
  if (argv.includes('--help') || argv.includes('-h')) return 'help'
  const known = ['--runs=', '--routes=', '--demo=', '--cpu=', '--js-only', '--details', '--no-build', '--help']
  const unknown = argv.filter((a) => !known.some((k) => (k.endsWith('=') ? a.startsWith(k) : a === k)))
  if (unknown.length) throw new Error(`unknown option ${unknown.join(' ')}`)
  const routes = [...new Set(list(arg(argv, 'routes', 'BENCH_WEB_ROUTES') ?? ROUTES.map((r) => r.key).join(',')).map(routePath))]
  const demo = [...new Set(list(arg(argv, 'demo', 'BENCH_WEB_DEMO') ?? 'on,off').map(demoSetting))]
  if (routes.length === 0 || demo.length === 0) throw new Error('--routes and --demo need at least one value')
  return {
    routes,
    demo,
    runs: Math.floor(positive(arg(argv, 'runs', 'BENCH_WEB_RUNS'), 5, '--runs')),
    cpu: positive(arg(argv, 'cpu', 'BENCH_WEB_CPU'), 4, '--cpu'),
    jsOnly: argv.includes('--js-only') || process.env.BENCH_WEB_JS_ONLY === '1',
    details: argv.includes('--details'),
    build: !(argv.includes('--no-build') || process.env.BENCH_WEB_NO_BUILD === '1'),
  }
}
