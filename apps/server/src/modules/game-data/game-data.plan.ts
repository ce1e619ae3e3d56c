import { NO_END_MS, type DataChangesSchema, type SeedDropInfo, type Server } from '@dropwise/schemas'
import type { z } from 'zod'
import { canon, dropInfoForm, dropInfoKey, itemForm, periodForm, stageForm, zoneForm } from './game-data.mapper'
import type { SyncReference } from './game-data.derive'
import type { ApplyPlan, StoredDropInfo, StoredReference } from './game-data.repository'

type Changes = z.infer<typeof DataChangesSchema>

/** The share of stored stages, items or drop infos an update may drop before it is refused (a broken upstream). */
export const MAX_REMOVED_SHARE = 0.05
/**
 * A server's open stages are also weighed per source: permanent stages (their pools come from MAA's stage
 * list) apart from event stages (their windows from the toolbox), so a source that loses part of its list is
 * measured against what that source provides, not against everything. A stage counts as removed when it
 * closes or stays open with part of its pool gone (the imported baselines keep most cut stages open, so
 * closing alone would not show a cut). A share of a handful of stages says little (one event ending early is
 * all of a small event list): smaller groups count in the totals only.
 */
export const MIN_GUARDED_STAGES = 20

type Source = 'permanent' | 'event'

export interface SyncPlan {
  plan: ApplyPlan
  changes: Changes
  counts: Record<string, number>
  /** Nothing to write. */
  empty: boolean
  /** Why the update is refused by the guards; null when it may apply. */
  refusal: string | null
  /** What each removal guard measured. */
  guards: RemovalGuard[]
}

/** One removal guard: how many of `total` stored records of `kind` the update would remove. */
export interface RemovalGuard {
  kind: string
  removed: number
  total: number
  share: number
}

const sortedIds = (ids: { added: string[]; removed: string[]; changed: string[] }) => ({
  added: ids.added.sort(),
  removed: ids.removed.sort(),
  changed: ids.changed.sort(),
})

const diffKeyed = <T>(derived: readonly T[], key: (t: T) => string, form: (t: T) => string, stored: ReadonlyMap<string, string>) => {
  const write: T[] = []
  const ids = { added: [] as string[], removed: [] as string[], changed: [] as string[] }
  const seen = new Set<string>()
  for (const t of derived) {
    const k = key(t)
    seen.add(k)
    const have = stored.get(k)
    if (have === undefined) ids.added.push(k)
    else if (have !== form(t)) ids.changed.push(k)
    else continue
    write.push(t)
  }
  for (const k of stored.keys()) if (!seen.has(k)) ids.removed.push(k)
  // The ids name what a tool refreshes (the changes feed, docs/api-extensions.md §3n).
  return { write, change: { added: ids.added.length, removed: ids.removed.length, changed: ids.changed.length, ids: sortedIds(ids) } }
}

/**
 * Compares a derivation with the stored data: what to write, what changed per kind, and whether the guards
 * refuse it (more than MAX_REMOVED_SHARE of the stored stages, items or drop infos gone). Items, zones,
 * stages and periods the derivation no longer has are kept (reports refer to them); drop infos of stages
 * it no longer has are closed at `now`.
 */
export const planSync = (ref: SyncReference, stored: StoredReference, now: number): SyncPlan => {
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
  /** Stored drop infos by group (server, stage). */
  const storedGroups = new Map<string, [string, StoredDropInfo][]>()
  /** Stored groups with a drop info active at `now`, and how many. */
  const openGroups = new Map<string, number>()
  for (const entry of stored.dropInfos) {
    const { group, startAt, endAt } = entry[1]
    const list = storedGroups.get(group)
    if (list) list.push(entry)
    else storedGroups.set(group, [entry])
    if (startAt < now && endAt > now) openGroups.set(group, (openGroups.get(group) ?? 0) + 1)
  }
  const dropInfos = { added: 0, removed: 0, changed: 0 }
  // The guard weighs drop infos open now: closed history is most of the table and never goes away.
  let openRemoved = 0
  /** Open drop infos removed, per group (server, stage). */
  const removedOpenByGroup = new Map<string, number>()
  const replaceGroups: ApplyPlan['replaceGroups'] = []
  /** Groups (`server|stageId`) whose drop infos (windows) are replaced or retired: the ids the changes feed names. */
  const windowGroups: string[] = []
  for (const [g, infos] of groups) {
    let same = (storedGroups.get(g)?.length ?? 0) === infos.length
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
    for (const [k, v] of storedGroups.get(g) ?? []) {
      if (keys.has(k)) continue
      dropInfos.removed++
      if (v.startAt < now && v.endAt > now) {
        openRemoved++
        removedOpenByGroup.set(g, (removedOpenByGroup.get(g) ?? 0) + 1)
      }
    }
    const [server, stageId] = g.split('|') as [Server, string]
    replaceGroups.push({ server, stageId, infos })
    windowGroups.push(g)
  }
  const retireGroups: ApplyPlan['retireGroups'] = []
  // A stage the derivation no longer has keeps its drop infos; the ones still open end now (counted as removed).
  for (const [g, n] of openGroups) {
    if (groups.has(g)) continue
    dropInfos.removed += n
    openRemoved += n
    removedOpenByGroup.set(g, n)
    const [server, stageId] = g.split('|') as [Server, string]
    retireGroups.push({ server, stageId })
    windowGroups.push(g)
  }
  const formulasChanged = canon(ref.formulas) !== stored.formulas
  const operators = diffKeyed(ref.operators.operators, (o) => o.id, canon, stored.operators)
  const operatorsChanged = operators.write.length > 0 || operators.change.removed > 0 || canon(ref.operators.levels) !== stored.levels

  // Open stages per server and source, stored and derived: an open stage is one with a drop info active now.
  const zoneType = new Map(ref.zones.map((z) => [z.zoneId, z.type]))
  const stageZone = new Map(ref.stages.map((st) => [st.stageId, st.zoneId]))
  const sourceOf = (stageId: string): Source => {
    let zoneId = stageZone.get(stageId)
    // A stage the derivation no longer has: its stored zone (the first field of its form, game-data.mapper.ts).
    if (zoneId === undefined) {
      const form = stored.stages.get(stageId)
      zoneId = form ? (JSON.parse(form) as [string])[0] : ''
    }
    return zoneType.get(zoneId) === 'ACTIVITY' ? 'event' : 'permanent'
  }
  const openStored = new Map<string, Set<string>>()
  const openDerived = new Map<string, Set<string>>()
  const mark = (into: Map<string, Set<string>>, server: string, stageId: string) => {
    const bucket = `${server} ${sourceOf(stageId)}`
    const set = into.get(bucket)
    if (set) set.add(stageId)
    else into.set(bucket, new Set([stageId]))
  }
  /** Open drop infos per server and source, stored, and how many of them go. */
  const openInfos = new Map<string, { total: number; removed: number }>()
  for (const [g, n] of openGroups) {
    const [server, stageId] = g.split('|') as [string, string]
    mark(openStored, server, stageId)
    const bucket = `${server} ${sourceOf(stageId)}`
    const c = openInfos.get(bucket) ?? { total: 0, removed: 0 }
    c.total += n
    c.removed += removedOpenByGroup.get(g) ?? 0
    openInfos.set(bucket, c)
  }
  for (const d of ref.dropInfos) if (d.start < now && (d.end ?? NO_END_MS) > now) mark(openDerived, d.server, d.stageId)
  const stageGuards: [string, number, number][] = []
  for (const [bucket, set] of openStored) {
    if (set.size < MIN_GUARDED_STAGES) continue
    const still = openDerived.get(bucket)
    const server = bucket.split(' ')[0]
    // A stage that closes, or stays open with part of its pool gone (what a source that lost the stage leaves).
    let lost = 0
    for (const id of set) if (!still?.has(id) || (removedOpenByGroup.get(`${server}|${id}`) ?? 0) > 0) lost++
    stageGuards.push([`open ${bucket} stages (closed or losing drops)`, lost, set.size])
    const infos = openInfos.get(bucket)
    if (infos) stageGuards.push([`drop infos open now on ${bucket} stages`, infos.removed, infos.total])
  }

  const changes: Changes = {
    items: items.change,
    zones: zones.change,
    stages: stages.change,
    dropInfos: { ...dropInfos, ids: { added: [], removed: [], changed: windowGroups.sort() } },
    periods: periods.change,
    formulas: { added: 0, removed: 0, changed: formulasChanged ? 1 : 0 },
    operators: operators.change,
  }
  const guards: RemovalGuard[] = (
    [
      ['stages', stages.change.removed, stored.stages.size],
      ['items', items.change.removed, stored.items.size],
      ['operators', operators.change.removed, stored.operators.size],
      ['drop infos open now', openRemoved, [...openGroups.values()].reduce((a, b) => a + b, 0)],
      ...stageGuards,
    ] as const
  ).map(([kind, removed, total]) => ({ kind, removed, total, share: total > 0 ? removed / total : 0 }))
  const refusal =
    guards
      .filter((g) => g.share > MAX_REMOVED_SHARE)
      .map((g) => `the update would remove ${g.removed} of ${g.total} ${g.kind} (${(100 * g.share).toFixed(1)} %, more than ${100 * MAX_REMOVED_SHARE} %)`)
      .join('; ') || null
  const plan: ApplyPlan = {
    items: items.write,
    zones: zones.write,
    stages: stages.write,
    replaceGroups,
    retireGroups,
    periods: periods.write,
    formulas: formulasChanged ? ref.formulas : null,
    operators: operatorsChanged ? ref.operators : null,
    now,
  }
  const counts: Record<string, number> = {
    items: ref.items.length,
    zones: ref.zones.length,
    stages: ref.stages.length,
    dropInfos: ref.dropInfos.length,
    periods: ref.periods.length,
    formulas: ref.formulas.length,
    operators: ref.operators.operators.length,
  }
  const empty = [items.write, zones.write, stages.write, periods.write, replaceGroups, retireGroups].every((l) => l.length === 0) && !formulasChanged && !operatorsChanged
  return { plan, changes, counts, empty, refusal, guards }
}

/**
 * The stored reference after `plan` is applied to `stored`: what `repository.stored()` reads back then (the
 * derived forms equal the row forms, game-data.mapper.ts). The service keeps its copy current with this
 * after its own applies, so the next sync compares without reading every table again. A new copy; `stored`
 * is left as it was.
 */
export const storedAfter = (stored: StoredReference, plan: ApplyPlan): StoredReference => {
  const set = <T>(into: ReadonlyMap<string, string>, list: readonly T[], key: (t: T) => string, form: (t: T) => string) => {
    const out = new Map(into)
    for (const t of list) out.set(key(t), form(t))
    return out
  }
  const replaced = new Set(plan.replaceGroups.map((g) => `${g.server}|${g.stageId}`))
  const retired = new Set(plan.retireGroups.map((g) => `${g.server}|${g.stageId}`))
  const dropInfos = new Map<string, StoredDropInfo>()
  for (const [k, v] of stored.dropInfos) {
    if (replaced.has(v.group)) continue
    if (retired.has(v.group) && v.startAt < plan.now && v.endAt > plan.now) {
      // The form's fourth field is the end (dropInfoForm / dropInfoRowForm).
      const form = JSON.parse(v.form) as unknown[]
      form[3] = plan.now
      dropInfos.set(k, { ...v, form: JSON.stringify(form), endAt: plan.now })
    } else dropInfos.set(k, v)
  }
  for (const g of plan.replaceGroups) {
    for (const d of g.infos) dropInfos.set(dropInfoKey(d), { form: dropInfoForm(d), group: `${d.server}|${d.stageId}`, startAt: d.start, endAt: d.end ?? NO_END_MS })
  }
  return {
    items: set(stored.items, plan.items, (i) => i.itemId, itemForm),
    zones: set(stored.zones, plan.zones, (z) => z.zoneId, zoneForm),
    stages: set(stored.stages, plan.stages, (s) => s.stageId, stageForm),
    periods: set(stored.periods, plan.periods, (p) => p.key, periodForm),
    dropInfos,
    formulas: plan.formulas ? canon(plan.formulas) : stored.formulas,
    operators: plan.operators ? new Map(plan.operators.operators.map((o) => [o.id, canon(o)])) : stored.operators,
    levels: plan.operators ? canon(plan.operators.levels) : stored.levels,
  }
}
