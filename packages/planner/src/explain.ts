import type { BuiltLp, PreparedModel } from './lp-model'
import type { PlanFailure, PlannerLang } from './types'

/**
 * Items with a positive demand that no column of the LP can produce: no kept stage drops them
 * and no craft chain made of obtainable materials yields them. This is what makes a plan
 * infeasible in practice (e.g. a chip whose only PR stage is excluded).
 */
export const unobtainableRows = (lp: BuiltLp, demand: Float64Array): number[] => {
  const obtainable = obtainableRows(lp)
  const missing: number[] = []
  demand.forEach((d, row) => {
    if (d > 0 && !obtainable[row]) missing.push(row)
  })
  return missing
}

/**
 * 1 for every row some column of the LP can produce: dropped by a kept stage, or crafted by a
 * chain whose materials are all obtainable. Other rows have no meaningful value (their dual is
 * unbounded above and an interior-point solve returns an arbitrary large number).
 */
export const obtainableRows = (lp: BuiltLp): Uint8Array => {
  const obtainable = new Uint8Array(lp.numRows)
  const crafts: number[] = []
  lp.columns.forEach((col, j) => {
    if (col.kind !== 'stage') {
      crafts.push(j)
      return
    }
    for (let k = lp.starts[j] ?? 0; k < (lp.starts[j + 1] ?? 0); k++) {
      if ((lp.values[k] ?? 0) > 0) obtainable[lp.indices[k] ?? 0] = 1
    }
  })
  let changed = true
  while (changed) {
    changed = false
    for (const j of crafts) {
      const from = lp.starts[j] ?? 0
      const to = lp.starts[j + 1] ?? 0
      let ready = true
      for (let k = from; k < to && ready; k++) if ((lp.values[k] ?? 0) < 0 && !obtainable[lp.indices[k] ?? 0]) ready = false
      if (!ready) continue
      for (let k = from; k < to; k++) {
        const row = lp.indices[k] ?? 0
        if ((lp.values[k] ?? 0) > 0 && !obtainable[row]) {
          obtainable[row] = 1
          changed = true
        }
      }
    }
  }
  return obtainable
}

/** Explains an infeasible plan to a player: which items cannot be obtained, and why. */
export const explainInfeasible = (model: PreparedModel, lp: BuiltLp, demand: Float64Array, lang: PlannerLang): PlanFailure => {
  const missing = unobtainableRows(lp, demand)
  if (missing.length === 0) {
    return { error: true, code: 'infeasible', reason: 'Problem appears to be infeasible: the requested items cannot all be obtained.' }
  }
  const nameLang = lang === 'id' ? 'en' : lang
  const excluded = new Set(lp.shape.excludedStages)
  const parts = missing.map((row) => {
    const item = model.rows[row]
    const id = item?.itemId ?? String(row)
    const name = item?.names[nameLang] ?? item?.zhName ?? id
    const label = name === id ? id : `${name} (${id})`
    const droppedBy = model.stages.map((s, col) => ({ s, col })).filter(({ s }) => s.drops.rows.some((r, k) => r === row && (s.drops.values[k] ?? 0) > 0))
    const excludedSources = droppedBy.filter(({ col }) => excluded.has(col))
    if (droppedBy.length > 0 && excludedSources.length === droppedBy.length) {
      const codes = excludedSources.map(({ s }) => s.codes[nameLang] ?? s.code)
      return `${label} cannot be obtained: every stage that drops it is excluded (${codes.join(', ')}) and it cannot be crafted from obtainable materials`
    }
    return `${label} cannot be obtained: no open stage on this server drops it and it cannot be crafted from obtainable materials`
  })
  return {
    error: true,
    code: 'unobtainable-item',
    reason: `${parts.join('; ')}.`,
    items: missing.map((row) => model.rows[row]?.itemId ?? String(row)),
  }
}
