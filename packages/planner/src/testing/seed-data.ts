import type { PlannerData, PlannerFormula, PlannerStage } from '../types'

type MatrixRow = [string, string, number, number, number, number, number | null]

/** Tests only: the committed seed's CN items, open stages, matrix and formulas, as the server serves them, from `seed` (reads a seed file). */
export const seedData = (seed: <T>(file: string) => T): PlannerData => {
  const items = seed<{ itemId: string; name_i18n: { zh: string } }[]>('items.json').map((i) => ({ itemId: i.itemId, name: i.name_i18n.zh, name_i18n: i.name_i18n }))
  const dropInfos = seed<{ servers: { CN: Record<string, [string | null, string, unknown, number, number | null][]> } }>('drop-infos.json').servers.CN
  const open = new Set(
    Object.entries(dropInfos)
      .filter(([, rows]) => rows.some((r) => r[4] === null))
      .map(([id]) => id),
  )
  const stages: PlannerStage[] = seed<(Omit<PlannerStage, 'code'> & { code_i18n: { zh: string } })[]>('stages.json').map((s) => ({
    stageId: s.stageId,
    code: s.code_i18n.zh,
    code_i18n: s.code_i18n,
    apCost: s.apCost,
    existence: s.existence,
    ...(open.has(s.stageId) ? { dropInfos: [] } : {}),
  }))
  const matrix = seed<{ rows: MatrixRow[] }>('matrix-cn.json').rows.map(([stageId, itemId, times, quantity, stdDev, , end]) => ({
    stageId,
    itemId,
    times,
    quantity,
    stdDev,
    end,
  }))
  return { items, stages, matrix, formulas: seed<PlannerFormula[]>('formulas.json') }
}
