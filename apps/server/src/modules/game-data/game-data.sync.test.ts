import type { DataVersions, Health, Item, Stage, Zone } from '@dropwise/schemas'
import { describe, expect, it } from 'vitest'
import { addFutureEvent, FUTURE } from '../../testing/future-event'
import { SYNC_TOKEN, useSyncedApp } from '../../testing/game-data-mirror'
import { R } from '../../testing/reports'
import { dbTargets } from '../../testing/test-app'

const BASE = '/PenguinStats/api/v2'

/**
 * Issue 36 acceptance, items 1-2: a newer snapshot of the real sources, served in the raw layout from a local
 * HTTP server, with a future event added (CN open now, US a week later). Broken updates are refused with the
 * data unchanged and the reason in health; the next good update applies.
 */
describe.each(dbTargets())('game-data sync on $name', (target) => {
  const env = useSyncedApp(target)

  const get = async <T>(url: string) => (await env.ctx.app.inject({ method: 'GET', url })).json<T>()
  const stagesOf = (server: string) => get<Stage[]>(`${BASE}/stages?server=${server}`)
  const sync = () => env.ctx.app.inject({ method: 'POST', url: '/api/_/data/sync', headers: { authorization: `Bearer ${SYNC_TOKEN}` } })
  const snapshot = async () => ({
    version: (await get<DataVersions>('/api/_/data')).current.version,
    stages: (await env.ctx.app.inject({ method: 'GET', url: `${BASE}/stages?server=CN` })).body,
    items: (await env.ctx.app.inject({ method: 'GET', url: `${BASE}/items` })).body,
  })

  it('starts at the seed, version 1; the sync route wants the token', async () => {
    const data = await get<DataVersions>('/api/_/data')
    expect(data.current).toMatchObject({ version: 1, origin: 'seed' })
    expect(data.current.sources.length).toBeGreaterThan(20)
    expect((await env.ctx.app.inject({ method: 'POST', url: '/api/_/data/sync' })).statusCode).toBe(401)
    const health = await get<Health>('/api/_/health')
    expect(health.data).toMatchObject({ version: 1, lastSync: null })
  })

  const refused = async (edit: () => Promise<void>, reason: RegExp) => {
    await env.mirror.reset()
    await edit()
    const before = await snapshot()
    const res = await sync()
    expect(res.statusCode).toBe(200)
    expect(res.json().status).toMatchObject({ outcome: 'refused', version: null })
    expect(res.json().status.reason).toMatch(reason)
    expect(await snapshot()).toEqual(before)
    const health = await get<Health>('/api/_/health')
    expect(health.data?.lastSync).toMatchObject({ outcome: 'refused' })
    expect(health.data?.lastSync?.reason).toMatch(reason)
    expect((await get<DataVersions>('/api/_/data')).lastSync?.reason).toMatch(reason)
  }

  it('refuses a truncated file', async () => {
    await refused(async () => {
      const text = JSON.stringify(await env.mirror.read('gamedata/zh_CN/item_table.json'))
      await env.mirror.write('gamedata/zh_CN/item_table.json', text.slice(0, Math.floor(text.length / 2)))
    }, /gamedata\/zh_CN\/item_table\.json is not valid JSON/)
  }, 60_000)

  it('refuses a file that fails its schema', async () => {
    await refused(async () => {
      const maa = await env.mirror.read<{ stageId: string; code: string }[]>('maa/stages.json')
      await env.mirror.write(
        'maa/stages.json',
        maa.map(({ stageId, ...rest }) => ({ ...rest, id: stageId })),
      )
    }, /maa\/stages\.json does not match its schema at 0\.stageId/)
  }, 60_000)

  it('refuses an update that removes 30 % of the stages of a source', async () => {
    // MAA's list of open stages loses 30 %: their current drop pools would vanish.
    await refused(async () => {
      const maa = await env.mirror.read<unknown[]>('maa/stages.json')
      await env.mirror.write('maa/stages.json', maa.slice(0, Math.floor(maa.length * 0.7)))
    }, /would remove \d+ of \d+ (stages|drop infos open now)/)
    // Penguin's stage list is pinned: the same cut there is refused by its checksum.
    await refused(async () => {
      const stages = await env.mirror.read<unknown[]>('penguin-api-2024-10-17/stages.json')
      await env.mirror.write('penguin-api-2024-10-17/stages.json', stages.slice(0, Math.floor(stages.length * 0.7)))
    }, /is pinned, but its SHA-256/)
  }, 120_000)

  it('applies the next good update: the future event is on /stages, /zones and /items on the right servers', async () => {
    await env.mirror.reset()
    const now = Date.now()
    const { us } = await addFutureEvent(env.mirror, now)
    const res = await sync()
    expect(res.json().status).toMatchObject({ outcome: 'applied', version: 2, reason: null })
    expect(res.json().changes.stages.added).toBeGreaterThanOrEqual(3)
    expect(res.json().changes.items.added).toBe(1)

    const cn = new Map((await stagesOf('CN')).map((s) => [s.stageId, s]))
    for (const [i, id] of FUTURE.stages.entries()) {
      const s = cn.get(id)
      expect(s, id).toMatchObject({ zoneId: FUTURE.zoneId, stageType: 'ACTIVITY', code: FUTURE.codes[i], apCost: 15 + i })
      expect(s?.existence.CN.exist).toBe(true)
      expect(s?.existence.JP.exist).toBe(false)
      expect(s?.dropInfos?.length, `${id} drop infos on CN`).toBeGreaterThan(0)
    }
    expect(cn.get('act90side_01')?.dropInfos?.map((d) => d.itemId)).toContain('30012')
    expect(cn.get('act90side_03')?.dropInfos?.map((d) => d.itemId)).toContain(FUTURE.newItem)
    // US: the stage exists and opens a week later: no drop info is active yet.
    const usStage = (await stagesOf('US')).find((s) => s.stageId === 'act90side_01')
    expect(usStage?.existence.US).toMatchObject({ exist: true, openTime: us.startTs * 1000 })
    expect(usStage?.dropInfos).toBeUndefined()

    const zone = (await get<Zone[]>(`${BASE}/zones`)).find((z) => z.zoneId === FUTURE.zoneId)
    expect(zone).toMatchObject({ type: 'ACTIVITY', zoneName_i18n: { en: 'Future Echoes' }, stages: [...FUTURE.stages] })
    expect(zone?.existence.CN.exist).toBe(true)
    expect(zone?.existence.US.openTime).toBe(us.startTs * 1000)
    const item = (await get<Item[]>(`${BASE}/items`)).find((i) => i.itemId === FUTURE.newItem)
    expect(item).toMatchObject({ name_i18n: { en: 'Crystal Circuit', zh: '晶化回路' }, existence: { CN: { exist: true } } })

    const report = await env.ctx.app.inject({
      method: 'POST',
      url: `${BASE}/report`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...R, stageId: 'act90side_01', drops: [{ dropType: 'NORMAL_DROP', itemId: '30012', quantity: 1 }] }),
    })
    expect(report.statusCode).toBe(200)

    const data = await get<DataVersions>('/api/_/data')
    expect(data.versions.map((v) => v.version)).toEqual([2, 1])
    expect(data.current).toMatchObject({ origin: 'sync', counts: { stages: expect.any(Number) } })
    const maa = data.current.sources.find((s) => s.repo === 'MaaAssistantArknights/MaaResource')
    expect(maa).toMatchObject({ ref: 'main', path: 'resource/stages.json', commit: null })
    expect(maa?.sha256).toMatch(/^[0-9a-f]{64}$/)
    const health = await get<Health>('/api/_/health')
    expect(health.data).toMatchObject({ version: 2, lastSync: { outcome: 'applied', version: 2 } })

    // The same sources again: nothing to apply, no new version.
    expect((await sync()).json().status).toMatchObject({ outcome: 'unchanged', version: null })
    expect((await get<DataVersions>('/api/_/data')).current.version).toBe(2)
  }, 120_000)
})
