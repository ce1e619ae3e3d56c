// Planner benchmark: plans every case of a cases file on a fixture snapshot and checks each
// optimum against `exactNetObjective`. Per case it prints the objective and the median wall time
// of `planner.plan()` (demand update + HiGHS solve + response formatting) over --runs runs after
// a first, cold pass over all cases that also builds the LPs. The last line is a JSON summary.
// --vertex lists the simplex duals as item values instead of the (default) interior-point central
// ones; --warm keeps the simplex basis between solves.
//
//   npm run bench:planner -- --fixtures ../shared/data/planner-fixtures --cases <file> [--runs 25] [--warm] [--vertex]
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import loadHighs from 'highs'
import { createPlanner } from '@dropwise/planner'
import type { PlannerData, PlanRequest } from '@dropwise/planner'

interface Case {
  name: string
  request: PlanRequest
  exactNetObjective?: number
}

const { values: args } = parseArgs({
  options: {
    fixtures: { type: 'string', default: '../shared/data/planner-fixtures' },
    cases: { type: 'string' },
    runs: { type: 'string', default: '25' },
    warm: { type: 'boolean', default: false },
    vertex: { type: 'boolean', default: false },
  },
})
const fixtures = resolve(args.fixtures)
const casesFile = resolve(args.cases ?? `${fixtures}/public-cases.json`)
const runs = Math.max(1, Number(args.runs))
const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T

const quantile = (sorted: number[], q: number): number => {
  if (sorted.length === 0) return Number.NaN
  const pos = (sorted.length - 1) * q
  const lo = Math.floor(pos)
  const hi = Math.ceil(pos)
  return (sorted[lo] ?? 0) + ((sorted[hi] ?? 0) - (sorted[lo] ?? 0)) * (pos - lo)
}
const median = (xs: number[]): number =>
  quantile(
    [...xs].sort((a, b) => a - b),
    0.5,
  )
const ms = (x: number): string => x.toFixed(2)

let t0 = performance.now()
const highs = await loadHighs()
const loadMs = performance.now() - t0
const data: PlannerData = {
  items: readJson(`${fixtures}/items.json`),
  stages: readJson(`${fixtures}/stages.json`),
  matrix: readJson<{ matrix: PlannerData['matrix'] }>(`${fixtures}/matrix.json`).matrix,
  formulas: readJson(`${fixtures}/formula.json`),
}
const cases = readJson<{ cases: Case[] }>(casesFile).cases
const clock = (): number => performance.now()

// Data are prepared per server on first use; time that once, apart from the cases.
const servers = [...new Set(cases.map((c) => c.request.server ?? 'CN'))]
const planner = createPlanner(highs, Object.fromEntries(servers.map((s) => [s, data])), {
  clock,
  warmStart: args.warm,
  values: args.vertex ? 'vertex' : 'central',
})
t0 = performance.now()
for (const server of servers) planner.plan({ server, required: {}, exp_demand: false, gold_demand: false })
const prepareMs = performance.now() - t0

let matched = 0
let compared = 0
const caseMedians: number[] = []
const coldTimes: number[] = []
const allTimes: number[] = []
const results: { name: string; objective: number | null; expected?: number; relError?: number; match?: boolean; coldMs: number; medianMs: number }[] = []
// One cold pass over every case first (builds each LP shape and warms the Wasm JIT), so the
// measured runs do not depend on the order of the cases.
for (const c of cases) coldTimes.push(planner.plan(c.request).lp?.solveMs ?? Number.NaN)
for (const [k, c] of cases.entries()) {
  const times: number[] = []
  let response = planner.plan(c.request)
  for (let i = 0; i < runs; i++) {
    response = planner.plan(c.request)
    times.push(response.lp?.solveMs ?? Number.NaN)
  }
  allTimes.push(...times)
  const objective = response.lp?.objective ?? null
  const med = median(times)
  caseMedians.push(med)
  const row: (typeof results)[number] = { name: c.name, objective, coldMs: coldTimes[k] ?? Number.NaN, medianMs: med }
  if (c.exactNetObjective !== undefined) {
    compared++
    const rel = objective === null ? Number.POSITIVE_INFINITY : Math.abs(objective - c.exactNetObjective) / Math.abs(c.exactNetObjective)
    row.expected = c.exactNetObjective
    row.relError = rel
    row.match = rel <= 1e-6
    if (row.match) matched++
  }
  results.push(row)
  const status = response.error ? `error: ${response.reason}` : `objective ${objective?.toFixed(6)}`
  const check = row.match === undefined ? '' : ` expected ${row.expected} rel ${row.relError?.toExponential(1)} ${row.match ? 'OK' : 'MISMATCH'}`
  console.log(`${c.name.padEnd(36)} ${status}${check}  cold ${ms(row.coldMs)} ms  median ${ms(med)} ms`)
}
planner.dispose()

const sortedAll = [...allTimes].sort((a, b) => a - b)
console.log(
  JSON.stringify({
    cases: cases.length,
    compared,
    matched,
    runs,
    warmStart: args.warm,
    values: args.vertex ? 'vertex' : 'central',
    medianMs: Number(ms(median(caseMedians))),
    p90Ms: Number(ms(quantile(sortedAll, 0.9))),
    maxMs: Number(ms(sortedAll.at(-1) ?? Number.NaN)),
    maxCaseMedianMs: Number(ms(Math.max(...caseMedians))),
    coldMedianMs: Number(ms(median(coldTimes))),
    prepareMs: Number(ms(prepareMs)),
    highsLoadMs: Number(ms(loadMs)),
    node: process.version,
  }),
)
