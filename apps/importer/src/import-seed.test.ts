import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SEED_FILES, SeedDropInfoFileSchema, SeedManifestSchema } from '@dropwise/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ImportResult } from './import-seed'
import { diffSeed, importSeed, isEmptyDiff, writeSeed } from './import-seed'
import { currentPeriods } from './segments'
import { REFERENCE_NOW_MS, selfCheck } from './self-check'
import { pairKey } from './util'

const FIXTURE_RAW = fileURLToPath(new URL('./__fixtures__/raw', import.meta.url))

let result: ImportResult
beforeAll(async () => {
  result = await importSeed(FIXTURE_RAW)
})

const seed = () => result.seed
const item = (id: string) => seed().items.find((i) => i.itemId === id)
const zone = (id: string) => seed().zones.find((z) => z.zoneId === id)
const stage = (id: string) => seed().stages.find((s) => s.stageId === id)
const infos = (server: string, stageId: string) => seed().dropInfos.filter((d) => d.server === server && d.stageId === stageId)
const openAt = (d: { start: number; end: number | null }) => d.start <= REFERENCE_NOW_MS && (d.end === null || d.end > REFERENCE_NOW_MS)

describe('items (README §3.1)', () => {
  it('keeps snapshot items verbatim', () => {
    expect(item('30012')).toEqual({
      itemId: '30012',
      name_i18n: { zh: '固源岩', en: 'Orirock Cube', ja: 'Orirock Cube', ko: 'Orirock Cube' },
      existence: { CN: { exist: true }, US: { exist: true }, JP: { exist: true }, KR: { exist: true } },
      itemType: 'MATERIAL',
      sortId: 100014,
      rarity: 1,
      groupID: 'orirock',
      spriteCoord: [5, 0],
      alias: { zh: ['固源岩'] },
      pron: {},
    })
  })
  it('builds referenced items the snapshot lacks from item_table, continuing the material sortId block', () => {
    expect(item('31093')).toMatchObject({
      name_i18n: { zh: '类凝结核', en: 'Coagulative Nodule', ja: '凝固核', ko: '유사 응결핵' },
      itemType: 'MATERIAL',
      rarity: 2,
      sortId: 100301,
      groupID: null,
      existence: { CN: { exist: true }, US: { exist: true }, JP: { exist: true }, KR: { exist: true } },
    })
    expect(item('31093')?.inferred).not.toContain('name_i18n')
  })
  it('fills missing languages with zh and exists only where the item_table has the id', () => {
    const cnOnly = item('31103')
    expect(cnOnly?.name_i18n).toEqual({ zh: '液化高能气体', en: '液化高能气体', ja: '液化高能气体', ko: '液化高能气体' })
    expect(cnOnly?.existence).toEqual({ CN: { exist: true }, US: { exist: false }, JP: { exist: false }, KR: { exist: false } })
    expect(cnOnly?.inferred).toContain('name_i18n')
    expect(cnOnly?.sortId).toBe(100302)
  })
})

describe('zones (README §3.2)', () => {
  it('reconstructs an activity zone with toolbox names and per-server windows', () => {
    expect(zone('act38side_zone1')).toMatchObject({
      type: 'ACTIVITY',
      subType: null,
      zoneIndex: 1006,
      zoneName_i18n: { zh: '揭幕者们', en: 'I Portatori dei Velluti', ja: '幕開く者たち', ko: '막을 여는 자들' },
      existence: {
        CN: { exist: true, openTime: 1730433600000, closeTime: 1732219200000 },
        US: { exist: true, openTime: 1745514000000, closeTime: 1747306800000 },
        JP: { exist: true, openTime: 1745478000000, closeTime: 1747249200000 },
        KR: { exist: false },
      },
      background: null,
    })
  })
  it('reconstructs main_16 from the game zone act3mainss_zone1', () => {
    expect(zone('main_16')).toMatchObject({
      type: 'MAINLINE',
      zoneIndex: 2,
      subType: 'NEXUS_POINT_OF_FUTURE',
      zoneName_i18n: { zh: 'EP16 反常光谱', en: 'EP16 Abnormal Spectrum', ja: 'EP16 背理分光', ko: 'EP16' },
      existence: { CN: { exist: true, openTime: 1759964400000 }, US: { exist: false } },
      // No Korean name in any source: the chapter's code rather than the Chinese name, and the seed says so.
      nameFrom: { ko: 'chapter-code' },
    })
    expect(zone('main_16')?.inferred).toContain('zoneName_i18n')
  })
})

describe('stages (README §3.3, existence rule §2.2)', () => {
  it('exists on a server when the snapshot says so or the server has matrix rows', () => {
    const s = stage('main_01-07')
    expect(s?.existence).toEqual({ CN: { exist: true }, US: { exist: true }, JP: { exist: true }, KR: { exist: true } })
    expect(s?.inferred).toEqual(['existence'])
  })
  it('reconstructs stages from history / MAA with the zone existence', () => {
    expect(stage('act38side_01')).toMatchObject({
      zoneId: 'act38side_zone1',
      stageType: 'ACTIVITY',
      code_i18n: { zh: 'PV-1', en: 'PV-1', ja: 'PV-1', ko: 'PV-1' },
      apCost: 9,
      minClearTime: null,
    })
    expect(stage('main_16-01')).toMatchObject({ zoneId: 'main_16', stageType: 'MAIN', apCost: 21, code_i18n: { zh: '16-2' } })
    expect(stage('main_16-01')?.existence.US).toEqual({ exist: false })
  })
  it('takes a 2025-08-02 stage only when it is an event stage', () => {
    expect(stage('act38side_02')).toBeDefined()
    expect(stage('sub_09-1-4')).toBeUndefined()
    expect(seed().matrices.CN.rows.find((r) => r[0] === 'act38side_02')).toEqual(['act38side_02', '30011', 400, 200, 0.5, 1730433600000, 1732219200000])
  })
})

describe('drop infos and the period invariant (api-v2 §10.2)', () => {
  it('passes the self-check', () => {
    expect(selfCheck(seed())).toEqual([])
  })
  it('gives every baseline row exactly its window as the current period', () => {
    const periods = currentPeriods(seed().dropInfos)
    for (const server of ['CN', 'US', 'JP', 'KR'] as const)
      for (const r of seed().matrices[server].rows) expect(periods.get(`${server}:${pairKey(r[0], r[1])}`)).toEqual({ start: r[5], end: r[6] })
  })
  it('closes an event row that was still open in the dump at the zone close time', () => {
    const row = seed().matrices.CN.rows.find((r) => r[0] === 'act38side_01')
    expect(row?.[6]).toBe(1732219200000)
    expect(infos('CN', 'act38side_01').some(openAt)).toBe(false)
    expect(infos('CN', 'act5d0_01')).toEqual([expect.objectContaining({ itemId: '30011', start: 1559181600000, end: 1560369600000, dropType: 'NORMAL_DROP' })])
  })
  it('opens permanent stages with MAA pools, snapshot bounds and typical fallbacks', () => {
    const cn = infos('CN', 'main_01-07')
    expect(cn.find((d) => d.itemId === '30012')).toMatchObject({ dropType: 'NORMAL_DROP', bounds: { lower: 1, upper: 2 }, start: 1556676000000, end: null })
    expect(cn.find((d) => d.itemId === 'randomMaterial_1')).toMatchObject({ end: 1578340800000, inferred: ['bounds', 'dropType'] })
    // pool item without a row starts with the stage's earliest open row
    expect(cn.find((d) => d.itemId === '31103')).toMatchObject({ start: 1556676000000, end: null, bounds: { lower: 0, upper: 1 } })
    // open row whose item MAA no longer lists stays open
    expect(cn.find((d) => d.itemId === '31093')).toMatchObject({ start: 1700000000000, end: null, inferred: ['bounds', 'dropType'] })
    expect(cn.find((d) => d.dropType === 'RECOGNITION_ONLY')).toMatchObject({ itemId: '2001', bounds: null })
    // item set of EXTRA changed (31103 added) → widened limit; NORMAL gained 31093 → widened too
    expect(cn.find((d) => d.itemId === null && d.dropType === 'SPECIAL_DROP')?.bounds).toEqual({ lower: 0, upper: 0 })
    expect(cn.find((d) => d.itemId === null && d.dropType === 'EXTRA_DROP')).toMatchObject({ bounds: { lower: 0, upper: 2 }, inferred: ['bounds'] })
    // global servers never get CN-only items
    expect(infos('US', 'main_01-07').some((d) => d.itemId === '31103')).toBe(false)
    // MAA-only stage: zone open time
    expect(infos('CN', 'main_16-01').find((d) => d.itemId === '30012')).toMatchObject({ start: 1759964400000, end: null })
    expect(infos('US', 'main_16-01')).toEqual([])
  })
  it('round-trips drop-infos.json through SeedDropInfoFileSchema', () => {
    const parsed = SeedDropInfoFileSchema.parse(JSON.parse(result.files.get(SEED_FILES.dropInfos) ?? ''))
    expect(parsed).toEqual(seed().dropInfos)
  })
})

describe('formulas (README §3.5)', () => {
  it('maps elite-material workshop formulas to the Penguin shape', () => {
    expect(seed().formulas).toEqual([
      {
        id: '30013',
        name: '固源岩组',
        goldCost: 200,
        costs: [{ id: '30012', name: '固源岩', rarity: 1, count: 5 }],
        extraOutcome: [
          { id: '30011', name: '源岩', rarity: 0, count: 1, weight: 10 },
          { id: '30012', name: '固源岩', rarity: 1, count: 1, weight: 20 },
        ],
        totalWeight: 30,
      },
    ])
  })
})

describe('periods', () => {
  it('uses the newest window per zone, names from zones or toolbox, existence on its server only', () => {
    const keys = seed().periods.map((p) => p.key)
    expect(keys).toEqual(['CN:act20side_zone1', 'CN:act38side_zone1', 'JP:act38side_zone1'])
    const p = seed().periods.find((x) => x.key === 'CN:act20side_zone1')
    expect(p).toMatchObject({ start: 1700000000000, end: 1701600000000, zoneId: null, label_i18n: { zh: '将进酒', en: '将进酒' } })
    expect(seed().periods.find((x) => x.key === 'JP:act38side_zone1')?.existence).toEqual({
      CN: { exist: false },
      US: { exist: false },
      JP: { exist: true },
      KR: { exist: false },
    })
  })
})

describe('output files', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dropwise-importer-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('is byte-identical across runs', async () => {
    const again = await importSeed(FIXTURE_RAW)
    expect([...again.files.entries()]).toEqual([...result.files.entries()])
  })
  it('writes a manifest with sources, counts and a content hash', () => {
    const manifest = SeedManifestSchema.parse(JSON.parse(result.files.get(SEED_FILES.manifest) ?? ''))
    expect(manifest.attribution).toContain('CC BY-NC 4.0')
    expect(manifest.attribution).toContain('https://penguin-stats.io')
    expect(manifest.sources.map((s) => s.path)).toContain('../derived/toolbox-history.json')
    expect(manifest.sources.every((s) => /^[0-9a-f]{64}$/.test(s.sha256))).toBe(true)
    expect(manifest.counts).toMatchObject({ items: 8, zones: 4, stages: 5, formulas: 1, 'matrixRows.CN': 6 })
  })
  it('--check finds no difference right after writing, and reports a changed file', async () => {
    await writeSeed(dir, result.files)
    expect(isEmptyDiff(await diffSeed(dir, result.files))).toBe(true)
    const path = join(dir, SEED_FILES.items)
    await writeFile(path, (await readFile(path, 'utf8')).replace('固源岩', '固源岩X'))
    const diff = await diffSeed(dir, result.files)
    expect(diff.changed.map((c) => c.name)).toEqual([SEED_FILES.items])
    await rm(join(dir, SEED_FILES.notices))
    expect((await diffSeed(dir, result.files)).missing).toEqual([SEED_FILES.notices])
  })
})
