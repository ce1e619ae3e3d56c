/** What the short-link rule reads of items and stages (the datasets' rows fit). */
interface ShortItem {
  itemId: string
  name_i18n: Partial<Record<string, string>>
}
interface ShortStage {
  stageId: string
  zoneId: string
  code: string
  code_i18n: Partial<Record<string, string>>
}

/**
 * Short links are served by our `/short/:word` endpoint (api-v2.md §9.2): the word is resolved to
 * an item or stage page. These helpers pick the word for a page of ours; the dialog then asks the
 * server to confirm that the word leads back to the same page.
 */

const STAGE_PAGE = /^\/result\/stage\/([^/]+)\/([^/]+)\/?$/
const ITEM_PAGE = /^\/result\/item\/([^/]+)\/?$/

const decode = (s: string) => {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

/** Words that may stand for a page, shortest-looking first; [] when the page has no short form. */
export const shortWordCandidates = (pathname: string, stages: readonly Pick<ShortStage, 'stageId' | 'code'>[]): string[] => {
  const stage = STAGE_PAGE.exec(pathname)
  if (stage) {
    const stageId = decode(stage[2] ?? '')
    const code = stages.find((s) => s.stageId === stageId)?.code
    // Codes are what players type ("1-7"); the id always resolves (exact stage id rule).
    return code && code !== stageId && /^[\x21-\x7e]+$/.test(code) ? [code, stageId] : [stageId]
  }
  const item = ITEM_PAGE.exec(pathname)
  if (item) return [decode(item[1] ?? '')]
  if (pathname === '/result/item' || pathname === '/result/stage' || pathname === '/planner') return [pathname.split('/').pop() ?? '']
  if (pathname === '/' || pathname === '') return ['']
  return []
}

/** Where the server sends `/short/<word>` (the §9.2 rule as our server applies it: exact matches first). */
export const resolveShortPath = (raw: string, items: readonly ShortItem[], stages: readonly Omit<ShortStage, 'code'>[]): string => {
  const word = raw.trim()
  if (!word || word.length > 128) return '/'
  const fixed: Record<string, string> = { item: '/result/item', stage: '/result/stage', planner: '/planner' }
  if (fixed[word]) return fixed[word]
  const needle = word.toLowerCase()
  const names = (i: (typeof items)[number]) => Object.values(i.name_i18n).flatMap((n) => (n ? [n.toLowerCase()] : []))
  const byName = items.find((i) => names(i).includes(needle)) ?? items.find((i) => names(i).some((n) => n.includes(needle)))
  if (byName) return `/result/item/${encodeURIComponent(byName.itemId)}`
  const codes = (s: (typeof stages)[number]) => Object.values(s.code_i18n).flatMap((c) => (c ? [c.toLowerCase()] : []))
  const byCode = stages.find((s) => codes(s).includes(needle)) ?? stages.find((s) => codes(s).some((c) => c.includes(needle)))
  if (byCode) return `/result/stage/${encodeURIComponent(byCode.zoneId)}/${encodeURIComponent(byCode.stageId)}`
  if (items.some((i) => i.itemId === word)) return `/result/item/${encodeURIComponent(word)}`
  const stage = stages.find((s) => s.stageId === word)
  if (stage) return `/result/stage/${encodeURIComponent(stage.zoneId)}/${encodeURIComponent(stage.stageId)}`
  return `/search?q=${encodeURIComponent(word)}`
}

/** The first candidate word that resolves back to `pathname` by the rule above, or null. */
export const pickShortWord = (pathname: string, items: readonly ShortItem[], stages: readonly ShortStage[]): string | null => {
  const target = pathname.replace(/\/$/, '') || '/'
  for (const word of shortWordCandidates(target, stages)) if (resolveShortPath(word, items, stages) === target) return word
  return null
}

/** Absolute URL of the short link of `word` under the API base. */
export const shortUrl = (apiBase: string, origin: string, word: string) =>
  new URL(`${apiBase.replace(/\/$/, '')}/short${word ? `/${encodeURIComponent(word)}` : ''}`, origin).toString()
