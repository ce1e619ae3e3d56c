import type { Operator } from '@dropwise/schemas'
import Fuse from 'fuse.js'
import { hangulInitials } from '../../../lib/search/search-documents'

/**
 * Finding an operator to add (issue 39 §2): by the name in any of the four languages, the pinyin of the Chinese
 * name (whole, `dekesasi`, or its initials, `dkss`), the romaji of the Japanese one (`tekisasu`), or the Hangul
 * initials of the Korean one (`ㅌㅅㄱㅅ`), whatever the page's language. Texts are folded before they are compared:
 * width, case and spaces, and hiragana to katakana (`てきさす` finds テキサス). Pure.
 *
 * Order: a name typed whole, then a pronunciation typed whole, then names that start with it, then any text that
 * starts with it, then any that contains it, then Fuse.js's fuzzy matches (from three characters on, so a typo in a
 * longer name still finds it and two letters do not find half the list).
 */

/** Fuse over the folded texts: names weigh more than pronunciations. */
const FUSE_OPTIONS = {
  includeScore: true,
  ignoreLocation: true,
  threshold: 0.4,
  keys: [
    { name: 'names', weight: 3 },
    { name: 'prons', weight: 2 },
  ],
}
const FUZZY_FROM = 3

export const fold = (text: string): string =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60))
    .replace(/[\s·・'’\-_.]+/g, '')

interface OperatorDocument {
  id: string
  names: string[]
  prons: string[]
}

export const operatorDocument = (op: Operator): OperatorDocument => {
  const names = [op.name, op.name_i18n.zh, op.name_i18n.en, op.name_i18n.ja, op.name_i18n.ko].filter((n): n is string => Boolean(n))
  const initials = names.flatMap((n) => hangulInitials(n) ?? [])
  return {
    id: op.id,
    names: [...new Set(names.map(fold))],
    prons: [...new Set([op.pron.pinyin, op.pron.pinyinHead, op.pron.romaji, ...initials].map(fold).filter(Boolean))],
  }
}

const tierOf = (doc: OperatorDocument, q: string): number => {
  if (doc.names.includes(q)) return 0
  if (doc.prons.includes(q)) return 1
  if (doc.names.some((n) => n.startsWith(q))) return 2
  if (doc.prons.some((p) => p.startsWith(q))) return 3
  if (doc.names.some((n) => n.includes(q)) || doc.prons.some((p) => p.includes(q))) return 4
  return 5
}

export const createOperatorSearch = (operators: readonly Operator[]) => {
  const docs = operators.map(operatorDocument)
  const index = new Map(docs.map((d, i) => [d.id, i]))
  let fuse: Fuse<OperatorDocument> | null = null
  return {
    /** Operator ids, best first, at most `limit`. */
    search(query: string, limit = 20): string[] {
      const q = fold(query)
      if (!q) return []
      const ranked: { id: string; tier: number; score: number; order: number }[] = []
      for (const [order, doc] of docs.entries()) {
        const tier = tierOf(doc, q)
        if (tier < 5) ranked.push({ id: doc.id, tier, score: 0, order })
      }
      if (q.length >= FUZZY_FROM) {
        fuse ??= new Fuse(docs, FUSE_OPTIONS)
        const seen = new Set(ranked.map((r) => r.id))
        for (const hit of fuse.search(q)) if (!seen.has(hit.item.id)) ranked.push({ id: hit.item.id, tier: 5, score: hit.score ?? 1, order: index.get(hit.item.id) ?? 0 })
      }
      return ranked
        .sort((a, b) => a.tier - b.tier || a.score - b.score || a.order - b.order)
        .slice(0, limit)
        .map((r) => r.id)
    },
  }
}
export type OperatorSearch = ReturnType<typeof createOperatorSearch>
