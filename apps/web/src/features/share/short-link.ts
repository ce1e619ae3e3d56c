import { pageHref, parsePageAddress } from '@dropwise/schemas/pages'
import { resolveShortWord, type ShortLinkItem, type ShortLinkStage } from '@dropwise/schemas/short-links'

/** What the short-link rule reads of stages here: the rule's fields and the stage's code in the visitor's language. */
type ShortStage = ShortLinkStage & { code: string }

/**
 * Short links are served by our `/short/:word` endpoint (api-v2.md §9.2): the word is resolved to an item or stage
 * page by the rule the server applies (`@dropwise/schemas` `resolveShortWord`). These helpers pick the word for a page
 * of ours; the dialog then asks the server to confirm that the word leads back to the same page.
 */

const FIXED_PAGES = new Set([pageHref.itemList(), pageHref.stageList(), pageHref.planner()])

/** Words that may stand for a page, shortest-looking first; [] when the page has no short form. */
export const shortWordCandidates = (pathname: string, stages: readonly Pick<ShortStage, 'stageId' | 'code'>[]): string[] => {
  const page = parsePageAddress(pathname)
  if (page?.kind === 'stage') {
    const { stageId } = page
    const code = stages.find((s) => s.stageId === stageId)?.code
    // Codes are what players type ("1-7"); the id always resolves (exact stage id rule).
    return code && code !== stageId && /^[\x21-\x7e]+$/.test(code) ? [code, stageId] : [stageId]
  }
  if (page?.kind === 'item') return [page.itemId]
  if (FIXED_PAGES.has(pathname)) return [pathname.split('/').pop() ?? '']
  if (pathname === '/' || pathname === '') return ['']
  return []
}

/** The first candidate word that resolves back to `pathname` by the rule above, or null. */
export const pickShortWord = (pathname: string, items: readonly ShortLinkItem[], stages: readonly ShortStage[]): string | null => {
  const target = pathname.replace(/\/$/, '') || '/'
  for (const word of shortWordCandidates(target, stages)) if (resolveShortWord(word, items, stages) === target) return word
  return null
}

/** Absolute URL of the short link of `word` under the API base. */
export const shortUrl = (apiBase: string, origin: string, word: string) =>
  new URL(`${apiBase.replace(/\/$/, '')}/short${word ? `/${encodeURIComponent(word)}` : ''}`, origin).toString()
