import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  SEED_FILES,
  SERVERS,
  SeedDropInfoFileSchema,
  SeedFormulaSchema,
  SeedItemSchema,
  SeedManifestSchema,
  SeedMatrixSchema,
  SeedNoticeSchema,
  SeedPeriodSchema,
  SeedStageSchema,
  SeedZoneSchema,
  seedOperatorsSchema,
  type SeedDropInfo,
  type SeedFormula,
  type SeedItem,
  type SeedManifest,
  type SeedMatrix,
  type SeedNotice,
  type SeedPeriod,
  type SeedStage,
  type SeedZone,
  type SeedOperators,
} from '@dropwise/schemas'
import { z } from 'zod'

export interface SeedBundle {
  manifest: SeedManifest
  items: SeedItem[]
  zones: SeedZone[]
  stages: SeedStage[]
  dropInfos: SeedDropInfo[]
  formulas: SeedFormula[]
  periods: SeedPeriod[]
  notices: SeedNotice[]
  matrices: SeedMatrix[]
  /** Operators and the level table (issue 39). */
  operators: SeedOperators
}

const readJson = async <T>(dir: string, file: string, schema: z.ZodType<T>): Promise<T> => {
  const path = join(dir, file)
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch {
    throw new Error(`seed file ${path} is missing: run \`npm run import -- --raw ../shared/data/raw\``)
  }
  const parsed = schema.safeParse(JSON.parse(text))
  if (!parsed.success) {
    const first = parsed.error.issues[0]
    throw new Error(`seed file ${path} is invalid at ${first?.path.join('.')}: ${first?.message}`)
  }
  return parsed.data
}

/** Reads and validates the seed folder written by the importer. */
export const readSeedDir = async (dir: string): Promise<SeedBundle> => {
  const [manifest, items, zones, stages, dropInfos, formulas, periods, notices, operators, ...matrices] = await Promise.all([
    readJson(dir, SEED_FILES.manifest, SeedManifestSchema),
    readJson(dir, SEED_FILES.items, z.array(SeedItemSchema)),
    readJson(dir, SEED_FILES.zones, z.array(SeedZoneSchema)),
    readJson(dir, SEED_FILES.stages, z.array(SeedStageSchema)),
    readJson(dir, SEED_FILES.dropInfos, SeedDropInfoFileSchema),
    readJson(dir, SEED_FILES.formulas, z.array(SeedFormulaSchema)),
    readJson(dir, SEED_FILES.periods, z.array(SeedPeriodSchema)),
    readJson(dir, SEED_FILES.notices, z.array(SeedNoticeSchema)),
    readJson(dir, SEED_FILES.operators, seedOperatorsSchema),
    ...SERVERS.map((s) => readJson(dir, SEED_FILES.matrix(s), SeedMatrixSchema)),
  ])
  return { manifest, items, zones, stages, dropInfos, formulas, periods, notices, matrices: matrices as SeedMatrix[], operators: operators as SeedOperators }
}
