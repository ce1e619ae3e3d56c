import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Seed } from './build-seed'
import { buildSeed } from './build-seed'
import { loadRaw } from './raw'
import type { SelfCheckOptions } from './self-check'
import { selfCheck } from './self-check'
import { renderSeed } from './serialize'
import { compareStrings } from './util'

export class SelfCheckError extends Error {
  constructor(readonly problems: string[]) {
    super(`seed self-check failed:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  }
}

export interface ImportResult {
  seed: Seed
  files: Map<string, string>
}

/** Reads the raw tree, builds and self-checks the seed, and renders its files in memory. */
export const importSeed = async (rawDir: string, options: SelfCheckOptions = {}): Promise<ImportResult> => {
  const { data, sources } = await loadRaw(rawDir)
  const seed = buildSeed(data)
  const problems = selfCheck(seed, options)
  if (problems.length > 0) throw new SelfCheckError(problems)
  return { seed, files: renderSeed(seed, sources, data.history) }
}

/** Writes the seed files; the README and other hand-written files in the folder are left alone. */
export const writeSeed = async (outDir: string, files: ReadonlyMap<string, string>): Promise<void> => {
  await mkdir(outDir, { recursive: true })
  for (const [name, content] of files) await writeFile(join(outDir, name), content)
}

export interface SeedDiff {
  missing: string[]
  changed: { name: string; firstDifferentLine: number; expected: string; actual: string }[]
  extra: string[]
}

const JSON_FILE = /\.json$/

/** Compares the freshly built files with a committed seed folder (only `.json` files are seed files). */
export const diffSeed = async (outDir: string, files: ReadonlyMap<string, string>): Promise<SeedDiff> => {
  const diff: SeedDiff = { missing: [], changed: [], extra: [] }
  const present = new Set((await readdir(outDir).catch(() => [] as string[])).filter((f) => JSON_FILE.test(f)))
  for (const name of [...files.keys()].sort(compareStrings)) {
    const want = files.get(name) ?? ''
    if (!present.has(name)) {
      diff.missing.push(name)
      continue
    }
    const have = await readFile(join(outDir, name), 'utf8')
    if (have === want) continue
    const a = want.split('\n')
    const b = have.split('\n')
    let i = 0
    while (i < a.length && i < b.length && a[i] === b[i]) i++
    const clip = (s: string | undefined) => (s === undefined ? '<end of file>' : s.length > 160 ? `${s.slice(0, 160)}…` : s)
    diff.changed.push({ name, firstDifferentLine: i + 1, expected: clip(a[i]), actual: clip(b[i]) })
  }
  for (const name of [...present].sort(compareStrings)) if (!files.has(name)) diff.extra.push(name)
  return diff
}

export const isEmptyDiff = (d: SeedDiff): boolean => d.missing.length === 0 && d.changed.length === 0 && d.extra.length === 0

export const formatDiff = (d: SeedDiff): string => {
  const lines = ['seed is out of date; run `npm run import -- --raw ../shared/data/raw` and commit data/seed/:']
  for (const name of d.missing) lines.push(`  missing: ${name}`)
  for (const name of d.extra) lines.push(`  not produced by the importer: ${name}`)
  for (const c of d.changed) {
    lines.push(`  changed: ${c.name} (first difference at line ${c.firstDifferentLine})`)
    lines.push(`    committed: ${c.actual}`)
    lines.push(`    expected:  ${c.expected}`)
  }
  return lines.join('\n')
}
