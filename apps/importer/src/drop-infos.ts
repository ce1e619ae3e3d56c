import { SERVER_LAUNCH_MS } from '@dropwise/schemas'
import type { DropType, SeedDropInfo, SeedItem, SeedMatrixRow, SeedStage, SeedZone, Server } from '@dropwise/schemas'
import type { RawBounds, ReferenceRaw } from './raw'
import { compareStrings, pairKey, SERVERS } from './util'

type Bounds = NonNullable<SeedDropInfo['bounds']>
const LIMITED_TYPES = ['NORMAL_DROP', 'SPECIAL_DROP', 'EXTRA_DROP'] as const
const DROP_TYPE_ORDER: Record<SeedDropInfo['dropType'], number> = {
  NORMAL_DROP: 0,
  SPECIAL_DROP: 1,
  EXTRA_DROP: 2,
  FURNITURE: 3,
  RECOGNITION_ONLY: 4,
}

const isDropType = (t: string): t is DropType => t in DROP_TYPE_ORDER && t !== 'RECOGNITION_ONLY'

const copyBounds = (b: RawBounds): Bounds => {
  const out: Bounds = { lower: b.lower, upper: b.upper }
  if (b.exceptions && b.exceptions.length > 0) out.exceptions = [...b.exceptions]
  return out
}

/**
 * Typical per-item bounds seen in the 2024 snapshot (README §3.3.3), used when the snapshot has none for the
 * (stage, item, drop type). Where the README lists several typical values we take the widest, so an honest
 * report is never flagged because of a guessed bound.
 */
export const typicalItemBounds = (stage: SeedStage, dropType: DropType, itemType: string | undefined): Bounds => {
  if (dropType === 'FURNITURE') return { lower: 0, upper: 1 }
  if (stage.isGacha) {
    const rune = /^randomMaterialRune_/.test(stage.stageId) || /^randomMaterial_(rhine2|siesta2)$/.test(stage.stageId)
    return { lower: 0, upper: rune ? 25 : 100 }
  }
  if (itemType === 'CARD_EXP') return { lower: 0, upper: 3 }
  if (stage.stageType === 'ACTIVITY') return { lower: 0, upper: dropType === 'SPECIAL_DROP' ? 1 : 5 }
  return { lower: 0, upper: 1 }
}

export interface DropInfoStats {
  /** Stages with a drop info open at the reference instant, per server. */
  openStages: Record<Server, number>
  /** Current-pool (stage, item) pairs with no matrix row, per server (start = the stage's open start). */
  poolItemsWithoutRow: Record<Server, number>
  /** Open matrix rows whose item is not in MAA's pool (kept open, README of the seed). */
  openRowsOutsideMaa: Record<Server, number>
  /** MAA pool items whose pair has a closed baseline row (not reopened: the baseline wins). */
  closedPairsNotReopened: Record<Server, number>
}

interface BuildInput {
  raw: ReferenceRaw
  items: readonly SeedItem[]
  stages: readonly SeedStage[]
  zones: readonly SeedZone[]
  rows: Record<Server, readonly SeedMatrixRow[]>
  /** Event stages from the toolbox's current events, with the items its drop list gives them. */
  events?: readonly { stageId: string; items: readonly string[] }[]
}

const perServer = <T>(f: () => T): Record<Server, T> => ({ CN: f(), US: f(), JP: f(), KR: f() })

/**
 * Builds the per-server drop infos (api-v2.md §10.1-10.2) so that for every baseline row the pair's current
 * period is exactly [row.start, row.end), permanent stages that are open now carry their current pools, and
 * no ended event keeps an open drop info.
 */
export const buildDropInfos = ({ raw, items, stages, zones, rows, events = [] }: BuildInput): { dropInfos: SeedDropInfo[]; stats: DropInfoStats } => {
  const itemById = new Map(items.map((i) => [i.itemId, i]))
  const stageById = new Map(stages.map((s) => [s.stageId, s]))
  const zoneById = new Map(zones.map((z) => [z.zoneId, z]))
  const snapshot = new Map(raw.stages.map((s) => [s.stageId, s]))
  const maa = new Map(raw.maaStages.map((s) => [s.stageId, s]))
  const stats: DropInfoStats = {
    openStages: perServer(() => 0),
    poolItemsWithoutRow: perServer(() => 0),
    openRowsOutsideMaa: perServer(() => 0),
    closedPairsNotReopened: perServer(() => 0),
  }

  const snapshotItemBounds = (stageId: string, itemId: string, dropType: string) =>
    snapshot.get(stageId)?.dropInfos?.find((d) => d.itemId === itemId && d.dropType === dropType)?.bounds
  const knownDropType = (stageId: string, itemId: string): DropType | undefined => {
    const fromMaa = maa.get(stageId)?.dropInfos.find((d) => d.itemId === itemId)?.dropType
    if (fromMaa && isDropType(fromMaa)) return fromMaa
    const fromSnapshot = snapshot.get(stageId)?.dropInfos?.find((d) => d.itemId === itemId)?.dropType
    if (fromSnapshot && isDropType(fromSnapshot)) return fromSnapshot
    return itemId === 'furni' ? 'FURNITURE' : undefined
  }
  const itemInfo = (server: Server, stage: SeedStage, itemId: string, dropType: DropType, start: number, end: number | null, inferred: string[]): SeedDropInfo => {
    const snap = snapshotItemBounds(stage.stageId, itemId, dropType)
    const bounds = snap ? copyBounds(snap) : typicalItemBounds(stage, dropType, itemById.get(itemId)?.itemType)
    const allInferred = snap ? inferred : [...inferred, 'bounds']
    const info: SeedDropInfo = { server, stageId: stage.stageId, itemId, dropType, bounds, start, end, accumulable: false }
    if (allInferred.length > 0) info.inferred = [...new Set(allInferred)].sort(compareStrings)
    return info
  }

  const out: SeedDropInfo[] = []
  for (const server of SERVERS) {
    const rowsByStage = new Map<string, SeedMatrixRow[]>()
    const rowByPair = new Map<string, SeedMatrixRow>()
    for (const r of rows[server]) {
      const list = rowsByStage.get(r[0])
      if (list) list.push(r)
      else rowsByStage.set(r[0], [r])
      rowByPair.set(pairKey(r[0], r[1]), r)
    }
    const stageOf = (stageId: string) => {
      const s = stageById.get(stageId)
      if (!s) throw new Error(`matrix row references unknown stage ${stageId}`)
      return s
    }

    // 1. Closed baseline rows: one item-level drop info with exactly the row's window.
    for (const r of rows[server]) {
      if (r[6] === null) continue
      const stage = stageOf(r[0])
      const dropType = knownDropType(r[0], r[1])
      out.push(itemInfo(server, stage, r[1], dropType ?? 'NORMAL_DROP', r[5], r[6], dropType ? [] : ['dropType']))
    }

    // 2. Stages open now: open baseline rows, plus MAA's permanent stages that exist on this server.
    const open = new Set<string>()
    for (const r of rows[server]) if (r[6] === null) open.add(r[0])
    for (const m of raw.maaStages) {
      const stage = stageById.get(m.stageId)
      const zone = stage && zoneById.get(stage.zoneId)
      if (stage?.existence[server].exist && zone?.type !== 'ACTIVITY') open.add(m.stageId)
    }
    for (const stageId of [...open].sort(compareStrings)) {
      const stage = stageOf(stageId)
      const zone = zoneById.get(stage.zoneId)
      const openRows = (rowsByStage.get(stageId) ?? []).filter((r) => r[6] === null)
      const fallbackStart =
        openRows.length > 0 ? Math.min(...openRows.map((r) => r[5])) : (zone?.existence[server].openTime ?? stage.existence[server].openTime ?? SERVER_LAUNCH_MS[server])

      const pool: { itemId: string; dropType: DropType; dropTypeInferred: boolean }[] = []
      const seen = new Set<string>()
      for (const d of maa.get(stageId)?.dropInfos ?? []) {
        if (!isDropType(d.dropType) || !itemById.get(d.itemId)?.existence[server].exist) continue
        const k = `${d.itemId}|${d.dropType}`
        if (seen.has(k)) continue
        seen.add(k)
        pool.push({ itemId: d.itemId, dropType: d.dropType, dropTypeInferred: false })
      }
      for (const r of openRows) {
        if (pool.some((p) => p.itemId === r[1])) continue
        // The baseline says the pair is open; keep it open so the invariant holds (seed README).
        stats.openRowsOutsideMaa[server]++
        const dropType = knownDropType(stageId, r[1])
        pool.push({ itemId: r[1], dropType: dropType ?? 'NORMAL_DROP', dropTypeInferred: !dropType })
      }

      const stageInfos: SeedDropInfo[] = []
      const pairsSeen = new Set<string>()
      for (const p of pool) {
        const row = rowByPair.get(pairKey(stageId, p.itemId))
        if (row && row[6] !== null) {
          stats.closedPairsNotReopened[server]++
          continue
        }
        if (!row && !pairsSeen.has(p.itemId)) stats.poolItemsWithoutRow[server]++
        const inferred = [...(p.dropTypeInferred ? ['dropType'] : []), ...(row ? [] : ['start'])]
        const info = itemInfo(server, stage, p.itemId, p.dropType, row ? row[5] : fallbackStart, null, inferred)
        // A second drop type of the same item shares the window and continues the same segment.
        if (pairsSeen.has(p.itemId)) info.accumulable = true
        pairsSeen.add(p.itemId)
        stageInfos.push(info)
      }
      if (stageInfos.length === 0) continue
      const stageStart = Math.min(...stageInfos.map((i) => i.start))

      // Per-drop-type limits on the number of distinct items: the snapshot's when its item set is unchanged.
      const snap = snapshot.get(stageId)?.dropInfos ?? []
      for (const dropType of LIMITED_TYPES) {
        const now = new Set(stageInfos.filter((i) => i.dropType === dropType).map((i) => i.itemId ?? ''))
        const then = new Set(snap.filter((d) => d.itemId && d.dropType === dropType).map((d) => d.itemId ?? ''))
        const snapLimit = snap.find((d) => !d.itemId && d.dropType === dropType)
        const same = now.size === then.size && [...now].every((i) => then.has(i))
        const info: SeedDropInfo = {
          server,
          stageId,
          itemId: null,
          dropType,
          bounds: snapLimit && same ? copyBounds(snapLimit.bounds) : { lower: 0, upper: now.size },
          start: stageStart,
          end: null,
          accumulable: false,
        }
        if (!(snapLimit && same)) info.inferred = ['bounds']
        stageInfos.push(info)
      }

      // Items the recogniser must know but that are not counted (snapshot `recognitionOnly`).
      for (const itemId of snapshot.get(stageId)?.recognitionOnly ?? []) {
        if (rowByPair.has(pairKey(stageId, itemId)) || !itemById.has(itemId)) continue
        stageInfos.push({ server, stageId, itemId, dropType: 'RECOGNITION_ONLY', bounds: null, start: stageStart, end: null, accumulable: false })
      }
      stats.openStages[server]++
      out.push(...stageInfos)
    }

    // 3. Event stages only the toolbox's current events know: their items over the zone's window on this server.
    for (const e of events) {
      const stage = stageOf(e.stageId)
      const w = zoneById.get(stage.zoneId)?.existence[server]
      if (!stage.existence[server].exist || w?.openTime === undefined || rowsByStage.has(e.stageId)) continue
      const start = w.openTime
      const end = w.closeTime ?? null
      const pool = e.items.filter((i) => itemById.get(i)?.existence[server].exist)
      const stageInfos: SeedDropInfo[] = []
      // The toolbox does not say which drop a material comes in: both, one segment (accumulable).
      for (const itemId of pool) {
        stageInfos.push(itemInfo(server, stage, itemId, 'NORMAL_DROP', start, end, ['dropType', 'start']))
        stageInfos.push({ ...itemInfo(server, stage, itemId, 'EXTRA_DROP', start, end, ['dropType', 'start']), accumulable: true })
      }
      // Furniture: every first-run side-story stage on record has it (279 of 280 on CN); the toolbox's drop
      // list never names it, and without it a report with the furniture drop would be refused.
      if (itemById.get('furni')?.existence[server].exist) stageInfos.push(itemInfo(server, stage, 'furni', 'FURNITURE', start, end, ['dropType', 'start']))
      for (const dropType of ['NORMAL_DROP', 'EXTRA_DROP'] as const) {
        stageInfos.push({
          server,
          stageId: e.stageId,
          itemId: null,
          dropType,
          bounds: { lower: 0, upper: pool.length },
          start,
          end,
          accumulable: false,
          inferred: ['bounds'],
        })
      }
      out.push(...stageInfos)
    }
  }
  const serverOrder = (s: Server) => SERVERS.indexOf(s)
  out.sort(
    (a, b) =>
      serverOrder(a.server) - serverOrder(b.server) ||
      compareStrings(a.stageId, b.stageId) ||
      compareStrings(a.itemId ?? '', b.itemId ?? '') ||
      DROP_TYPE_ORDER[a.dropType] - DROP_TYPE_ORDER[b.dropType] ||
      a.start - b.start,
  )
  return { dropInfos: out, stats }
}
