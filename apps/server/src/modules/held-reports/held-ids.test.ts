import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SEED_DIR } from '../../testing/seeded-database'
import { looksLikeItemId, looksLikeStageId } from './held-ids'

const seed = <T>(file: string) => JSON.parse(readFileSync(`${SEED_DIR}/${file}`, 'utf8')) as T[]

describe('the shapes a held report’s ids must have', () => {
  it('every battle stage of the seed has a game stage id shape; only the pseudo-stages (gacha boxes, recruitment) do not', () => {
    const ids = seed<{ stageId: string }>('stages.json').map((s) => s.stageId)
    expect(ids.length).toBeGreaterThan(1000)
    expect(ids.filter((id) => !looksLikeStageId(id)).every((id) => /^(gachabox\d+|randomMaterial\w*|recruit)$/.test(id))).toBe(true)
  })

  it('every item id of the seed has an item id shape', () => {
    expect(seed<{ itemId: string }>('items.json').filter((i) => !looksLikeItemId(i.itemId))).toEqual([])
  })

  it.each(['act47side_01', 'act48mini_03', 'act12d0_05', 'main_15-01', 'tough_15-08', 'sub_15-2-1', 'a003_f04', 'a005_01_rep', 'wk_kc_7', 'pro_d_2'])(
    'a new stage %s is held',
    (id) => expect(looksLikeStageId(id)).toBe(true),
  )
  it.each(['no_such_stage', 'ACT47SIDE_01', 'act47side_01 ', 'act47side_01/../x', `act47side_${'1'.repeat(30)}`, 'main_1', 'x', '', '__proto__'])(
    'a stage id %j is not',
    (id) => expect(looksLikeStageId(id)).toBe(false),
  )
  it.each([
    ['30175', true],
    ['mod_unlock_token', true],
    ['et_ObsidianPass', true],
    ['30175 x', false],
    ['💥', false],
    ['_x', false],
    ['a'.repeat(49), false],
    ['', false],
  ])('item id %j → %s', (id, want) => expect(looksLikeItemId(id)).toBe(want))
})
