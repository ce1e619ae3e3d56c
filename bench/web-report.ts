// Medians, targets and the table of bench:web.
import type { LighthouseRun } from './web-lighthouse'

/** Issue 21's targets for every main route (Lighthouse mobile defaults, median of the runs). */
export const TARGETS = { score: 90, lcpMs: 2500, tbtMs: 200, cls: 0.05 } as const

export interface RouteSummary {
  route: string
  /** Runs with a result; `errors` lists the others. */
  runs: number
  errors: string[]
  score: number | null
  lcpMs: number | null
  tbtMs: number | null
  cls: number | null
  fcpMs: number | null
  speedIndexMs: number | null
  jsKB: number | null
  jsonKB: number | null
  scores: (number | null)[]
  meets: { score: boolean; lcp: boolean; tbt: boolean; cls: boolean }
  /** Every target met. */
  ok: boolean
}

/** The median (the mean of the two middle values for an even count); null for none. */
export const median = (values: readonly (number | undefined | null)[]): number | null => {
  const v = values.filter((x): x is number => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b)
  if (v.length === 0) return null
  const mid = Math.floor(v.length / 2)
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2
}

const round = (v: number | null, digits = 0) => (v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits)

/** The per-metric medians of one route's runs, checked against the targets. */
export const summarise = (route: string, runs: readonly LighthouseRun[], errors: readonly string[]): RouteSummary => {
  const ok = runs.filter((r) => r.score !== null)
  const pick = (f: (r: LighthouseRun) => number | undefined) => median(ok.map(f))
  const score = round(pick((r) => r.score ?? undefined))
  const lcpMs = round(pick((r) => r.lcpMs))
  const tbtMs = round(pick((r) => r.tbtMs))
  const cls = round(
    pick((r) => r.cls),
    3,
  )
  const meets = {
    score: score !== null && score >= TARGETS.score,
    lcp: lcpMs !== null && lcpMs <= TARGETS.lcpMs,
    tbt: tbtMs !== null && tbtMs <= TARGETS.tbtMs,
    cls: cls !== null && cls <= TARGETS.cls,
  }
  return {
    route,
    runs: ok.length,
    errors: [...errors, ...runs.filter((r) => r.score === null).map((r) => r.runtimeError ?? 'no score')],
    score,
    lcpMs,
    tbtMs,
    cls,
    fcpMs: round(pick((r) => r.fcpMs)),
    speedIndexMs: round(pick((r) => r.speedIndexMs)),
    jsKB: round(
      pick((r) => r.jsKB),
      1,
    ),
    jsonKB: round(
      pick((r) => r.jsonKB),
      1,
    ),
    scores: runs.map((r) => r.score),
    meets,
    ok: meets.score && meets.lcp && meets.tbt && meets.cls,
  }
}

const flag = (ok: boolean) => (ok ? '✓' : '✗')
const cell = (text: string, width: number) => text.padEnd(width)

/** The table of one demo setting: a row per route with each median flagged against its target. */
export const formatTable = (title: string, rows: readonly RouteSummary[]): string => {
  const routeWidth = Math.max(5, ...rows.map((r) => r.route.length)) + 2
  const head = `${cell('route', routeWidth)}${cell('score (range)', 18)}${cell('LCP', 11)}${cell('TBT', 12)}${cell('CLS', 10)}${'JS KB'.padStart(8)}${'JSON KB'.padStart(10)}`
  const lines = [title, head, '-'.repeat(head.length)]
  for (const r of rows) {
    if (r.runs === 0) {
      lines.push(`${cell(r.route, routeWidth)}no result: ${r.errors.slice(0, 2).join('; ')}`)
      continue
    }
    const scores = r.scores.filter((x): x is number => x !== null)
    const range = scores.length > 1 ? ` (${Math.min(...scores)}-${Math.max(...scores)})` : ''
    lines.push(
      cell(r.route, routeWidth) +
        cell(`${r.score} ${flag(r.meets.score)}${range}`, 18) +
        cell(`${((r.lcpMs ?? 0) / 1000).toFixed(2)} s ${flag(r.meets.lcp)}`, 11) +
        cell(`${r.tbtMs} ms ${flag(r.meets.tbt)}`, 12) +
        cell(`${r.cls?.toFixed(3)} ${flag(r.meets.cls)}`, 10) +
        String(r.jsKB ?? '?').padStart(8) +
        String(r.jsonKB ?? '?').padStart(10),
    )
    if (r.errors.length) lines.push(`${' '.repeat(routeWidth)}${r.errors.length} run(s) failed: ${r.errors.slice(0, 2).join('; ')}`)
  }
  const met = rows.filter((r) => r.ok).length
  lines.push(`routes meeting every target: ${met}/${rows.length}`)
  return lines.join('\n')
}

export const TARGETS_TEXT = `targets: score ≥ ${TARGETS.score}, LCP ≤ ${TARGETS.lcpMs / 1000} s, TBT ≤ ${TARGETS.tbtMs} ms, CLS ≤ ${TARGETS.cls} (✓ met, ✗ missed)`
