import type { Item } from '@dropwise/schemas'
import type { TFunction } from 'i18next'
import { describe, expect, it } from 'vitest'
import { recognisedItemName } from './item-label'

const t = ((key: string) => `<${key}>`) as unknown as TFunction
const cube = { itemId: '30012', name: '固源岩', name_i18n: { zh: '固源岩', en: 'Orirock Cube', ja: '固源岩', ko: '고원암' } } as Item
const items = new Map([[cube.itemId, cube]])

describe('recognisedItemName', () => {
  it.each([
    ['30012', 'en', 'Orirock Cube'],
    ['30012', 'ko', '고원암'],
    ['furni', 'en', '<recognition.dropTypes.FURNITURE>'],
    // Not in the item list: an event token reads as an event item, never as its id.
    ['act18side_token_pieces', 'en', '<recognition.card.eventItem>'],
    ['mystery', 'en', '<recognition.card.unknownItem>'],
    [null, 'en', '<recognition.card.unknownItem>'],
  ] as const)('%s in %s is %s', (id, lang, want) => expect(recognisedItemName(id, items, t, lang)).toBe(want))
})
