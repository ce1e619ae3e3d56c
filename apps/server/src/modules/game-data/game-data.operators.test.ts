import { operatorsListResponseSchema, type DataVersions } from '@dropwise/schemas'
import { describe, expect, it } from 'vitest'
import { SYNC_TOKEN, useSyncedApp } from '../../testing/game-data-mirror'
import { dbTargets } from '../../testing/test-app'

const NEW = '4999_newop'

/**
 * Issue 39 item 1: operators follow the game-data sync like items. The toolbox publishes a new operator and
 * changes an existing one's Elite 2 cost; one sync applies both as a new data version, and the operators API
 * and the operator-goal costs answer from it without a restart. Sources unchanged: nothing is written. On PGlite
 * only: the operators' writes run on PostgreSQL in the seed load (operators.acceptance.test.ts), the same statements.
 */
describe.each(dbTargets().filter((t) => t.name === 'pglite'))('operators follow the game-data sync on $name', (target) => {
  const env = useSyncedApp(target)

  const sync = async () => (await env.ctx.app.inject({ method: 'POST', url: '/api/_/data/sync', headers: { authorization: `Bearer ${SYNC_TOKEN}` } })).json()
  const operators = async () => operatorsListResponseSchema.parse((await env.ctx.app.inject({ method: 'GET', url: '/api/v2/operators?server=CN' })).json())
  const e2Cost = async (operator: string) =>
    (
      await env.ctx.app.inject({
        method: 'POST',
        url: '/api/v2/planner/operators',
        payload: {
          server: 'CN',
          goals: [
            { operator, from: { elite: 1, level: 1, skill: 1, masteries: [0, 0], modules: {} }, to: { elite: 2, level: 1, skill: 1, masteries: [0, 0], modules: {} } },
          ],
        },
      })
    ).json<{ items: Record<string, number> }>().items

  it('writes no operator while the toolbox is unchanged', async () => {
    // The first sync brings the seed's event windows up to today; the operators are the seed's already.
    const first = await sync()
    expect(first.status.outcome, JSON.stringify(first.status)).toMatch(/applied|unchanged/)
    expect(first.changes.operators).toMatchObject({ added: 0, removed: 0, changed: 0 })
    const again = await sync()
    expect(again.status.outcome).toBe('unchanged')
  }, 120_000)

  it('applies a new operator and a changed cost as one version, served at once', async () => {
    type Table = Record<string, unknown>
    const character = await env.mirror.read<Record<string, Table>>('toolbox/assets/data/character.json')
    character[NEW] = { ...character['102_texas'], appellation: 'Newop', romaji: 'nyuoppu', pinyin: { full: 'xinganyuan', head: 'xgy' } }
    await env.mirror.write('toolbox/assets/data/character.json', character)
    const cultivate = await env.mirror.read<Record<string, { evolve: Record<string, number>[] }>>('toolbox/assets/data/cultivate.json')
    cultivate[NEW] = structuredClone(cultivate['102_texas']!)
    // Texas's Elite 2 now asks for one more 3213 (a changed cost, as the game's tables sometimes fix).
    const texasE2 = cultivate['102_texas']!.evolve[1]!
    texasE2['3213'] = (texasE2['3213'] ?? 0) + 1
    await env.mirror.write('toolbox/assets/data/cultivate.json', cultivate)
    for (const [lang, name] of [
      ['cn', '新干员'],
      ['us', 'Newop'],
    ] as const) {
      const names = await env.mirror.read<Record<string, string>>(`toolbox/assets/locales/${lang}/character.json`)
      names[NEW] = name
      await env.mirror.write(`toolbox/assets/locales/${lang}/character.json`, names)
    }
    const before = await e2Cost('102_texas')

    const answer = await sync()
    expect(answer.status.outcome, JSON.stringify(answer.status)).toBe('applied')
    expect(answer.changes.operators).toMatchObject({ added: 1, removed: 0, changed: 1 })
    const listed = await operators()
    expect(listed.operators.find((o) => o.id === NEW)).toMatchObject({ star: 5, name_i18n: { zh: '新干员', en: 'Newop' }, servers: ['CN', 'US'] })
    expect(await e2Cost('102_texas')).toEqual({ ...before, '3213': (before['3213'] ?? 0) + 1 })
    expect(await e2Cost(NEW)).toEqual(before)
    const versions = (await env.ctx.app.inject({ method: 'GET', url: '/api/_/data' })).json<DataVersions>()
    expect(versions.current.counts.operators).toBe(426)
    expect(versions.current.sources.some((s) => s.path === 'assets/data/cultivate.json')).toBe(true)
  }, 120_000)
})
