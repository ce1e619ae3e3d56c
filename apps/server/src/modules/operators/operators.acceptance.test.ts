import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createTestContext, dbTargets, SHARED_DATA_DIR, type TestContext } from '../../testing/test-app'

/**
 * Issue 39, acceptance line 1: the API's summed costs of operator goals equal sums computed here directly from the
 * toolbox's raw `cultivate.json`, `character.json` and `level.json` (not from the seed, and not with the planner's
 * code: levelling is a difference of cumulative totals here, a walk over the phases there).
 */
const RAW = join(SHARED_DATA_DIR, 'raw/toolbox/assets/data')

type Counts = Record<string, number>
interface RawOp {
  evolve: Counts[]
  skills: { normal: Counts[]; elite: { name: string; cost: Counts[] }[] }
  uniequip: { id: string; cost: Counts[] }[]
}
interface State {
  elite: number
  level: number
  skill: number
  masteries?: number[]
  modules?: Record<string, number>
}

const read = <T>(file: string) => JSON.parse(readFileSync(join(RAW, file), 'utf8')) as T
// Read only where the shared data sits beside the checkout (the suite is skipped elsewhere).
const raw = existsSync(RAW)
  ? {
      cultivate: read<Record<string, RawOp>>('cultivate.json'),
      character: read<Record<string, { star: number }>>('character.json'),
      level: read<{ maxLevel: number[][]; characterExp: number[][]; characterUpgradeCost: number[][]; eliteCost: number[][] }>('level.json'),
    }
  : null

describe.skipIf(raw === null)('operator goals against the raw toolbox data', () => {
  const { cultivate, character, level } = raw ?? { cultivate: {}, character: {}, level: { maxLevel: [], characterExp: [], characterUpgradeCost: [], eliteCost: [] } }

  /** EXP (or LMD) from Elite 0 level 1 to (elite, lvl): every full phase below, then the levels of this one. */
  const cumulative = (table: number[][], star: number, elite: number, lvl: number): number => {
    let total = 0
    for (let e = 0; e < elite; e++) total += (table[e] ?? []).slice(0, (level.maxLevel[star - 1]?.[e] ?? 1) - 1).reduce((a, b) => a + b, 0)
    return total + (table[elite] ?? []).slice(0, lvl - 1).reduce((a, b) => a + b, 0)
  }
  const expected = (id: string, from: State, to: State) => {
    const c = cultivate[id]
    const star = character[id]?.star ?? 0
    const items: Counts = {}
    const take = (list: Counts[] | undefined, a: number, b: number) => {
      for (const counts of (list ?? []).slice(a, b)) for (const [k, n] of Object.entries(counts)) if (n > 0) items[k] = (items[k] ?? 0) + n
    }
    take(c?.evolve, from.elite, to.elite)
    take(c?.skills.normal, from.skill - 1, to.skill - 1)
    c?.skills.elite.forEach((s, i) => take(s.cost, from.masteries?.[i] ?? 0, to.masteries?.[i] ?? 0))
    for (const u of c?.uniequip ?? []) take(u.cost, from.modules?.[u.id] ?? 0, to.modules?.[u.id] ?? 0)
    const promotions = (level.eliteCost[star - 1] ?? []).slice(from.elite, to.elite).reduce((a, b) => a + b, 0)
    const exp = cumulative(level.characterExp, star, to.elite, to.level) - cumulative(level.characterExp, star, from.elite, from.level)
    const lmd = cumulative(level.characterUpgradeCost, star, to.elite, to.level) - cumulative(level.characterUpgradeCost, star, from.elite, from.level) + promotions
    return { operator: id, items, lmd, exp }
  }

  const E0 = { elite: 0, level: 1, skill: 1 }
  /** Everything: Elite 2 level 90 (or the cap), skill 7, every skill Mastery 3, every module stage 3. */
  const full = (id: string) => {
    const c = cultivate[id]
    const star = character[id]?.star ?? 0
    const masteries = (c?.skills.elite ?? []).map(() => 3)
    return {
      operator: id,
      from: { ...E0, masteries: masteries.map(() => 0), modules: {} },
      to: { elite: 2, level: level.maxLevel[star - 1]?.[2] ?? 0, skill: 7, masteries, modules: Object.fromEntries((c?.uniequip ?? []).map((u) => [u.id, 3])) },
    }
  }
  const goals = [
    full('332_archet'), // a 6-star, Elite 0 → Elite 2 90, all Mastery 3, three modules at stage 3
    full('103_angel'), // a 6-star with two modules
    full('002_amiya'), // Amiya: her 3 skills and her Guard and Medic forms' 2 + 2, her 3 forms' modules
    {
      operator: '102_texas', // issue 39 item 6's example
      from: { ...E0, masteries: [0, 0], modules: {} },
      to: { elite: 2, level: 60, skill: 7, masteries: [0, 3], modules: { uniequip_002_texas: 2 } },
    },
    { operator: '123_fang', from: { ...E0, masteries: [] }, to: { elite: 1, level: 55, skill: 7, masteries: [] } }, // a 3-star
    { operator: '150_snakek', from: { elite: 1, level: 30, skill: 4 }, to: { elite: 2, level: 70, skill: 7, masteries: [1, 2] } }, // 4-star
    { operator: '128_plosis', from: { elite: 0, level: 20, skill: 2 }, to: { elite: 1, level: 70, skill: 7 } },
    { operator: '010_chen', from: { elite: 2, level: 1, skill: 7, masteries: [0, 1, 0] }, to: { elite: 2, level: 90, skill: 7, masteries: [3, 1, 2] } },
    { operator: '285_medic2', from: E0, to: { elite: 0, level: 30, skill: 1 } }, // a 1-star: levelling only
    { operator: '009_12fce', from: { elite: 0, level: 5, skill: 1 }, to: { elite: 0, level: 30, skill: 1 } }, // a 2-star
    { operator: '151_myrtle', from: { elite: 2, level: 1, skill: 7 }, to: { elite: 2, level: 1, skill: 7, modules: { uniequip_002_myrtle: 3 } } },
    { operator: '4237_jcinta', from: E0, to: { elite: 2, level: 1, skill: 7 } }, // on CN only
  ]

  it.each(dbTargets())('sums 12 operators’ goals as the raw files do, through the API on $name', async (target) => {
    const ctx: TestContext = await createTestContext(target)
    try {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/v2/planner/operators', payload: { server: 'CN', goals } })
      expect(res.statusCode, res.body).toBe(200)
      const body = res.json() as { items: Counts; lmd: number; exp: number; perGoal: { operator: string; items: Counts; lmd: number; exp: number }[] }
      const want = goals.map((g) => expected(g.operator, g.from, g.to))
      expect(body.perGoal).toEqual(want)
      const items: Counts = {}
      for (const w of want) for (const [k, n] of Object.entries(w.items)) items[k] = (items[k] ?? 0) + n
      expect(body.items).toEqual(items)
      expect(body.lmd).toBe(want.reduce((a, w) => a + w.lmd, 0))
      expect(body.exp).toBe(want.reduce((a, w) => a + w.exp, 0))

      // Figures a player knows: a 6-star from Elite 0 level 1 to Elite 2 level 90 takes 1,111,400 EXP, and
      expect(body.perGoal[0]?.exp).toBe(1_111_400)
      // Amiya's three forms' modules each take 2 unlock tokens per stage.
      expect(body.perGoal[2]?.items.mod_unlock_token).toBe(3 * 3 * 2)
      expect(Object.keys(body.items).length).toBeGreaterThan(40)
    } finally {
      await ctx.close()
    }
  })
})
