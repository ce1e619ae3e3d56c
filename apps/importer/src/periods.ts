import type { I18n, SeedPeriod, SeedZone } from '@dropwise/schemas'
import type { ReferenceRaw } from './raw'
import { compareStrings, gameEndMs, gameStartMs, normaliseExistence, SERVERS } from './util'
import { latestValidity, toolboxNames } from './zones'

/**
 * Event periods per server from toolbox history `eventValidity` (newest window seen per zone), labelled with the
 * seed zone's names or else the toolbox locale names of the zone's activity. Zones of one event that share a
 * window and label (e.g. `_zone1`/`_zone2`) give one period. Zones without any name are skipped.
 */
export const buildPeriods = (raw: ReferenceRaw, zones: readonly SeedZone[]): { periods: SeedPeriod[]; unnamed: number } => {
  const zoneById = new Map(zones.map((z) => [z.zoneId, z]))
  const out: SeedPeriod[] = []
  let unnamed = 0
  for (const server of SERVERS) {
    const validity = raw.history.eventValidity[server.toLowerCase()] ?? {}
    const seen = new Set<string>()
    for (const zoneId of Object.keys(validity).sort(compareStrings)) {
      const w = latestValidity(validity[zoneId])
      if (!w) continue
      const zone = zoneById.get(zoneId)
      let label: I18n | undefined = zone?.zoneName_i18n
      if (!label) {
        const activityId = raw.history.zoneToActivity[zoneId]?.at(-1)
        label = activityId ? toolboxNames(raw, activityId)?.names : undefined
      }
      if (!label) {
        unnamed++
        continue
      }
      const start = gameStartMs(w.startTs)
      const end = gameEndMs(w.endTs)
      const dedupe = `${start}|${end}|${label.zh}`
      if (seen.has(dedupe)) continue
      seen.add(dedupe)
      const existence = normaliseExistence({})
      existence[server] = { exist: true }
      out.push({ key: `${server}:${zoneId}`, start, end, label_i18n: { ...label }, existence, zoneId: zone ? zoneId : null })
    }
  }
  out.sort((a, b) => a.start - b.start || compareStrings(a.key, b.key))
  return { periods: out, unnamed }
}
