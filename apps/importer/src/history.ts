import type { RawToolboxHistory, RawValidityEntry } from './raw'
import { compareStrings } from './util'
import { latestValidity } from './zones'

const RERUN_ZONE = /sre_zone\d+$/
const byLastSeen = <T extends { lastSeen: string }>(entries: readonly T[]) => [...entries].sort((a, b) => compareStrings(a.lastSeen, b.lastSeen)).at(-1)

/**
 * The part of the toolbox history the derivation reads (`derived/toolbox-history.json`, 0.6 MB, extracted from
 * git history, which no repository serves as a file): per zone and server only the newest window, per stage
 * only its newest entry and its newest rerun entry, the zone → activity links as they are. The run-time sync
 * (issue 36) derives from this instead of the raw file; `history.test.ts` checks that the seed derived from it is
 * byte-identical to the one derived from the whole history. Shipped as a seed file, so `import:check` keeps it
 * what the importer derives.
 */
export const compactHistory = (h: RawToolboxHistory): RawToolboxHistory => {
  const eventValidity: RawToolboxHistory['eventValidity'] = {}
  for (const server of Object.keys(h.eventValidity).sort(compareStrings)) {
    const zones = h.eventValidity[server] ?? {}
    const kept: Record<string, RawValidityEntry[]> = {}
    for (const zoneId of Object.keys(zones).sort(compareStrings)) {
      const newest = latestValidity(zones[zoneId])
      if (newest) kept[zoneId] = [newest]
    }
    eventValidity[server] = kept
  }
  const stages: RawToolboxHistory['stages'] = {}
  for (const stageId of Object.keys(h.stages).sort(compareStrings)) {
    const all = h.stages[stageId] ?? []
    const newest = byLastSeen(all)
    const rerun = byLastSeen(all.filter((e) => e.zoneId !== null && RERUN_ZONE.test(e.zoneId)))
    // In their original order, so ties between equal `lastSeen` resolve as they do over the whole list.
    const keep = all.filter((e) => e === newest || e === rerun)
    if (keep.length > 0) stages[stageId] = keep
  }
  return { stages, eventValidity, zoneToActivity: h.zoneToActivity }
}
