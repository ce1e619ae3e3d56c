import { createHash } from 'node:crypto'
import { compactSeedDropInfos, SEED_FILES, SEED_FORMAT_VERSION } from '@dropwise/schemas'
import type { SeedDropInfo, SeedManifest, SeedMatrix, SeedOperators } from '@dropwise/schemas'
import type { Seed } from './build-seed'
import { compactHistory } from './history'
import type { RawSource, RawToolboxHistory } from './raw'
import { seedCounts } from './self-check'
import { compareStrings, SERVERS } from './util'

export const ATTRIBUTION =
  'Drop statistics (matrix baselines, items, stages, zones, drop tables) are derived from Penguin Statistics ' +
  '(https://penguin-stats.io) data, licensed under CC BY-NC 4.0 (https://creativecommons.org/licenses/by-nc/4.0/): ' +
  'credit Penguin Statistics, no commercial use. Game names and tables are © Hypergryph / Yostar. ' +
  'Event windows and names from arkntools/arknights-toolbox-data (MIT); current drop pools from ' +
  'MaaAssistantArknights/MaaResource (AGPL-3.0).'

const pretty = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`

/** One array element per line: compact, yet diffs stay line-based. */
const linePerElement = (list: readonly unknown[], indent = '  '): string =>
  list.length === 0 ? '[]' : `[\n${list.map((x) => `${indent}${JSON.stringify(x)}`).join(',\n')}\n${indent.slice(2)}]`

const renderMatrix = (m: SeedMatrix): string =>
  `{\n  "source": ${JSON.stringify(m.source)},\n  "fetchedAt": ${m.fetchedAt},\n  "server": ${JSON.stringify(m.server)},\n` +
  `  "rows": ${linePerElement(m.rows, '    ')}\n}\n`

/** `drop-infos.json`: grouped by server and stage, one row per line (the flat object list would exceed 4 MB). */
const renderDropInfos = (infos: readonly SeedDropInfo[]): string => {
  const file = compactSeedDropInfos(infos)
  const servers = SERVERS.map((server) => {
    const stages = Object.entries(file.servers[server]).map(([stageId, rows]) => `      ${JSON.stringify(stageId)}: ${linePerElement(rows, '        ')}`)
    return `    ${JSON.stringify(server)}: ${stages.length === 0 ? '{}' : `{\n${stages.join(',\n')}\n    }`}`
  })
  return `{\n  "servers": {\n${servers.join(',\n')}\n  }\n}\n`
}

/** `operators.json`: the level table's rows and one operator per line. */
const renderOperators = (o: SeedOperators): string => {
  const levels = Object.entries(o.levels).map(([key, rows]) => `    ${JSON.stringify(key)}: ${linePerElement(rows, '      ')}`)
  return `{\n  "levels": {\n${levels.join(',\n')}\n  },\n  "operators": ${linePerElement(o.operators, '    ')}\n}\n`
}

/** SHA-256 over every seed file except the manifest, in file-name order. */
export const contentHashOf = (files: ReadonlyMap<string, string>): string => {
  const h = createHash('sha256')
  for (const name of [...files.keys()].sort(compareStrings)) {
    if (name === SEED_FILES.manifest) continue
    h.update(name)
      .update('\u0000')
      .update(files.get(name) ?? '')
      .update('\u0000')
  }
  return h.digest('hex')
}

/** Renders the seed files (deterministic bytes), manifest last because it hashes the others. */
export const renderSeed = (seed: Seed, sources: readonly RawSource[], history: RawToolboxHistory): Map<string, string> => {
  const files = new Map<string, string>()
  files.set(SEED_FILES.items, pretty(seed.items))
  files.set(SEED_FILES.zones, pretty(seed.zones))
  files.set(SEED_FILES.stages, pretty(seed.stages))
  files.set(SEED_FILES.dropInfos, renderDropInfos(seed.dropInfos))
  files.set(SEED_FILES.formulas, pretty(seed.formulas))
  files.set(SEED_FILES.periods, pretty(seed.periods))
  files.set(SEED_FILES.notices, pretty(seed.notices))
  files.set(SEED_FILES.pron, pretty(seed.pron))
  if (seed.operators) files.set(SEED_FILES.operators, renderOperators(seed.operators))
  for (const s of SERVERS) files.set(SEED_FILES.matrix(s), renderMatrix(seed.matrices[s]))
  files.set(SEED_FILES.history, `${JSON.stringify(compactHistory(history))}\n`)
  const manifest: SeedManifest = {
    format: SEED_FORMAT_VERSION,
    attribution: ATTRIBUTION,
    sources: sources.map((s) => ({ path: s.path, sha256: s.sha256 })),
    counts: seedCounts(seed),
    contentHash: contentHashOf(files),
  }
  files.set(SEED_FILES.manifest, pretty(manifest))
  return files
}
