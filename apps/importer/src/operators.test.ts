import { fileURLToPath } from 'node:url'
import { SEED_FILES, seedOperatorsSchema } from '@dropwise/schemas'
import { beforeAll, describe, expect, it } from 'vitest'
import { importSeed, type ImportResult } from './import-seed'
import { deriveOperators } from './operators'
import { loadRaw } from './raw'

const FIXTURE_RAW = fileURLToPath(new URL('./__fixtures__/raw', import.meta.url))

let result: ImportResult
beforeAll(async () => {
  result = await importSeed(FIXTURE_RAW)
})
const op = (id: string) => result.seed.operators?.operators.find((o) => o.id === id)

describe('operators (issue 39 item 1)', () => {
  it('lists every operator of character.json, sorted by id, with the level table under the seed’s names', () => {
    expect(result.seed.operators?.operators.map((o) => o.id)).toEqual(['002_amiya', '102_texas', '123_fang', '285_medic2'])
    expect(result.seed.operators?.levels.maxLevel[5]).toEqual([50, 80, 90])
    expect(result.seed.operators?.levels.exp[0]?.slice(0, 3)).toEqual([1, 2, 3])
    expect(result.seed.operators?.levels.lmd[2]?.[88]).toBe(200 * 89)
    expect(result.seed.operators?.levels.eliteLmd[2]).toEqual([1000])
  })

  it('maps the toolbox’s profession numbers, names per language and the servers that name the operator', () => {
    expect(op('102_texas')).toMatchObject({
      star: 5,
      profession: 'PIONEER',
      servers: ['CN', 'US', 'JP', 'KR'],
      name: '德克萨斯',
      name_i18n: { zh: '德克萨斯', en: 'Texas', ja: 'テキサス', ko: '텍사스' },
      pron: { pinyin: 'dekesasi', pinyinHead: 'dkss', romaji: 'tekisasu' },
    })
    expect(op('002_amiya')?.profession).toBe('CASTER')
    expect(op('285_medic2')?.profession).toBe('MEDIC')
    // Fang is named only in the cn and us locales: released on CN and US.
    expect(op('123_fang')).toMatchObject({ servers: ['CN', 'US'], name_i18n: { zh: '芬', en: 'Fang' } })
    expect(op('123_fang')?.name_i18n.ja).toBeUndefined()
  })

  it('keeps positive costs only, gives 3-stars one material-free promotion and 1-stars none', () => {
    expect(op('102_texas')?.elite).toEqual([{ '30011': 2 }, { '3213': 1, '30013': 3 }])
    expect(op('102_texas')?.modules).toEqual([
      {
        id: 'uniequip_002_texas',
        name_i18n: { zh: '德克萨斯的模组', en: 'Texas module' },
        costs: [
          { '30011': 1, mod_unlock_token: 2 },
          { '30012': 2, mod_update_token_1: 20 },
          { '30013': 3, mod_update_token_2: 8 },
        ],
      },
    ])
    expect(op('123_fang')).toMatchObject({ elite: [{}], masteries: [], modules: [] })
    expect(op('123_fang')?.skills).toHaveLength(6)
    expect(op('285_medic2')).toMatchObject({ elite: [], skills: [], masteries: [], modules: [] })
  })

  it('puts Amiya’s other forms’ skills and modules after hers, with their form', () => {
    expect(op('002_amiya')?.masteries.map((m) => [m.skillId, m.form])).toEqual([
      ['skchr_amiya_2', undefined],
      ['skchr_amiya2_1', 'amiya2'],
    ])
    expect(op('002_amiya')?.masteries[1]?.name_i18n).toEqual({ zh: '影霄·奔夜', en: 'Ying Xiao - Fleeting Night' })
    expect(op('002_amiya')?.modules[0]).toMatchObject({ id: 'uniequip_002_amiya2', form: 'amiya2' })
  })

  it('writes operators.json that parses and derives the same again', async () => {
    const file = result.files.get(SEED_FILES.operators) ?? ''
    expect(seedOperatorsSchema.parse(JSON.parse(file))).toEqual(result.seed.operators)
    expect(JSON.parse(result.files.get(SEED_FILES.manifest) ?? '{}')).toMatchObject({ counts: { operators: 4 } })
    const { data } = await loadRaw(FIXTURE_RAW)
    expect(deriveOperators(data.operators)).toEqual(result.seed.operators)
  })

  it('refuses a profession number the toolbox does not define', async () => {
    const { data } = await loadRaw(FIXTURE_RAW)
    const character = { ...data.operators.character, '102_texas': { ...data.operators.character['102_texas']!, profession: 9 } }
    expect(() => deriveOperators({ ...data.operators, character })).toThrow(/operator 102_texas: unknown profession number 9/)
  })
})
