import type { Category, Item, MatrixElement, Server, SiteStats, Stage, Zone } from '@dropwise/schemas'
import { parsePageAddress } from '@dropwise/schemas/pages'
import { datasetKey } from '../lib/data'
import { datasets } from '../lib/datasets'
import { basisKey, basisPath, type SampleBasis } from '../lib/use-sample-basis'
import { DEFAULT_SOURCE, type Seed } from '../lib/page-seeds'
import { SITE_STATS_PAGE_SIZE } from '../features/site-stats/ranking-table'
import { rankRows } from '../features/site-stats/site-stats-page'
import { matrixSliceKey, matrixSlicePath, type SliceMode } from '../features/results/use-matrix-slice'

/*
 * The data of a server-rendered page (an item's, a stage's, a stage's report form, the site statistics; apps/server
 * plugins/web-pages.ts renders it with src/ssr.tsx; main.tsx hydrates it): the answers the page's hooks
 * would ask for, seeded into the query cache under their own keys, on the server before the render and
 * in the browser before hydration. Only for the default data source (global, CN, all): a visitor with
 * other settings gets a fresh render.
 */

/** What a server-rendered page shows: an item's or a stage's rows, a stage's report form, or the site statistics, for the default data source. */
export interface PageRequest {
  mode: SliceMode | 'statistics' | 'report'
  /** The item or stage ('' for the statistics). */
  id: string
  /** The zone of the address (a report form's), as written there. */
  zoneId?: string
  server: Server
  category: Category
}

/** The item, stage, report or statistics page at `pathname`, or null for any other address. */
export const pageRequest = (pathname: string): PageRequest | null => {
  const source = { server: DEFAULT_SOURCE.server, category: DEFAULT_SOURCE.category }
  if (pathname === '/statistics') return { mode: 'statistics', id: '', ...source }
  const page = parsePageAddress(pathname)
  if (!page) return null
  if (page.kind === 'item') return { mode: 'item', id: page.itemId, ...source }
  if (page.kind === 'report') return { mode: 'report', id: page.stageId, zoneId: page.zoneId, ...source }
  return { mode: 'stage', id: page.stageId, ...source }
}

/** The answers a page is rendered from, by name: the numbers, then the reference lists. */
export type AnswerName = 'slice' | 'basis' | 'stats' | 'config' | 'items' | 'stages' | 'zones'

/** The API paths (after the v2 base) whose answers the page is rendered from: the ones its hooks request. */
export const pagePaths = (p: PageRequest): Partial<Record<AnswerName, string>> => {
  const ctx = { server: p.server, category: p.category }
  const lists = { items: datasets.items.path(ctx), stages: datasets.stages.path(ctx), zones: datasets.zones.path(ctx) }
  if (p.mode === 'statistics') return { stats: datasets.stats.path(ctx), config: datasets.config.path(ctx), ...lists }
  if (p.mode === 'report') return lists
  return { slice: matrixSlicePath(p.server, p.category, p.mode, p.id), basis: basisPath(p.server, p.mode === 'stage' ? p.id : null), ...lists }
}
/** The answers, each through the app's own parser (the matrix slice, the statistics and the config) or as JSON. */
export type PageAnswers = Partial<Record<AnswerName, unknown>>

/**
 * The seeds of a page from the parsed answers (`answers`: each dataset through its own parser), or
 * null when the item or stage is unknown (the server then sends the plain app). The matrix slice and
 * the basis go whole; the items too (the related items need them); of the stages and zones (1.3 MB)
 * only what the page shows: the stages of its rows, the stage's zone with all its stages (the
 * neighbour cards), and their zones (on an item page without what it does not read); a report form
 * and the statistics carry less (below). The cut lists are marked old, so the page asks for them whole
 * right after it hydrated; the rendered page reads the same from the part as from the whole.
 */
export const pageSeeds = (p: PageRequest, answers: PageAnswers, now: number): Seed[] | null => {
  const items = answers.items as Item[]
  const stages = answers.stages as Stage[]
  const zones = answers.zones as Zone[]
  const key = (id: 'items' | 'stages' | 'zones' | 'stats' | 'config') => datasetKey(id, p.server, p.category, null)
  if (p.mode === 'statistics') {
    // The stages (without drop tables) and items of the rankings' first pages, and those stages' zones:
    // all 1,333 ranked stages were 0.57 MB; the other pages' names come with the whole lists, asked for
    // right after the hydration.
    const stats = answers.stats as SiteStats
    const firstPage = <T>(rows: readonly T[], count: (r: T) => number) => rankRows(rows, count).slice(0, SITE_STATS_PAGE_SIZE)
    const stageIds = new Set([...firstPage(stats.totalStageTimes_24h, (r) => r.times), ...firstPage(stats.totalStageTimes, (r) => r.times)].map((r) => r.stageId))
    const itemIds = new Set(firstPage(stats.totalItemQuantities, (r) => r.quantity).map((r) => r.itemId))
    const someStages = stages.filter((s) => stageIds.has(s.stageId)).map(({ dropInfos: _drops, ...stage }) => stage)
    const zoneIds = new Set(someStages.map((s) => s.zoneId))
    return [
      { key: key('stats'), data: stats, updatedAt: now },
      { key: key('config'), data: answers.config, updatedAt: now },
      { key: key('items'), data: items.filter((i) => itemIds.has(i.itemId)), updatedAt: 0 },
      { key: key('stages'), data: someStages, updatedAt: 0 },
      { key: key('zones'), data: zones.filter((z) => zoneIds.has(z.zoneId)).map((z) => ({ ...z, stages: z.stages.filter((id) => stageIds.has(id)) })), updatedAt: 0 },
    ]
  }
  if (p.mode === 'report') {
    // The form reads its stage (drop table), the zone of its address and the items it lists: 2-3 KB
    // of the 1.4 MB. The stage selector's catalog and the other names come with the whole lists.
    const stage = stages.find((s) => s.stageId === p.id)
    if (!stage) return null
    const zone = zones.find((z) => z.zoneId === p.zoneId)
    const listed = new Set((stage.dropInfos ?? []).flatMap((d) => (d.itemId ? [d.itemId] : [])))
    return [
      { key: key('items'), data: items.filter((i) => listed.has(i.itemId)), updatedAt: 0 },
      { key: key('stages'), data: [stage], updatedAt: 0 },
      { key: key('zones'), data: zone ? [{ ...zone, stages: zone.stages.filter((id) => id === stage.stageId) }] : [], updatedAt: 0 },
    ]
  }
  const elements = answers.slice as MatrixElement[]
  if (p.mode === 'item' && !items.some((i) => i.itemId === p.id)) return null
  const stage = p.mode === 'stage' ? stages.find((s) => s.stageId === p.id) : undefined
  if (p.mode === 'stage' && !stage) return null
  const stageIds = new Set(elements.map((e) => e.stageId))
  const zoneOfStage = stage ? zones.find((z) => z.zoneId === stage.zoneId) : undefined
  if (stage) stageIds.add(stage.stageId)
  for (const id of zoneOfStage?.stages ?? []) stageIds.add(id)
  let someStages = stages.filter((s) => stageIds.has(s.stageId))
  const zoneIds = new Set(someStages.map((s) => s.zoneId))
  let someZones = zones.filter((z) => zoneIds.has(z.zoneId))
  if (p.mode === 'item') {
    // An item page reads neither the drop tables of its rows' stages nor the zones' stage lists (the
    // stage page does: its validity, the neighbour cards): 0.39 → 0.1 MB of seeds for a common material.
    someStages = someStages.map(({ dropInfos: _drops, ...stage }) => stage)
    someZones = someZones.map((z) => ({ ...z, stages: z.stages.filter((id) => stageIds.has(id)) }))
  }
  return [
    { key: matrixSliceKey(p.server, p.category, p.mode, p.id), data: elements, updatedAt: now },
    { key: basisKey(p.server, p.mode === 'stage' ? p.id : null), data: answers.basis as SampleBasis, updatedAt: now },
    { key: key('items'), data: items, updatedAt: 0 },
    { key: key('stages'), data: someStages, updatedAt: 0 },
    { key: key('zones'), data: someZones, updatedAt: 0 },
  ]
}
