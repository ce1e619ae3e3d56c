import type { SeedDropInfo, SeedFormula, SeedItem, SeedMatrixRow, SeedPeriod, SeedPron, SeedStage, SeedZone, Server } from '@dropwise/schemas'
import type { DropInfoStats } from './drop-infos'
import { buildDropInfos } from './drop-infos'
import { buildFormulas } from './formulas'
import { buildItems } from './items'
import { closeFinishedEventRows } from './matrix'
import { buildPeriods } from './periods'
import { buildPron } from './pinyin'
import type { ReferenceRaw, RawToolboxEvents } from './raw'
import { buildStages, planStageZones, resolveStageZone } from './stages'
import { compareIds, SERVERS } from './util'
import { buildZones, toolboxNames } from './zones'

/** The reference tables (everything of the seed but the matrix baselines and notices). */
export interface Reference {
  items: SeedItem[]
  zones: SeedZone[]
  stages: SeedStage[]
  dropInfos: SeedDropInfo[]
  formulas: SeedFormula[]
  periods: SeedPeriod[]
  pron: SeedPron
  /** The baseline rows with open rows of ended events closed (what the seed's matrices hold). */
  rows: Record<Server, SeedMatrixRow[]>
  closedEventRows: Record<Server, number>
  dropInfoStats: DropInfoStats
  unnamedPeriods: number
  /** Stage ids added from the toolbox's current events (empty without `raw.events`). */
  eventStages: string[]
}

const EVENT_ZONE = /^act\d+[a-z]+_zone\d+$/
const RERUN_ZONE = /sre_zone\d+$/

/**
 * Folds the toolbox's current event files into the history, as one more snapshot seen at `seenAt`: each
 * current window becomes the newest window of its zone, each stage and zone-activity link is remembered.
 */
export const foldEvents = (raw: ReferenceRaw, events: RawToolboxEvents): ReferenceRaw['history'] => {
  const h = raw.history
  const eventValidity = { ...h.eventValidity }
  for (const [server, zones] of Object.entries(events.event)) {
    const known = { ...(eventValidity[server] ?? {}) }
    for (const [zoneId, { valid }] of Object.entries(zones)) {
      known[zoneId] = [...(known[zoneId] ?? []), { startTs: valid.startTs, endTs: valid.endTs, firstSeen: events.seenAt, lastSeen: events.seenAt }]
    }
    eventValidity[server] = known
  }
  const zoneToActivity = { ...h.zoneToActivity }
  for (const [zoneId, activity] of Object.entries(events.zone.zoneToActivity)) {
    const list = zoneToActivity[zoneId] ?? []
    if (!list.includes(activity)) zoneToActivity[zoneId] = [...list, activity]
  }
  const stages = { ...h.stages }
  for (const [section, zones] of Object.entries(events.stage)) {
    for (const [zoneId, list] of Object.entries(zones)) {
      for (const [stageId, { code, cost }] of Object.entries(list)) {
        stages[stageId] = [...(stages[stageId] ?? []), { zoneId, code, apCost: cost, section, firstSeen: events.seenAt, lastSeen: events.seenAt }]
      }
    }
  }
  return { ...h, eventValidity, zoneToActivity, stages }
}

/**
 * Event stages the toolbox announces (a zone of its `event.json` on some server, first runs only: reruns
 * need Penguin's `_rep` ids and are left to the sources that know them) that no other input knows, with
 * the items `drop.json` lists for them. A zone without a name in the toolbox locales is skipped.
 */
export const currentEventStages = (raw: ReferenceRaw, known: ReadonlySet<string>): { stageId: string; zoneId: string; items: string[] }[] => {
  const events = raw.events
  if (!events) return []
  const zones = new Set(Object.values(events.event).flatMap((z) => Object.keys(z)))
  const out: { stageId: string; zoneId: string; items: string[] }[] = []
  for (const zoneId of [...zones].sort(compareIds)) {
    if (!EVENT_ZONE.test(zoneId) || RERUN_ZONE.test(zoneId)) continue
    const activity = raw.history.zoneToActivity[zoneId]?.at(-1) ?? zoneId.replace(/_zone\d+$/, '')
    if (!toolboxNames(raw, activity)) continue
    const drops = events.drop.event?.[zoneId] ?? {}
    for (const [stageId, { code }] of Object.entries(events.stage.event?.[zoneId] ?? {})) {
      if (known.has(stageId) || !/^act\d+[a-z]+_\d+$/.test(stageId)) continue
      if (resolveStageZone(raw, stageId) !== zoneId.replace(/_zone\d+$/, '_zone1')) continue
      const items = Object.keys(drops)
        .filter((itemId) => drops[itemId]?.[code] !== undefined && raw.itemTables.zh_CN[itemId] !== undefined)
        .sort(compareIds)
      out.push({ stageId, zoneId, items })
    }
  }
  return out
}

/**
 * Pure: the raw inputs and the baseline rows in, the reference tables out (no file system, no clock). The
 * importer calls it with the rows of the matrix dumps (`buildSeed`); the server's game-data sync with the
 * baseline rows it already holds, and with the toolbox's current events.
 */
export const deriveReference = (input: ReferenceRaw, baselineRows: Record<Server, readonly SeedMatrixRow[]>): Reference => {
  const raw: ReferenceRaw = input.events ? { ...input, history: foldEvents(input, input.events) } : input
  const stagesWithRows = {} as Record<Server, Set<string>>
  const referencedItems = new Set<string>()
  for (const s of SERVERS) {
    stagesWithRows[s] = new Set(baselineRows[s].map((r) => r[0]))
    for (const r of baselineRows[s]) referencedItems.add(r[1])
  }
  for (const m of raw.maaStages) for (const d of m.dropInfos) referencedItems.add(d.itemId)
  const knownStages = new Set([...raw.stages.map((s) => s.stageId), ...SERVERS.flatMap((s) => [...stagesWithRows[s]]), ...raw.maaStages.map((m) => m.stageId)])
  const events = currentEventStages(raw, knownStages)
  for (const e of events) for (const i of e.items) referencedItems.add(i)
  // Formulas name their items too (ArkPlanner maps formula names to item names): a craft-only
  // material such as 30165 must be an item even though no stage drops it.
  const formulas = buildFormulas(raw)
  const craftOnly = new Set<string>()
  for (const f of formulas) {
    for (const id of [f.id, ...f.costs.map((c) => c.id), ...f.extraOutcome.map((o) => o.id)]) {
      if (!referencedItems.has(id)) craftOnly.add(id)
    }
  }
  const items = buildItems(raw, new Set([...referencedItems, ...craftOnly]), craftOnly)

  const extraStageIds = [...SERVERS.flatMap((s) => [...stagesWithRows[s]]), ...raw.maaStages.map((m) => m.stageId), ...events.map((e) => e.stageId)]
  const stageZone = planStageZones(raw, extraStageIds)
  const zones = buildZones(raw, stageZone, stagesWithRows)
  const stages = buildStages(raw, stageZone, zones, stagesWithRows)

  const closedEventRows = { CN: 0, US: 0, JP: 0, KR: 0 }
  const rows = {} as Record<Server, SeedMatrixRow[]>
  for (const s of SERVERS) {
    const closed = closeFinishedEventRows(baselineRows[s], s, stageZone, zones)
    closedEventRows[s] = closed.closed
    rows[s] = closed.rows
  }
  const { dropInfos, stats } = buildDropInfos({ raw: raw, items, stages, zones, rows, events })
  const { periods, unnamed } = buildPeriods(raw, zones)
  return {
    items,
    zones,
    stages,
    dropInfos,
    formulas,
    periods,
    pron: buildPron(zones, stages),
    rows,
    closedEventRows,
    dropInfoStats: stats,
    unnamedPeriods: unnamed,
    eventStages: events.map((e) => e.stageId),
  }
}
