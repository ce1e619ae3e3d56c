import type { SeedDropInfo } from '@dropwise/schemas'
import { pairKey } from './util'

export interface Period {
  start: number
  /** null = open. */
  end: number | null
}

const endValue = (end: number | null) => (end === null ? Number.POSITIVE_INFINITY : end)

/**
 * The current period of every (server, stage, item) pair, computed exactly as api-v2.md §10.2 describes:
 * item-level drop infos ordered by start; a non-accumulable range starts a new segment; an accumulable range
 * joins the previous segment when it overlaps or touches it; the latest segment is the current period.
 * Keyed by `${server}:${pairKey(stage, item)}`.
 */
export const currentPeriods = (infos: readonly SeedDropInfo[]): Map<string, Period> => {
  const byPair = new Map<string, SeedDropInfo[]>()
  for (const d of infos) {
    if (d.itemId === null || d.dropType === 'RECOGNITION_ONLY') continue
    const k = `${d.server}:${pairKey(d.stageId, d.itemId)}`
    const list = byPair.get(k)
    if (list) list.push(d)
    else byPair.set(k, [d])
  }
  const out = new Map<string, Period>()
  for (const [k, list] of byPair) {
    const sorted = [...list].sort((a, b) => a.start - b.start)
    let current: Period | undefined
    for (const d of sorted) {
      if (!current || !d.accumulable || d.start > endValue(current.end)) {
        current = { start: d.start, end: d.end }
        continue
      }
      if (endValue(d.end) > endValue(current.end)) current.end = d.end
    }
    if (current) out.set(k, current)
  }
  return out
}
