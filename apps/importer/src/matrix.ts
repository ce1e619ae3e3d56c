import type { SeedMatrix, SeedMatrixRow, SeedZone, Server } from '@dropwise/schemas'
import type { RawData } from './raw'
import { isEventStageId } from './stages'
import { compareStrings, SERVERS } from './util'

export const MATRIX_SOURCE = 'penguin-matrix/2025-06-21'
export const RESHAPED_SOURCE = 'penguin-matrix/2025-08-02'

export interface CollectedRows {
  rows: Record<Server, SeedMatrixRow[]>
  /** Stage ids taken from the 2025-08-02 reshape (new there and event-like, README §2.1). */
  fromReshaped: Record<Server, string[]>
  /** Stage ids new in 2025-08-02 that were skipped because their items may not share one window. */
  skippedReshaped: Record<Server, string[]>
}

const byStageItem = (a: SeedMatrixRow, b: SeedMatrixRow) => compareStrings(a[0], b[0]) || compareStrings(a[1], b[1])

/**
 * README §3.4: the 2025-06-21 rows 1:1 (exact per-item windows). From 2025-08-02 only stages absent on 2025-06-21,
 * and only event stages, whose items share the event window so the one `stageInfo` is right for each of them.
 */
export const collectMatrixRows = (raw: RawData): CollectedRows => {
  const out: CollectedRows = {
    rows: { CN: [], US: [], JP: [], KR: [] },
    fromReshaped: { CN: [], US: [], JP: [], KR: [] },
    skippedReshaped: { CN: [], US: [], JP: [], KR: [] },
  }
  for (const s of SERVERS) {
    const rows: SeedMatrixRow[] = raw.matrix[s].data.map((r) => [r.stageId, r.itemId, r.times, r.quantity, r.stdDev, r.start, r.end])
    const seen = new Set(rows.map((r) => r[0]))
    const reshaped = raw.reshaped[s].data
    for (const stageId of Object.keys(reshaped).sort(compareStrings)) {
      if (seen.has(stageId)) continue
      if (!isEventStageId(stageId)) {
        out.skippedReshaped[s].push(stageId)
        continue
      }
      const { stageInfo, items } = reshaped[stageId]!
      for (const itemId of Object.keys(items).sort(compareStrings)) {
        const it = items[itemId]!
        rows.push([stageId, itemId, stageInfo.times, it.quantity, it.stdDev, stageInfo.start, stageInfo.end])
      }
      out.fromReshaped[s].push(stageId)
    }
    out.rows[s] = rows.sort(byStageItem)
  }
  return out
}

/**
 * Penguin writes `end: null` for a window whose end lies in the future at fetch time. Rows of event stages that
 * were still running when the dump was taken therefore carry null although the event has long ended; we close
 * them at the zone's close time on that server (README of the seed, "closed event rows").
 */
export const closeFinishedEventRows = (
  rows: readonly SeedMatrixRow[],
  server: Server,
  stageZone: ReadonlyMap<string, string>,
  zones: readonly SeedZone[],
): { rows: SeedMatrixRow[]; closed: number } => {
  const zoneById = new Map(zones.map((z) => [z.zoneId, z]))
  let closed = 0
  const out = rows.map((r): SeedMatrixRow => {
    if (r[6] !== null) return r
    const zone = zoneById.get(stageZone.get(r[0]) ?? '')
    const closeTime = zone?.type === 'ACTIVITY' ? zone.existence[server].closeTime : undefined
    if (closeTime === undefined || closeTime <= r[5]) return r
    closed++
    return [r[0], r[1], r[2], r[3], r[4], r[5], closeTime]
  })
  return { rows: out, closed }
}

export const toSeedMatrix = (raw: RawData, server: Server, rows: SeedMatrixRow[], usesReshaped: boolean): SeedMatrix => ({
  source: usesReshaped ? `${MATRIX_SOURCE} + ${RESHAPED_SOURCE}` : MATRIX_SOURCE,
  fetchedAt: Date.parse(raw.matrix[server].fetchedAt),
  server,
  rows,
})
