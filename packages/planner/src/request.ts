import { SERVERS } from '@dropwise/schemas'
import { DEFAULT_CONVERSION_RATE, PSEUDO_DEMAND } from './constants'
import type { LpShape, PreparedModel } from './lp-model'
import type { Lang, PlanFailure, PlannerLang, PlanRequest, Server } from './types'

/** A request turned into LP terms. */
export interface NormalizedRequest {
  server: Server
  shape: LpShape
  /** Demand per row: required − owned, with the LMD/exp rules applied. */
  demand: Float64Array
  /** The part of the LMD / exp demand that is a 1e9 pseudo-demand (1e9 or 0). */
  pseudoLmd: number
  pseudoExp: number
  outputLang: PlannerLang
}

const LANGS: readonly PlannerLang[] = ['id', 'zh', 'en', 'ja', 'ko']

const fail = (code: PlanFailure['code'], reason: string, items?: string[]): PlanFailure => (items ? { error: true, code, reason, items } : { error: true, code, reason })

/** Reads `server` from a request: CN when missing. */
export const requestServer = (request: PlanRequest): Server | PlanFailure => {
  const server = request.server ?? 'CN'
  return SERVERS.includes(server) ? server : fail('bad-request', `Unknown server "${String(server)}" (use CN, US, JP or KR).`)
}

const isDemandFlag = (v: unknown): v is boolean | number => typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))

/**
 * Turns an ArkPlanner request into the demand vector and LP shape (planner-model.md, "Demand",
 * "Conversions", "Byproducts", `exclude`). Defaults: `extra_outc` false, `exp_demand` and
 * `gold_demand` true, `input_lang`/`output_lang` `id`, `convertion_dr` 0.18.
 */
export const normalizeRequest = (model: PreparedModel, request: PlanRequest): NormalizedRequest | PlanFailure => {
  const goldFlag = request.gold_demand ?? true
  const expFlag = request.exp_demand ?? true
  if (!isDemandFlag(goldFlag) || !isDemandFlag(expFlag)) {
    return fail('bad-request', 'gold_demand and exp_demand must be true, false or a number.')
  }
  const inputLang = request.input_lang ?? 'id'
  const outputLang = request.output_lang ?? 'id'
  if (!LANGS.includes(inputLang) || !LANGS.includes(outputLang)) {
    return fail('bad-request', 'input_lang and output_lang must be one of id, zh, en, ja, ko.')
  }
  const rate = request.convertion_dr ?? DEFAULT_CONVERSION_RATE
  if (typeof rate !== 'number' || !Number.isFinite(rate)) return fail('bad-request', 'convertion_dr must be a number.')

  const byName = nameIndex(model, inputLang)
  const required = new Float64Array(model.rows.length)
  const owned = new Float64Array(model.rows.length)
  const unknown: string[] = []
  const read = (counts: Record<string, number> | undefined, into: Float64Array): PlanFailure | undefined => {
    if (counts === undefined || counts === null) return undefined
    if (typeof counts !== 'object') return fail('bad-request', 'required and owned must be objects of item → count.')
    for (const [key, count] of Object.entries(counts)) {
      if (typeof count !== 'number' || !Number.isFinite(count)) {
        return fail('bad-request', `The count of item "${key}" must be a number.`, [key])
      }
      const row = model.rowIndex.get(key) ?? byName.get(key)
      if (row === undefined) {
        if (count !== 0) unknown.push(key)
        continue
      }
      into[row] = (into[row] ?? 0) + count
    }
    return undefined
  }
  const bad = read(request.required, required) ?? read(request.owned, owned)
  if (bad) return bad
  if (unknown.length > 0) return fail('unknown-item', `Unknown item${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`, unknown)

  const demand = new Float64Array(model.rows.length)
  for (let i = 0; i < demand.length; i++) demand[i] = (required[i] ?? 0) - (owned[i] ?? 0)
  // A demand flag replaces what was required of LMD / exp; what is owned still counts.
  const flagDemand = (row: number, flag: boolean | number): void => {
    if (flag !== false) demand[row] = (flag === true ? PSEUDO_DEMAND : flag) - (owned[row] ?? 0)
  }
  flagDemand(model.lmdRow, goldFlag)
  flagDemand(model.expRow, expFlag)
  const pseudoLmd = goldFlag === true ? PSEUDO_DEMAND : 0
  const pseudoExp = expFlag === true ? PSEUDO_DEMAND : 0

  if (request.exclude !== undefined && request.exclude !== null && !Array.isArray(request.exclude)) {
    return fail('bad-request', 'exclude must be a list of stage ids or codes.')
  }
  const excluded = new Set<number>()
  for (const entry of request.exclude ?? []) {
    for (const col of model.stageLookup.get(String(entry)) ?? []) excluded.add(col)
  }

  return {
    server: model.server,
    shape: {
      excludedStages: [...excluded].sort((a, b) => a - b),
      byproductRate: request.extra_outc === true ? rate : 0,
      // The 3003 → exp column goes when LMD is not wanted but exp is.
      pureGoldToExp: !(!goldFlag && !!expFlag),
    },
    demand,
    pseudoLmd,
    pseudoExp,
    outputLang,
  }
}

const nameIndex = (model: PreparedModel, lang: PlannerLang): Map<string, number> => {
  const index = new Map<string, number>()
  if (lang === 'id') return index
  const langs: Lang[] = [lang, 'zh']
  for (const l of langs) {
    model.rows.forEach((row, i) => {
      const name = row.names[l] ?? (l === 'zh' ? row.zhName : undefined)
      if (name !== undefined && !index.has(name)) index.set(name, i)
    })
  }
  return index
}
