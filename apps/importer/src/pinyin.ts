import type { SeedPron, SeedStage, SeedZone } from '@dropwise/schemas'
import { pinyin } from 'pinyin-pro'
import { compareStrings } from './util'

const HAN = /\p{Script=Han}/u
/** A run of letters or digits that is not Chinese (`EP15`, `32h`, `IX`): kept whole, lower-cased. */
const LATIN_OR_DIGITS = /[\p{L}\p{N}]+/gu

/**
 * The pinyin of a Chinese name as one pronunciation entry in the items' `pron` format: syllables
 * separated by backticks, no tones, ü written `v` (`绿野幻梦` → `lv\`ye\`huan\`meng`). Polyphonic
 * characters take the reading pinyin-pro picks from the context of the whole name. Runs of other
 * letters or digits stay one lower-case syllable (`EP15 离解复合` → `ep15\`li\`jie\`fu\`he`);
 * punctuation and spaces are dropped. Null when the name has no Chinese character.
 */
export const pinyinPron = (name: string): string | null => {
  if (!HAN.test(name)) return null
  const parts = pinyin(name, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true })
  const syllables = parts.flatMap((p) => (HAN.test(p) ? [] : (p.match(LATIN_OR_DIGITS) ?? []).map((s) => s.toLowerCase())))
  return syllables.length > 0 ? syllables.join('`') : null
}

/**
 * `pron.json`: the pinyin of every Chinese zone name and every Chinese stage code (gacha and supply
 * stages such as 罗德岛物资补给), keyed by the name itself, in name order.
 */
export const buildPron = (zones: readonly SeedZone[], stages: readonly SeedStage[]): SeedPron => {
  const names = new Set([...zones.map((z) => z.zoneName_i18n.zh), ...stages.map((s) => s.code_i18n.zh)])
  const zh: Record<string, string[]> = {}
  for (const name of [...names].sort(compareStrings)) {
    const pron = pinyinPron(name)
    if (pron) zh[name] = [pron]
  }
  return { zh }
}
