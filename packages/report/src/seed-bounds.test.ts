import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { SeedDropInfoFileSchema, type SeedDropInfo } from '@dropwise/schemas'
import { describe, expect, it } from 'vitest'
import { validateReport, type ValidationLevel } from './validate-report'
import { verifyReport } from './verify-report'

// Real drop tables: the open CN drop infos of the committed seed (data/seed/drop-infos.json).
const seedFile = fileURLToPath(new URL('../../../data/seed/drop-infos.json', import.meta.url))
const infos: SeedDropInfo[] = SeedDropInfoFileSchema.parse(JSON.parse(readFileSync(seedFile, 'utf8')))
const tableOf = (stageId: string) => {
  const table = infos.filter((i) => i.server === 'CN' && i.stageId === stageId && i.end === null)
  if (table.length === 0) throw new Error(`no open drop infos for ${stageId}`)
  return table
}

type D = 'NORMAL_DROP' | 'SPECIAL_DROP' | 'EXTRA_DROP' | 'FURNITURE'
const drop = (itemId: string, quantity: number, dropType: D = 'NORMAL_DROP') => ({ dropType, itemId, quantity })

// [stage, drops, web level, total deviation rate, failed checks ("type:EXTRA_DROP:gte" / "item:30012:lte"), server verdict]
const cases: [string, ReturnType<typeof drop>[], ValidationLevel, number, string[], boolean][] = [
  ['main_01-07', [drop('30012', 1), drop('2001', 1, 'EXTRA_DROP')], 'ok', 0, [], true],
  ['main_01-07', [drop('30012', 2), drop('2001', 2, 'EXTRA_DROP'), drop('30011', 1, 'EXTRA_DROP')], 'ok', 0, [], true],
  ['main_01-07', [drop('30012', 3), drop('2001', 1, 'EXTRA_DROP')], 'warning', 0.5, ['item:30012:lte'], false],
  [
    'main_01-07',
    [drop('30012', 1), drop('2001', 1, 'EXTRA_DROP'), drop('30011', 1, 'EXTRA_DROP'), drop('3003', 1, 'EXTRA_DROP')],
    'warning',
    0.5,
    ['type:EXTRA_DROP:lte'],
    false,
  ],
  ['main_01-07', [drop('30012', 1)], 'warning', 2, ['type:EXTRA_DROP:gte', 'item:2001:gte'], false],
  ['main_01-07', [], 'danger', 4, ['type:NORMAL_DROP:gte', 'type:EXTRA_DROP:gte', 'item:2001:gte', 'item:30012:gte'], false],
  ['main_01-07', [drop('30012', 1), drop('2001', 1, 'EXTRA_DROP'), drop('furni', 1, 'FURNITURE')], 'ok', 0, [], true],
  ['main_01-07', [drop('30012', 1), drop('2001', 1, 'EXTRA_DROP'), drop('furni', 2, 'FURNITURE')], 'warning', 1, ['item:furni:lte'], false],
  // main_05-10: 30012 may drop 0, 2 or 3 but never exactly 1 (an exception: the web warns, the server does not enforce it).
  ['main_05-10', [drop('30012', 2)], 'ok', 0, [], true],
  ['main_05-10', [drop('30012', 1)], 'warning', 0, ['item:30012:not'], true],
  ['wk_kc_5', [drop('2002', 1), drop('2003', 1), drop('2004', 3)], 'ok', 0, [], true],
  ['wk_kc_5', [drop('2002', 1), drop('2003', 1), drop('2004', 2)], 'warning', 1 / 3, ['item:2004:gte'], false],
  // An item without a rule is not flagged by the web (the form never offers it) but fails on the server.
  ['wk_kc_5', [drop('2002', 1), drop('2003', 1), drop('2004', 3), drop('30012', 1)], 'warning', 1 / 3, ['type:NORMAL_DROP:lte'], false],
  ['pro_a_1', [drop('3231', 1)], 'ok', 0, [], true],
  ['pro_a_1', [drop('3231', 1), drop('3261', 1)], 'warning', 1, ['type:NORMAL_DROP:lte'], false],
  ['pro_a_1', [], 'warning', 1, ['type:NORMAL_DROP:gte'], false],
  ['tough_10-14', [drop('30032', 3)], 'ok', 0, [], true],
  ['tough_10-14', [drop('30032', 4)], 'warning', 1 / 3, ['item:30032:lte'], false],
  ['tough_10-14', [drop('30032', 1), drop('30083', 1)], 'ok', 0, [], true],
  ['tough_10-14', [drop('30032', 6), drop('30083', 2)], 'warning', 2, ['item:30032:lte', 'item:30083:lte'], false],
  ['tough_10-14', [drop('30032', 9), drop('30083', 2)], 'danger', 3, ['item:30032:lte', 'item:30083:lte'], false],
  ['tough_10-14', [drop('30083', 1, 'SPECIAL_DROP')], 'danger', Infinity, ['type:NORMAL_DROP:gte', 'type:SPECIAL_DROP:lte'], false],
  ['a001_01_perm', [drop('30012', 2), drop('2001', 2, 'EXTRA_DROP')], 'ok', 0, [], true],
  ['a001_01_perm', [drop('2001', 3, 'EXTRA_DROP'), drop('30011', 1, 'EXTRA_DROP')], 'warning', 0.5, ['item:2001:lte'], false],
  ['main_04-06', [drop('30013', 1), drop('30014', 1, 'SPECIAL_DROP'), drop('30011', 1, 'EXTRA_DROP')], 'ok', 0, [], true],
]

describe('report validation on real seed bounds (web pre-submit check and server verification)', () => {
  it.each(cases)('%s %j → %s (rate %d) %j, server passes: %s', (stageId, drops, level, rate, checks, serverOk) => {
    const table = tableOf(stageId)
    const result = validateReport(drops, table)
    expect(result.level).toBe(level)
    if (Number.isFinite(rate)) expect(result.totalRate).toBeCloseTo(rate, 10)
    else expect(result.totalRate).toBe(Infinity)
    const failed = result.violations.map((v) => (v.kind === 'type' ? `type:${v.dropType}:${v.check}` : `item:${v.itemId}:${v.check}`))
    expect(failed.sort()).toEqual([...checks].sort())
    expect(verifyReport({ drops, times: 1 }, table).ok).toBe(serverOk)
  })

  it('has at least 20 cases, exceptions and drop-type counts among them', () => {
    expect(cases.length).toBeGreaterThanOrEqual(20)
    expect(cases.some(([, , , , c]) => c.some((x) => x.endsWith(':not')))).toBe(true)
    expect(cases.filter(([, , , , c]) => c.some((x) => x.startsWith('type:'))).length).toBeGreaterThanOrEqual(5)
  })
})
