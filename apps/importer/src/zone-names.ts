import type { I18n, NameFrom } from '@dropwise/schemas'
import type { NameCandidate, OtherLang } from './names'
import { fillNames } from './names'
import type { ReferenceRaw, ToolboxLang } from './raw'

const TOOLBOX_LANG: Record<OtherLang, ToolboxLang> = { en: 'us', ja: 'jp', ko: 'kr' }

/**
 * The toolbox names a permanent zone `<activity>@:(retroNameAppend.N)`, the suffix being a message of its own
 * app. These are Penguin's suffixes for the same two kinds (its permanent_sidestory_* and permanent_sub_* zones
 * carry them, e.g. 愚人号・插曲 / Stultifera Navis - Intermezzi / 狂人号・エピソード / 스툴티페라 나비스 에피소드).
 */
export const RETRO_NAME_APPEND: Record<string, Record<keyof I18n, string>> = {
  '0': { zh: '・别传', en: ' - Side Story', ja: '・サイドストーリー', ko: ' 사이드' },
  '1': { zh: '・插曲', en: ' - Intermezzi', ja: '・エピソード', ko: ' 에피소드' },
}

const RETRO_APPEND_RE = /^(.*)@:\(retroNameAppend\.(\d+)\)$/

/** A toolbox locale text as a player reads it (the retro suffix resolved); undefined for an unknown suffix. */
export const toolboxText = (text: string | undefined, lang: keyof I18n): string | undefined => {
  if (!text) return undefined
  const m = RETRO_APPEND_RE.exec(text)
  if (!m) return text
  const suffix = RETRO_NAME_APPEND[m[2] ?? '']?.[lang]
  return suffix === undefined ? undefined : `${m[1]}${suffix}`
}

/** The toolbox keys a zone may be named by: its activity (`act17mini`), its own id, and for permanent zones the retro id. */
const toolboxKeys = (raw: ReferenceRaw, zoneId: string, gameZoneId: string): string[] => {
  const keys = [...(raw.history.zoneToActivity[zoneId] ?? []).slice().reverse(), zoneId.replace(/_zone\d+$/, ''), zoneId, gameZoneId]
  const permanent = /^(permanent_(?:sub|sidestory)_\d+)_zone\d+$/.exec(zoneId)
  if (permanent) {
    const prefix = `${permanent[1]}_`
    keys.push(...Object.keys(raw.toolboxZoneNames.cn).filter((k) => k.startsWith(prefix) && !/_zone\d+$/.test(k)))
  }
  return [...new Set(keys)]
}

/** The toolbox's names of a zone in English, Japanese and Korean (the first key that has a Chinese name). */
export const toolboxZoneNames = (raw: ReferenceRaw, zoneId: string, gameZoneId: string = zoneId): NameCandidate['names'] => {
  const key = toolboxKeys(raw, zoneId, gameZoneId).find((k) => raw.toolboxZoneNames.cn[k] !== undefined)
  if (!key) return {}
  const text = (lang: OtherLang) => toolboxText(raw.toolboxZoneNames[TOOLBOX_LANG[lang]][key], lang)
  return { en: text('en'), ja: text('ja'), ko: text('ko') }
}

/** A main chapter's code (`EP17` of `EP17 相变临界`): what the game shows beside its name in every language. */
export const chapterCode = (zhName: string): string | undefined => /^(EP\d+)\s/.exec(zhName)?.[1]

/**
 * Fills a zone's missing names (`isMissingName`): the toolbox locales first, then for a main chapter its code;
 * returns the names and where each filled one came from.
 */
export const fillZoneNames = (raw: ReferenceRaw, zone: { zoneId: string; type: string; zoneName_i18n: I18n }, gameZoneId?: string): { names: I18n; from: NameFrom } => {
  const candidates: NameCandidate[] = [{ source: 'toolbox', names: toolboxZoneNames(raw, zone.zoneId, gameZoneId) }]
  const code = zone.type === 'MAINLINE' ? chapterCode(zone.zoneName_i18n.zh) : undefined
  if (code) candidates.push({ source: 'chapter-code', names: { en: code, ja: code, ko: code } })
  return fillNames(zone.zoneName_i18n, candidates)
}
