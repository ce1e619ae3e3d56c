// @vitest-environment node
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'

const dir = fileURLToPath(new URL('.', import.meta.url))
const src = join(dir, '..')
const flatten = (o: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flatten(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]))
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/
/** Every key of one locale: the shell's file and each feature's `<feature>/<name>.json`. */
const load = (name: string) => {
  const files = [join(dir, `${name}.json`)]
  for (const sub of readdirSync(dir)) if (statSync(join(dir, sub)).isDirectory() && existsSync(join(dir, sub, `${name}.json`))) files.push(join(dir, sub, `${name}.json`))
  const keys = files.flatMap((f) => flatten(JSON.parse(readFileSync(f, 'utf8')) as Record<string, unknown>))
  const dupes = keys.filter((k, i) => keys.indexOf(k) !== i)
  if (dupes.length) throw new Error(`${name}: keys defined twice across locale files: ${dupes.join(', ')}`)
  // Plural forms (`runs_one`, `runs_other`: i18next's suffixes, which differ per language) count as their key.
  return new Set(keys.map((k) => k.replace(PLURAL_SUFFIX, '')))
}
const BASE = ['en', 'zh-CN', 'ja-JP', 'ko-KR']

const sources = (d: string): string[] =>
  readdirSync(d).flatMap((f) => {
    const p = join(d, f)
    if (statSync(p).isDirectory()) return sources(p)
    return /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f) ? [p] : []
  })

/** Keys used in code: t('a.b'), title: 'a.b' in menus/routes, and `'a.b.c'` literals in key maps. */
const usedKeys = () => {
  const en = load('en')
  const keys = new Set<string>()
  for (const file of sources(src)) {
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(/\bt\(\s*['"`]([^'"`$]+)['"`]/g)) keys.add(m[1]!)
    // Any other string literal that looks like a key of a known top-level group counts too.
    for (const m of text.matchAll(/'([a-zA-Z]+(?:\.[a-zA-Z0-9]+)+)'/g)) {
      const group = m[1]!.split('.')[0]!
      if ([...en].some((k) => k.startsWith(`${group}.`)) && !m[1]!.includes('/')) keys.add(m[1]!)
    }
  }
  return [...keys].filter((k) => !/\.(tsx?|json|svg|png|js)$/.test(k))
}

describe('locales', () => {
  it('every key used in code exists in zh, en, ja and ko', () => {
    const used = usedKeys()
    expect(used.length).toBeGreaterThan(50)
    for (const locale of BASE) {
      const keys = load(locale)
      expect(
        // A plural key is used by its stem (`t('x', { count })` reads `x_one`, `x_other`, …).
        used.filter((k) => !keys.has(k) && !keys.has(`${k}_other`)),
        locale,
      ).toEqual([])
    }
  })

  it('the four base locales have exactly the same keys', () => {
    const en = [...load('en')].sort()
    for (const locale of BASE) expect([...load(locale)].sort(), locale).toEqual(en)
  })

  it('English counts follow the plural rules: no "(s)" left, one and many read right', async () => {
    const texts = (o: unknown): string[] => (o && typeof o === 'object' ? Object.values(o).flatMap(texts) : typeof o === 'string' ? [o] : [])
    const files = readdirSync(dir)
      .flatMap((sub) => (existsSync(join(dir, sub, 'en.json')) ? [join(dir, sub, 'en.json')] : []))
      .concat(join(dir, 'en.json'))
    for (const f of files)
      expect(
        texts(JSON.parse(readFileSync(f, 'utf8'))).filter((t) => t.includes('(s)')),
        f,
      ).toEqual([])
    const t = i18next.createInstance()
    await t.init({ lng: 'en', resources: { en: { translation: JSON.parse(readFileSync(join(dir, 'recognition', 'en.json'), 'utf8')) as object } } })
    expect([1, 3].map((count) => t.t('recognition.report.done', { count }))).toEqual(['The report was stored.', 'All 3 reports were stored.'])
    expect([1, 2].map((count) => t.t('recognition.select.selected', { count }))).toEqual(['1 image selected', '2 images selected'])
  })

  it('English texts that take a count have one and other forms (i18next plural rules), in the files and in the code', async () => {
    const entries = (o: Record<string, unknown>, prefix = ''): [string, string][] =>
      Object.entries(o).flatMap(([k, v]): [string, string][] =>
        v && typeof v === 'object' ? entries(v as Record<string, unknown>, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)]],
      )
    const en = new Map(
      readdirSync(dir)
        .flatMap((sub) => (existsSync(join(dir, sub, 'en.json')) ? [join(dir, sub, 'en.json')] : []))
        .concat(join(dir, 'en.json'))
        .flatMap((f) => entries(JSON.parse(readFileSync(f, 'utf8')) as Record<string, unknown>)),
    )
    // "{{count}} items selected", "The {{count}} most efficient stages": a word that agrees with the count.
    const takesCount = (text: string) => /\{\{count\}\}\s+(?!of\b)\p{L}/u.test(text)
    expect([...en].filter(([k, text]) => !PLURAL_SUFFIX.test(k) && takesCount(text)).map(([k]) => k)).toEqual([])
    // Any other number beside a counted noun ("{{times}} samples") takes its own plural phrase, except where it is never 1.
    const NEVER_ONE: Record<string, string> = {
      'advanced.maxQueries': 'the fixed query limit',
      'advanced.readyHint': 'the fixed query limit',
      'advanced.problems.tooManySections': 'more than the limit',
      'recognition.select.refused.tooOld': 'over 36 hours',
      'recognition.progress.timing': 'a rate (images/s)',
      'planner.craft.rounded': 'a fraction of a craft, rounded up',
      'placeholder.loaded': 'the whole catalog',
      'charts.trend.sparseRate': 'the fixed minimum of runs',
      'charts.trend.sparse': 'the fixed minimum of runs',
    }
    const COUNTED = /\{\{(?!count\}\})\w+\}\}\s+(drops|runs|samples|reports|stages|items|images|queries|intervals|periods|results|rules|stars|hours|crafts|patterns)\b/
    expect([...en].filter(([k, text]) => !PLURAL_SUFFIX.test(k) && COUNTED.test(text) && !(k in NEVER_ONE)).map(([k]) => k)).toEqual([])
    // Code that passes a count to a key without plural forms whose English text puts a number beside a word ("× {{runs}} runs").
    const numberBesideWord = (text: string) => /\{\{\w+\}\}\s+(?!of\b)\p{L}/u.test(text)
    const counted = new Set<string>()
    for (const file of sources(src)) for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([^']+)',\s*\{(?:[^}]*,)?\s*count\s*[:,}]/g)) counted.add(m[1]!)
    expect(counted.size).toBeGreaterThan(10)
    expect(
      [...counted].filter((k) => en.has(k) && !en.get(k)!.includes('{{count}}') && numberBesideWord(en.get(k)!) && !(en.has(`${k}_one`) && en.has(`${k}_other`))),
    ).toEqual([])
    const t = i18next.createInstance()
    const bundle = (name: string) => JSON.parse(readFileSync(join(dir, name, 'en.json'), 'utf8')) as object
    await t.init({
      lng: 'en',
      resources: { en: { translation: { ...bundle('charts'), ...bundle('stats'), ...bundle('browse'), ...bundle('report'), ...bundle('advanced') } } },
    })
    // Texts with two counts take each as a counted phrase ("1 drops in 1 runs" was shown).
    const drops = t.t('advanced.results.drops', { count: 1, n: '1' })
    expect(t.t('advanced.results.trendTotal', { drops, runs: t.t('advanced.results.runs', { count: 1, n: '1' }), rate: '100%' })).toBe(
      '1 drop in 1 run over the range (100%)',
    )
    expect(t.t('charts.trend.samples', { count: 3, n: '3' })).toBe('3 samples')
    expect(t.t('charts.pattern.facts', { count: 1, n: '1', start: 'a', end: 'b' })).toBe('a – b · 1 sample')
    expect(t.t('stats.table.lowSample', { count: 2, n: '2' })).toMatch(/^Only 2 samples:/)
    expect([1, 499].map((count) => t.t('browse.home.stats.reports', { count }))).toEqual(['report', 'reports'])
    expect([1, 2].map((count) => t.t('report.selected', { count }))).toEqual(['1 item selected', '2 items selected'])
  })

  it('seaborn variants only override existing keys', () => {
    const en = load('en')
    for (const f of readdirSync(dir).filter((n) => n.endsWith('-x-seaborn.json')))
      expect(
        [...load(f.replace('.json', ''))].filter((k) => !en.has(k)),
        f,
      ).toEqual([])
  })
})
