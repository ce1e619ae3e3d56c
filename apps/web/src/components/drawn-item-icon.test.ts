// @vitest-environment node
/**
 * The icons items get without game art, over every item of the real seed (data/seed: what the server
 * serves) in each UI language: no two items look alike (issue 38 point 7).
 */
import { readFileSync } from 'node:fs'
import type { Item } from '@dropwise/schemas'
import { describe, expect, it } from 'vitest'
import { localized } from '../lib/i18n'
import { drawnIcon, iconText } from './drawn-item-icon'

const items = (JSON.parse(readFileSync(new URL('../../../../data/seed/items.json', import.meta.url), 'utf8')) as Omit<Item, 'name'>[]).map(
  (i) => ({ ...i, name: i.name_i18n.zh }) as Item,
)
const look = (id: string, name: string) => {
  const { sides, turned, hue, text } = drawnIcon(id, name)
  return `${sides}${turned ? 't' : ''} ${hue} ${text}`
}

describe('drawn item icons over the seed', () => {
  it('covers the whole seed', () => expect(items.length).toBeGreaterThan(100))

  it.each(['zh', 'en', 'ja', 'ko'])('no two items share shape, colour and text in the %s UI', (lang) => {
    const looks = new Map<string, string[]>()
    for (const i of items) {
      const key = look(i.itemId, localized(i.name_i18n, i.name, lang))
      looks.set(key, [...(looks.get(key) ?? []), i.itemId])
    }
    expect([...looks].filter(([, ids]) => ids.length > 1)).toEqual([])
  })

  it('no two items share shape, colour and text when drawn from their ids', () => expect(new Set(items.map((i) => look(i.itemId, ''))).size).toBe(items.length))

  it('draws the end of the id for an item without a name', () => expect(drawnIcon('30012', ' ').text).toBe('012'))

  it('tells apart the two items a player saw as one green hexagon', () => expect(look('30012', 'Orirock Cube')).not.toBe(look('2001', 'Drill Battle Record')))
})

describe('iconText', () => {
  it.each([
    ['Drill Battle Record', 'DBR'],
    ['Orirock Cube', 'OC'],
    ['Orirock', 'Or'],
    ['LMD', 'LMD'],
    ['Skill Summary - 3', 'SS3'],
    ['固源岩', '固岩'],
    ['固源岩组', '固组'],
    ['源岩', '源岩'],
    ['初級源岩', '初岩'],
    ['中級前衛SoC', '中衛'],
    ['원암 큐브', '원큐'],
    ['기초작전기록', '기록'],
    ['act29side_frag_4', 'AF4'],
  ])('%s → %s', (name, want) => expect(iconText(name)).toBe(want))
})
