import type { SeedStage, SeedZone, Server } from '@dropwise/schemas'
import { fillNames } from './names'
import type { ReferenceRaw } from './raw'
import { addInferred, compareIds, compareStrings, normaliseExistence, SERVERS } from './util'

export const isGachaStageId = (stageId: string): boolean => /^randomMaterial/.test(stageId)

/** Penguin-only suffixes: `X_perm` = permanent copy, `X_rep` = rerun copy of game stage `X` (README §3). */
export const baseStageId = (stageId: string): string => stageId.replace(/_(perm|rep)$/, '')

/** Event-like stage ids (time-limited windows): activity stages that are not permanent copies. */
export const isEventStageId = (stageId: string): boolean => /^(act|a00)/.test(stageId) && !stageId.endsWith('_perm') && !isGachaStageId(stageId)

/** The zone a stage absent from the snapshot belongs to (README §3 id conventions). */
export const resolveStageZone = (raw: ReferenceRaw, stageId: string): string => {
  if (isGachaStageId(stageId)) return 'gachabox'
  if (stageId === 'recruit') return 'recruit'
  const main = /^(main|sub)_(\d+)-/.exec(stageId)
  if (main) return `main_${Number(main[2])}`
  const tough = /^tough_(\d+)-/.exec(stageId)
  if (tough) return `main_${Number(tough[1])}_tough`
  const base = baseStageId(stageId)
  if (stageId.endsWith('_perm')) {
    const zone = raw.retroTable.stageList[base]?.zoneId
    if (!zone) throw new Error(`no retro zone for ${stageId}`)
    return zone.replace(/_zone\d+$/, '_zone1')
  }
  const eventZone = `${base.replace(/_[^_]+$/, '')}_zone1`
  if (stageId.endsWith('_rep')) {
    // Toolbox history lists the rerun zone explicitly (41 of 42); otherwise the rerun of actNNside is actNNsre.
    const reruns = (raw.history.stages[base] ?? []).filter((h) => h.zoneId && /sre_zone\d+$/.test(h.zoneId)).sort((a, b) => compareStrings(a.lastSeen, b.lastSeen))
    const fromHistory = reruns.at(-1)?.zoneId
    if (fromHistory) return fromHistory.replace(/_zone\d+$/, '_zone1')
    return eventZone.replace(/side_zone1$/, 'sre_zone1')
  }
  return eventZone
}

const stageTypeOf = (stageId: string): SeedStage['stageType'] => {
  if (/^(main|tough)_/.test(stageId) || stageId === 'recruit') return 'MAIN'
  if (/^sub_/.test(stageId)) return 'SUB'
  if (/^(wk|pro)_/.test(stageId)) return 'DAILY'
  return 'ACTIVITY'
}

/** code/apCost of a stage the snapshot lacks: MAA → retro_table → newest toolbox history entry (README §3.3.2). */
const codeAndCost = (raw: ReferenceRaw, maa: ReadonlyMap<string, { code: string; apCost: number }>, stageId: string) => {
  const m = maa.get(stageId)
  if (m) return { code: m.code, apCost: m.apCost }
  const base = baseStageId(stageId)
  const retro = raw.retroTable.stageList[base]
  if (retro) return { code: retro.code, apCost: retro.apCost }
  const hist = [...(raw.history.stages[base] ?? [])].sort((a, b) => compareStrings(a.lastSeen, b.lastSeen)).at(-1)
  if (hist) return { code: hist.code, apCost: hist.apCost }
  throw new Error(`no code/apCost for stage ${stageId}`)
}

/**
 * A gacha box is named like the item of its id (randomMaterialRune_9 渊默行动物资补给 = Operation Deepness
 * Supplies): its missing code languages come from that item in the game tables, marked in `nameFrom`.
 */
const fillStageCode = (raw: ReferenceRaw, stage: SeedStage): SeedStage => {
  const item = (lang: 'en_US' | 'ja_JP' | 'ko_KR') => raw.itemTables[lang][stage.stageId]?.name
  const { names, from } = fillNames(stage.code_i18n, [{ source: 'game-table', names: { en: item('en_US'), ja: item('ja_JP'), ko: item('ko_KR') } }])
  return Object.keys(from).length > 0 ? { ...stage, code_i18n: names, nameFrom: from } : stage
}

/** Stage → zone for every stage of the seed: the snapshot's, plus those in the matrices or MAA. */
export const planStageZones = (raw: ReferenceRaw, extraStageIds: Iterable<string>): Map<string, string> => {
  const out = new Map<string, string>(raw.stages.map((s) => [s.stageId, s.zoneId]))
  for (const id of [...new Set(extraStageIds)].sort(compareIds)) if (!out.has(id)) out.set(id, resolveStageZone(raw, id))
  return out
}

/**
 * README §3.3: snapshot stages verbatim (existence widened by the matrix rule of §2.2) and reconstructed
 * stages for ids only the matrices or MAA know.
 */
export const buildStages = (
  raw: ReferenceRaw,
  stageZone: ReadonlyMap<string, string>,
  zones: readonly SeedZone[],
  stagesWithRows: Record<Server, ReadonlySet<string>>,
): SeedStage[] => {
  const zoneById = new Map(zones.map((z) => [z.zoneId, z]))
  const maa = new Map(raw.maaStages.map((s) => [s.stageId, s]))
  const out: SeedStage[] = []
  const snapshotIds = new Set<string>()
  for (const s of raw.stages) {
    snapshotIds.add(s.stageId)
    const stage: SeedStage = {
      stageId: s.stageId,
      zoneId: s.zoneId,
      stageType: s.stageType,
      code_i18n: { zh: s.code_i18n.zh, en: s.code_i18n.en, ja: s.code_i18n.ja, ko: s.code_i18n.ko },
      apCost: s.apCost,
      minClearTime: s.minClearTime,
      existence: normaliseExistence(s.existence),
    }
    if (s.isGacha) stage.isGacha = true
    const zone = zoneById.get(s.zoneId)
    for (const sv of SERVERS) {
      if (stage.existence[sv].exist || !stagesWithRows[sv].has(s.stageId)) continue
      const z = zone?.existence[sv]
      stage.existence[sv] = { exist: true }
      if (z?.exist && z.openTime !== undefined) stage.existence[sv].openTime = z.openTime
      if (z?.exist && z.closeTime !== undefined) stage.existence[sv].closeTime = z.closeTime
      stage.inferred = addInferred(stage.inferred, 'existence')
    }
    out.push(stage)
  }
  for (const [stageId, zoneId] of stageZone) {
    if (snapshotIds.has(stageId)) continue
    const zone = zoneById.get(zoneId)
    if (!zone) throw new Error(`stage ${stageId} resolves to unknown zone ${zoneId}`)
    const { code, apCost } = codeAndCost(raw, maa, stageId)
    const existence = normaliseExistence({})
    const knownOnlyFromMaa = !SERVERS.some((sv) => stagesWithRows[sv].has(stageId))
    for (const sv of SERVERS) {
      const z = zone.existence[sv]
      // MAA is a CN resource: a stage known only from it exists elsewhere only if its zone has a window there.
      const viaZone = z.exist && (sv === 'CN' || !knownOnlyFromMaa || z.openTime !== undefined)
      if (!viaZone && !stagesWithRows[sv].has(stageId)) continue
      existence[sv] = { exist: true }
      if (z.exist && z.openTime !== undefined) existence[sv].openTime = z.openTime
      if (z.exist && z.closeTime !== undefined) existence[sv].closeTime = z.closeTime
    }
    const stage: SeedStage = {
      stageId,
      zoneId,
      stageType: stageTypeOf(stageId),
      code_i18n: { zh: code, en: code, ja: code, ko: code },
      apCost,
      minClearTime: null,
      existence,
      inferred: ['code_i18n', 'existence', 'minClearTime', 'stageType', 'zoneId'],
    }
    if (isGachaStageId(stageId)) stage.isGacha = true
    out.push(stage)
  }
  return out.map((s) => fillStageCode(raw, s)).sort((a, b) => compareIds(a.stageId, b.stageId))
}
