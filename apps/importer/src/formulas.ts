import type { SeedFormula } from '@dropwise/schemas'
import { tierToRarity } from './items'
import type { ReferenceRaw } from './raw'
import { compareIds } from './util'

/** Penguin's formula file covered elite materials only (README §3.5). */
export const isPenguinFormulaScope = (itemId: string): boolean => /^3[01]\d{3}$/.test(itemId)

/** README §3.5: workshop formulas in Penguin's `/formula` shape, names from zh_CN item_table, rarity TIER_n − 1. */
export const buildFormulas = (raw: ReferenceRaw): SeedFormula[] => {
  const table = raw.itemTables.zh_CN
  const ref = (id: string) => {
    const it = table[id]
    if (!it) throw new Error(`formula references item ${id} missing from zh_CN item_table`)
    return { id, name: it.name, rarity: tierToRarity(it.rarity) }
  }
  return Object.values(raw.buildingData.workshopFormulas)
    .filter((f) => isPenguinFormulaScope(f.itemId))
    .sort((a, b) => compareIds(a.itemId, b.itemId))
    .map((f) => {
      const extraOutcome = f.extraOutcomeGroup.map((o) => ({ ...ref(o.itemId), count: o.itemCount, weight: o.weight }))
      return {
        id: f.itemId,
        name: ref(f.itemId).name,
        goldCost: f.goldCost,
        costs: f.costs.map((c) => ({ ...ref(c.id), count: c.count })),
        extraOutcome,
        totalWeight: extraOutcome.reduce((sum, o) => sum + o.weight, 0),
      }
    })
}
