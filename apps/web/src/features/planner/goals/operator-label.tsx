import type { Item, Operator } from '@dropwise/schemas'
import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { visuallyHidden } from '../../../components/visually-hidden'
import { localized } from '../../../lib/i18n'

/** The operator's name in the page's language (the Chinese one when that language has none). */
export const operatorName = (op: Pick<Operator, 'name' | 'name_i18n'>, language: string) => localized(op.name_i18n, op.name, language)

/** A skill's or module's name in the page's language, else English, else any language the game gives (some modules are named only in Chinese), else its id. */
export const partName = (names: Partial<Record<'zh' | 'en' | 'ja' | 'ko', string>>, fallback: string, language: string) =>
  localized(names, names.zh || names.ja || names.ko || fallback, language)

/** The stars (as text a screen reader reads: "5 stars") and the class. */
export function ProfessionStars({ op }: { op: Operator }) {
  const { t } = useTranslation()
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', flexShrink: 0 }}>
      <Typography variant="caption" component="span" sx={{ color: 'warning.main', lineHeight: 1.2 }}>
        <span aria-hidden>{'★'.repeat(op.star)}</span>
        <Box component="span" sx={visuallyHidden}>
          {t('planner.goals.operator.stars', { count: op.star })}
        </Box>
      </Typography>
      <Typography variant="caption" component="span" color="text.secondary" sx={{ lineHeight: 1.2 }}>
        {t(`planner.goals.profession.${op.profession}`)}
      </Typography>
    </Box>
  )
}

/** Items the goals name that the site's item list does not have (Dualchips, the Chip Catalyst, the module tokens): named here. */
export const EXTRA_ITEM_IDS = [
  '3213',
  '3223',
  '3233',
  '3243',
  '3253',
  '3263',
  '3273',
  '3283',
  '32001',
  'mod_unlock_token',
  'mod_update_token_1',
  'mod_update_token_2',
] as const
const EXTRA_RARITY: Record<string, number> = { mod_update_token_1: 3 }

/**
 * The item of an id for the icon and the name: the site's item, else a stand-in with the name in the four
 * languages (goals.extraItems) so the drawn icon and the name read right, else the id alone.
 */
export const itemFor = (id: string, byId: ReadonlyMap<string, Item>, t: TFunction): Item => {
  const known = byId.get(id)
  if (known) return known
  const extra = (EXTRA_ITEM_IDS as readonly string[]).includes(id)
  const name = extra ? t(`planner.goals.extraItems.${id}` as 'planner.goals.extraItems.3213') : id
  return {
    itemId: id,
    name,
    name_i18n: { zh: name, en: name, ja: name, ko: name },
    existence: { CN: { exist: true }, US: { exist: true }, JP: { exist: true }, KR: { exist: true } },
    itemType: extra ? 'MATERIAL' : 'UNKNOWN',
    sortId: 0,
    rarity: EXTRA_RARITY[id] ?? 4,
    groupID: null,
    alias: null,
    pron: null,
  }
}

/** Every id a depot import may name: the site's items, the ones named here, and whatever the operators' costs use. */
export const knownItemIds = (itemIds: Iterable<string>, operators: Iterable<Operator>): Set<string> => {
  const ids = new Set<string>([...itemIds, ...EXTRA_ITEM_IDS])
  for (const op of operators)
    for (const counts of [...op.elite, ...op.skills, ...op.masteries.flatMap((m) => m.costs), ...op.modules.flatMap((m) => m.costs)])
      for (const id of Object.keys(counts)) ids.add(id)
  return ids
}
