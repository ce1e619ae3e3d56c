/** One expected drop of a labelled screenshot; a null `itemId` accepts any of `itemCandidates`. */
export interface TruthDrop {
  dropType: string | null
  itemId: string | null
  quantity: number
  itemCandidates?: string[]
}

/** The label of one screenshot in a labels.json file (shared/data/recognition). */
export interface LabelTruth {
  stageId: string | null
  drops: TruthDrop[] | null
  outcome: 'report' | 'reject'
  category: string
}

type Drop = { dropType: string; itemId: string | null; quantity: number }

/** Same multiset of (dropType, itemId, quantity); a null truth itemId accepts any of its candidates. */
export const sameDrops = (got: readonly Drop[], want: readonly TruthDrop[]): boolean => {
  if (got.length !== want.length) return false
  const used = new Array<boolean>(got.length).fill(false)
  // Exact ids first so that a candidate list cannot steal an exact match.
  const order = [...want].sort((a, b) => Number(a.itemId === null) - Number(b.itemId === null))
  return order.every((w) => {
    const i = got.findIndex(
      (g, k) =>
        !used[k] &&
        g.dropType === w.dropType &&
        g.quantity === w.quantity &&
        (w.itemId !== null ? g.itemId === w.itemId : g.itemId !== null && (w.itemCandidates ?? []).includes(g.itemId)),
    )
    if (i >= 0) used[i] = true
    return i >= 0
  })
}

/**
 * The exact-match rule: a `reject` image must be flagged; a `report` image must be clean
 * (no exception), with the same stage and the same drops. `flagged` = any exception was raised.
 */
export const isExactMatch = (truth: LabelTruth, result: { flagged: boolean; stageId: string | null | undefined; drops: readonly Drop[] }): boolean =>
  truth.outcome === 'reject' ? result.flagged : !result.flagged && result.stageId === truth.stageId && sameDrops(result.drops, truth.drops ?? [])
