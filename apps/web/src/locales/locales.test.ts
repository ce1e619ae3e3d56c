// @vitest-environment node
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const dir = fileURLToPath(new URL('.', import.meta.url))
const src = join(dir, '..')
const flatten = (o: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flatten(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]))
/** Every key of one locale: the shell's file and each feature's `<feature>/<name>.json`. */
const load = (name: string) => {
  const files = [join(dir, `${name}.json`)]
  for (const sub of readdirSync(dir)) if (statSync(join(dir, sub)).isDirectory() && existsSync(join(dir, sub, `${name}.json`))) files.push(join(dir, sub, `${name}.json`))
  const keys = files.flatMap((f) => flatten(JSON.parse(readFileSync(f, 'utf8')) as Record<string, unknown>))
  const dupes = keys.filter((k, i) => keys.indexOf(k) !== i)
  if (dupes.length) throw new Error(`${name}: keys defined twice across locale files: ${dupes.join(', ')}`)
  return new Set(keys)
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
        used.filter((k) => !keys.has(k)),
        locale,
      ).toEqual([])
    }
  })

  it('the four base locales have exactly the same keys', () => {
    const en = [...load('en')].sort()
    for (const locale of BASE) expect([...load(locale)].sort(), locale).toEqual(en)
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
