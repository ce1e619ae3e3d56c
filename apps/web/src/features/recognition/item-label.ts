import type { Item } from '@dropwise/schemas'
import type { TFunction } from 'i18next'
import { localized } from '../../lib/i18n'

/** Event items are named `act<N><kind>_…` (act18side_token_pieces, act24side_melding_1). */
const EVENT_ITEM = /^act\d+[a-z]+_/

/**
 * How the recognition page names a recognised item, in player words: its name from the item list;
 * furniture; an event item the recogniser knows by its icon but the item list does not (a token such as
 * act18side_token_pieces, never a raw id); else an unidentified item.
 */
export const recognisedItemName = (itemId: string | null, items: ReadonlyMap<string, Item>, t: TFunction, lang: string): string => {
  const item = itemId ? items.get(itemId) : undefined
  if (item) return localized(item.name_i18n, item.name, lang)
  if (itemId === 'furni') return t('recognition.dropTypes.FURNITURE')
  if (itemId && EVENT_ITEM.test(itemId)) return t('recognition.card.eventItem')
  return t('recognition.card.unknownItem')
}
