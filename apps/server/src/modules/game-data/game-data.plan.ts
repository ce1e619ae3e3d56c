import type { Reference } from '@dropwise/importer/derive'
import type { DataChangesSchema, SeedDropInfo, Server } from '@dropwise/schemas'
import type { z } from 'zod'
import { canon, dropInfoForm, dropInfoKey, itemForm, periodForm, stageForm, zoneForm } from './game-data.mapper'
import type { ApplyPlan, StoredReference } from './game-data.repository'

type Changes = z.infer<typeof DataChangesSchema>

/** The share of stored stages, items or drop infos an update may drop before it is refused (a broken upstream). */
export const MAX_REMOVED_SHARE = 0.05

export interface SyncPlan {
  plan: ApplyPlan
  changes: Changes
  counts: Record<string, number>
  /** Nothing to write. */
  empty: boolean
  /** Why the update is refused by the guards; null when it may apply. */
  refusal: string | null
}

const diffKeyed = <T>(derived: readonly T[], key: (t: T) => string, form: (t: T) => string, stored: ReadonlyMap<string, string>) => {
  const write: T[] = []
  let added = 0
  let changed = 0
  const seen = new Set<string>()
  for (const t of derived) {
    const k = key(t)
    seen.add(k)
    const have = stored.get(k)
    if (have === undefined) added++
    else if (have !== form(t)) changed++
    else continue
    write.push(t)
  }
  let removed = 0
  for (const k of stored.keys()) if (!seen.has(k)) removed++
  return { write, change: { added, removed, changed } }
}

/**
 * Compares a derivation with the stored data: what to write, what changed per kind, and whether the guards
 * refuse it (more than MAX_REMOVED_SHARE of the stored stages, items or drop infos gone). Items, zones,
 * stages and periods the derivation no longer has are kept (reports refer to them); drop infos of stages
 * it no longer has are closed at `now`.
 */
export const planSync = (ref: Reference, stored: StoredReference, now: number): SyncPlan => {
  const items = diffKeyed(ref.items, (i) => i.itemId, itemForm, stored.items)
  const zones = diffKeyed(ref.zones, (z) => z.zoneId, zoneForm, stored.zones)
  const stages = diffKeyed(ref.stages, (s) => s.stageId, stageForm, stored.stages)
  const periods = diffKeyed(ref.periods, (p) => p.key, periodForm, stored.periods)

  const groups = new Map<string, SeedDropInfo[]>()
  for (const d of ref.dropInfos) {
    const g = `${d.server}|${d.stageId}`
    const list = groups.get(g)
    if (list) list.push(d)
    else groups.set(g, [d])
  }
  const storedGroups = new Map<string, number>()
  /** Stored groups with a drop info active at `now`, and how many. */
  const openGroups = new Map<string, number>()
  for (const { group, startAt, endAt } of stored.dropInfos.values()) {
    storedGroups.set(group, (storedGroups.get(group) ?? 0) + 1)
    if (startAt < now && endAt > now) openGroups.set(group, (openGroups.get(group) ?? 0) + 1)
  }
  const dropInfos = { added: 0, removed: 0, changed: 0 }
  // The guard weighs drop infos open now: closed history is most of the table and never goes away.
  let openRemoved = 0
  const replaceGroups: ApplyPlan['replaceGroups'] = []
  for (const [g, infos] of groups) {
    let same = (storedGroups.get(g) ?? 0) === infos.length
    for (const d of infos) {
      const have = stored.dropInfos.get(dropInfoKey(d))
      if (!have) {
        dropInfos.added++
        same = false
      } else if (have.form !== dropInfoForm(d)) {
        dropInfos.changed++
        same = false
      }
    }
    if (same) continue
    const keys = new Set(infos.map(dropInfoKey))
    for (const [k, v] of stored.dropInfos) {
      if (v.group !== g || keys.has(k)) continue
      dropInfos.removed++
      if (v.startAt < now && v.endAt > now) openRemoved++
    }
    const [server, stageId] = g.split('|') as [Server, string]
    replaceGroups.push({ server, stageId, infos })
  }
  const retireGroups: ApplyPlan['retireGroups'] = []
  // A stage the derivation no longer has keeps its drop infos; the ones still open end now (counted as removed).
  for (const [g, n] of openGroups) {
    if (groups.has(g)) continue
    dropInfos.removed += n
    openRemoved += n
    const [server, stageId] = g.split('|') as [Server, string]
    retireGroups.push({ server, stageId })
  }
  const formulasChanged = canon(ref.formulas) !== stored.formulas

  const changes: Changes = {
    items: items.change,
    zones: zones.change,
    stages: stages.change,
    dropInfos,
    periods: periods.change,
    formulas: { added: 0, removed: 0, changed: formulasChanged ? 1 : 0 },
  }
  const refusal =
    (
      [
        ['stages', stages.change.removed, stored.stages.size],
        ['items', items.change.removed, stored.items.size],
        ['drop infos open now', openRemoved, [...openGroups.values()].reduce((a, b) => a + b, 0)],
      ] as const
    )
      .filter(([, removed, total]) => total > 0 && removed / total > MAX_REMOVED_SHARE)
      .map(
        ([kind, removed, total]) =>
          `the update would remove ${removed} of ${total} ${kind} (${((100 * removed) / total).toFixed(1)} %, more than ${100 * MAX_REMOVED_SHARE} %)`,
      )
      .join('; ') || null
  const plan: ApplyPlan = {
    items: items.write,
    zones: zones.write,
    stages: stages.write,
    replaceGroups,
    retireGroups,
    periods: periods.write,
    formulas: formulasChanged ? ref.formulas : null,
    now,
  }
  const counts: Record<string, number> = {
    items: ref.items.length,
    zones: ref.zones.length,
    stages: ref.stages.length,
    dropInfos: ref.dropInfos.length,
    periods: ref.periods.length,
    formulas: ref.formulas.length,
  }
  const empty = [items.write, zones.write, stages.write, periods.write, replaceGroups, retireGroups].every((l) => l.length === 0) && !formulasChanged
  return { plan, changes, counts, empty, refusal }
}
