import type { SeedItem } from '@dropwise/schemas'
import { fillNames } from './names'
import type { GameLang, ReferenceRaw } from './raw'
import { compareIds, normaliseExistence } from './util'

/** "TIER_3" → 2 (Penguin rarity is 0-based; verified on the 102 items shared with item_table). */
export const tierToRarity = (tier: string): number => {
  const m = /^TIER_(\d)$/.exec(tier)
  if (!m) throw new Error(`unexpected rarity ${tier}`)
  return Number(m[1]) - 1
}

/** Penguin's material sortIds live in this block; the game's sortIds are on another scale (README §3.1). */
const MATERIAL_BLOCK = { from: 100000, to: 200000 }

/**
 * README §3.1: the 142 snapshot items verbatim, plus items referenced by the matrices or MAA's current pools
 * that the snapshot lacks, built from the game item tables.
 */
export const buildItems = (
  raw: ReferenceRaw,
  referencedIds: ReadonlySet<string>,
  /** Ids only formulas refer to: typed ARKPLANNER like Penguin's craft-only T5 materials (30115 …). */
  craftOnlyIds: ReadonlySet<string> = new Set(),
): SeedItem[] => {
  const tables = raw.itemTables
  const nameIn = (lang: GameLang, id: string) => tables[lang][id]?.name
  const out: SeedItem[] = raw.items.map((i) => {
    // Penguin left some event items in Chinese (act24side_melding_*, act29side_frag_*): the game tables name them.
    const game = { en: nameIn('en_US', i.itemId), ja: nameIn('ja_JP', i.itemId), ko: nameIn('ko_KR', i.itemId) }
    const named = fillNames({ zh: i.name_i18n.zh, en: i.name_i18n.en, ja: i.name_i18n.ja, ko: i.name_i18n.ko }, [{ source: 'game-table', names: game }])
    const item: SeedItem = {
      itemId: i.itemId,
      name_i18n: named.names,
      existence: normaliseExistence(i.existence),
      itemType: i.itemType,
      sortId: i.sortId,
      rarity: i.rarity,
      groupID: i.groupID ?? null,
      alias: i.alias ?? null,
      pron: i.pron ?? null,
    }
    if (i.spriteCoord) item.spriteCoord = [i.spriteCoord[0], i.spriteCoord[1]]
    if (Object.keys(named.from).length > 0) item.nameFrom = named.from
    return item
  })
  const known = new Set(out.map((i) => i.itemId))
  const missing = [...referencedIds].filter((id) => !known.has(id)).sort(compareIds)
  const usedSortIds = new Set(out.map((i) => i.sortId))
  let nextSortId =
    Math.max(
      MATERIAL_BLOCK.from,
      ...out.filter((i) => i.itemType === 'MATERIAL' && i.sortId >= MATERIAL_BLOCK.from && i.sortId < MATERIAL_BLOCK.to).map((i) => i.sortId),
    ) + 1
  for (const id of missing) {
    const zh = tables.zh_CN[id]
    if (!zh) throw new Error(`item ${id} is referenced by the matrix or MAA but is in neither the snapshot nor zh_CN item_table`)
    const inferred: string[] = ['alias', 'groupID', 'itemType', 'pron', 'sortId']
    const names = { zh: zh.name, en: nameIn('en_US', id), ja: nameIn('ja_JP', id), ko: nameIn('ko_KR', id) }
    if (!names.en || !names.ja || !names.ko) inferred.push('name_i18n')
    // A language whose table lacks the item keeps the Chinese name, marked as such.
    const named = fillNames({ zh: names.zh, en: names.en || names.zh, ja: names.ja || names.zh, ko: names.ko || names.zh }, [])
    while (usedSortIds.has(nextSortId)) nextSortId++
    usedSortIds.add(nextSortId)
    out.push({
      itemId: id,
      name_i18n: named.names,
      existence: {
        CN: { exist: true },
        US: { exist: tables.en_US[id] !== undefined },
        JP: { exist: tables.ja_JP[id] !== undefined },
        KR: { exist: tables.ko_KR[id] !== undefined },
      },
      itemType: craftOnlyIds.has(id) ? 'ARKPLANNER' : 'MATERIAL',
      sortId: nextSortId++,
      rarity: tierToRarity(zh.rarity),
      groupID: null,
      alias: {},
      pron: {},
      inferred: inferred.sort(),
      ...(Object.keys(named.from).length > 0 ? { nameFrom: named.from } : {}),
    })
  }
  return out.sort((a, b) => a.sortId - b.sortId || compareIds(a.itemId, b.itemId))
}
