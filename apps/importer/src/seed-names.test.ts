import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { I18n, NameFrom, SeedItem, SeedStage, SeedZone } from '@dropwise/schemas'
import { describe, expect, it } from 'vitest'
import { hasHan, isMissingName, OTHER_LANGS, type OtherLang } from './names'
import { toolboxText } from './zone-names'

const REAL_RAW = fileURLToPath(new URL('../../../../shared/data/raw', import.meta.url))
const SEED = fileURLToPath(new URL('../../../data/seed', import.meta.url))
const TOOLBOX = { en: 'us', ja: 'jp', ko: 'kr' } as const
const GAME = { en: 'en_US', ja: 'ja_JP', ko: 'ko_KR' } as const

const json = async <T>(path: string) => JSON.parse(await readFile(path, 'utf8')) as T

/** Every name the toolbox locales (items, materials, zones) and the game item tables give an id, per language. */
const knownNames = async () => {
  const out = { en: new Map<string, string>(), ja: new Map<string, string>(), ko: new Map<string, string>() }
  const zhZone = await json<Record<string, string>>(`${REAL_RAW}/toolbox/assets/locales/cn/zone.json`)
  for (const lang of OTHER_LANGS) {
    for (const file of ['item', 'material']) {
      for (const [id, name] of Object.entries(await json<Record<string, string>>(`${REAL_RAW}/toolbox/assets/locales/${TOOLBOX[lang]}/${file}.json`)))
        out[lang].set(id, name)
    }
    for (const [id, item] of Object.entries((await json<{ items: Record<string, { name: string }> }>(`${REAL_RAW}/gamedata/${GAME[lang]}/item_table.json`)).items))
      out[lang].set(id, item.name)
    const zones = await json<Record<string, string>>(`${REAL_RAW}/toolbox/assets/locales/${TOOLBOX[lang]}/zone.json`)
    for (const [key, text] of Object.entries(zones)) {
      const name = toolboxText(text, lang)
      if (!name || name === toolboxText(zhZone[key], 'zh')) continue
      // Zones are keyed by activity (act17mini), by game zone (act2mainss_zone1) or by retro id (permanent_sub_5_Lone_Trail).
      out[lang].set(key, name)
      out[lang].set(`${key}_zone1`, name)
      const permanent = /^(permanent_(?:sub|sidestory)_\d+)_/.exec(key)
      if (permanent) out[lang].set(`${permanent[1]}_zone1`, name)
    }
  }
  return out
}

interface Named {
  id: string
  names: I18n
  nameFrom?: NameFrom
}

describe.skipIf(!existsSync(REAL_RAW))('names on the real seed', () => {
  it('names every item, zone and gacha box in English, Japanese and Korean wherever a source has a name', async () => {
    const known = await knownNames()
    const items = await json<SeedItem[]>(`${SEED}/items.json`)
    const zones = await json<SeedZone[]>(`${SEED}/zones.json`)
    const stages = await json<SeedStage[]>(`${SEED}/stages.json`)
    const gameIdOf = (zoneId: string) => zoneId.replace(/^main_(1[5-9])$/, (_, n: string) => `act${Number(n) - 13}mainss_zone1`)
    const records: Named[] = [
      ...items.map((i) => ({ id: i.itemId, names: i.name_i18n, nameFrom: i.nameFrom })),
      ...zones.map((z) => ({ id: gameIdOf(z.zoneId), names: z.zoneName_i18n, nameFrom: z.nameFrom })),
      ...stages.filter((s) => s.isGacha).map((s) => ({ id: s.stageId, names: s.code_i18n, nameFrom: s.nameFrom })),
    ]
    const unreadable: string[] = []
    const remaining: string[] = []
    for (const r of records) {
      for (const lang of OTHER_LANGS as readonly OtherLang[]) {
        // English and Korean hold no Chinese characters; a Japanese name is not a copy of the Chinese one.
        const chinese = lang === 'ja' ? isMissingName(r.names, lang) : hasHan(r.names[lang])
        if (!chinese) continue
        const source = known[lang].get(r.id)
        if (source && (lang === 'ja' || !hasHan(source))) unreadable.push(`${r.id} ${lang}: ${r.names[lang]} (source: ${source})`)
        else {
          remaining.push(`${r.id} ${lang}`)
          expect(r.nameFrom?.[lang], `${r.id} ${lang} keeps the Chinese name and says so`).toBe('zh')
        }
      }
    }
    expect(unreadable).toEqual([])
    // What no source names: four CN-only materials and two gacha boxes, in each of the three languages.
    expect(remaining.length).toBe(18)
    expect([...new Set(remaining.map((r) => r.split(' ')[0]))].sort()).toEqual(['31103', '31104', '31113', '31114', 'act24side_gacha', 'randomMaterial_12'])
    expect(zones.find((z) => z.zoneId === 'act17mini_zone1')?.zoneName_i18n.en).toBe('A Kazdelian Rescue')
    expect(zones.find((z) => z.zoneId === 'main_17')).toMatchObject({ zoneName_i18n: { en: 'EP17' }, nameFrom: { en: 'chapter-code' } })
  })
})
