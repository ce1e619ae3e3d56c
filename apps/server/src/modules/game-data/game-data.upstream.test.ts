import type { ChangesFeed, DataSyncResult, DataVersions, Health, Item, Stage, Zone } from '@dropwise/schemas'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { referenceAnswer20241017, startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream'
import { SYNC_TOKEN, useSyncedApp } from '../../testing/game-data-mirror'
import { DAY, NEW_ITEM, NEW_STAGE, NEW_ZONE, newStage, serveStages, serveUpstreamReference, T } from '../../testing/upstream-reference'
import { dbTargets } from '../../testing/test-app'
import type { UpstreamExtract } from './game-data.upstream'

const BASE = '/PenguinStats/api/v2'
const REPORT = {
  server: 'CN',
  source: 'MeoAssistant',
  version: 'v3.0.4',
  stageId: NEW_STAGE,
  drops: [
    { dropType: 'NORMAL_DROP', itemId: '30012', quantity: 2 },
    { dropType: 'NORMAL_DROP', itemId: NEW_ITEM, quantity: 7 },
  ],
}

/**
 * Issue 40, "the upstream's stages, zones and items are one more source for the game-data sync": a fake
 * upstream serves the real penguin-api answers of 2024-10-17 (every server) plus one new event stage, with a
 * new zone and item, and a known stage it disagrees on. Through the real app: the sync adds what the local
 * sources lack with the upstream's drop infos, keeps the local tables' names, costs and bounds, and a report
 * for the new stage, held before, is accepted; a down, broken or cut upstream never blocks the sync nor
 * closes what it opened, and health says why.
 */
describe.each(dbTargets())('the upstream as a game-data source on $name', (target) => {
  let upstream: FakeUpstream
  let stages: Record<string, unknown>[] = []
  beforeAll(async () => {
    upstream = await startFakeUpstream()
    stages = await referenceAnswer20241017('stages')
  })
  const env = useSyncedApp(target, () => ({ gameData: { upstreamUrl: upstream.url } }))
  afterAll(async () => upstream?.close())

  const serveAll = (list: Record<string, unknown>[]) => serveStages(upstream, list)
  const serveReal = async () => {
    // The upstream disagrees on 1-7: another cost, code and bound. The local tables win these.
    const edited = stages.map((s) =>
      s.stageId === 'main_01-07'
        ? {
            ...s,
            apCost: 99,
            code_i18n: { ...(s.code_i18n as object), en: 'UP 1-7' },
            dropInfos: [{ itemId: '30012', dropType: 'NORMAL_DROP', bounds: { lower: 0, upper: 9 } }],
          }
        : s,
    )
    await serveUpstreamReference(upstream, edited)
  }
  const get = async <T>(url: string) => (await env.ctx.app.inject({ method: 'GET', url })).json<T>()
  const sync = async () => {
    const res = await env.ctx.app.inject({ method: 'POST', url: '/api/_/data/sync', headers: { authorization: `Bearer ${SYNC_TOKEN}` } })
    expect(res.statusCode, res.body).toBe(200)
    return res.json<DataSyncResult>()
  }
  const stageOn = async (server: string, stageId: string) => (await get<Stage[]>(`${BASE}/stages?server=${server}`)).find((s) => s.stageId === stageId)
  const report = async () => {
    const res = await env.ctx.app.inject({
      method: 'POST',
      url: `${BASE}/report`,
      remoteAddress: '10.40.0.1',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(REPORT),
    })
    expect(res.statusCode, res.body).toBe(200)
    const hash = res.json<{ reportHash: string }>().reportHash
    const count = async (table: 'drop_reports' | 'held_reports') =>
      Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where report_hash = ${hash}`.execute(env.ctx.db.kysely)).rows[0]?.n)
    return { stored: await count('drop_reports'), held: await count('held_reports') }
  }
  const bounds = (s: Stage | undefined) =>
    (s?.dropInfos ?? [])
      .map((d) => ({ itemId: d.itemId ?? null, dropType: d.dropType, bounds: d.bounds }))
      .sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1))
  const wanted = bounds({ dropInfos: newStage.dropInfos } as Stage)

  it('holds a report for the stage while no source names it', async () => {
    expect(await stageOn('CN', NEW_STAGE)).toBeUndefined()
    expect(await report()).toEqual({ stored: 0, held: 1 })
  }, 60_000)

  it('adds the stage, its zone and item with the upstream’s drop infos; the local tables win what they know; the report is accepted', async () => {
    await serveReal()
    const result = await sync()
    expect(result.status).toMatchObject({ outcome: 'applied', upstream: { url: upstream.url, outcome: 'used', reason: null, fetchedAt: result.status.at } })
    expect(result.changes?.stages?.ids?.added).toContain(NEW_STAGE)
    expect(result.changes?.dropInfos?.ids?.changed).toContain(`CN|${NEW_STAGE}`)

    // What the upstream gave is exactly what the local sources lack: the real answers add nothing the tables know.
    const kept = (await sql<{ value: UpstreamExtract }>`select value from properties where key = 'data.upstreamExtract'`.execute(env.ctx.db.kysely)).rows[0]?.value
    expect({
      stages: kept?.stages.map((x) => x.stageId),
      zones: kept?.zones.map((z) => z.zoneId),
      items: kept?.items.map((i) => i.itemId),
      groups: [...new Set(kept?.dropInfos.map((d) => `${d.server}|${d.stageId}`))],
    }).toEqual({ stages: [NEW_STAGE], zones: [NEW_ZONE], items: [NEW_ITEM], groups: [`CN|${NEW_STAGE}`] })
    const cn = await stageOn('CN', NEW_STAGE)
    expect(cn).toMatchObject({ zoneId: NEW_ZONE, code: 'UP-1', apCost: 18, stageType: 'ACTIVITY' })
    expect(bounds(cn)).toEqual(wanted)
    // Not open on US (the upstream says it does not exist there): listed, without drop infos.
    const us = await stageOn('US', NEW_STAGE)
    expect(us).toBeDefined()
    expect(us?.dropInfos).toBeUndefined()
    expect((await get<Zone[]>(`${BASE}/zones`)).find((z) => z.zoneId === NEW_ZONE)).toMatchObject({ zoneName_i18n: { en: 'Upstream Event' }, stages: [NEW_STAGE] })
    expect((await get<Item[]>(`${BASE}/items`)).find((i) => i.itemId === NEW_ITEM)).toMatchObject({ name_i18n: { en: 'Upstream Token' }, itemType: 'ACTIVITY_ITEM' })

    // Where they disagree, the local tables win: 1-7 keeps its cost, code and bounds.
    const seven = await stageOn('CN', 'main_01-07')
    expect(seven).toMatchObject({ apCost: 6, code_i18n: { en: '1-7' } })
    expect(seven?.dropInfos?.find((d) => d.itemId === '30012' && d.dropType === 'NORMAL_DROP')?.bounds.upper).toBe(2)

    // The version is one like any other: in the versions list with the upstream's answers as sources, and in the changes feed.
    const data = await get<DataVersions>('/api/_/data')
    expect(data.current.version).toBe(result.status.version)
    expect(data.current.sources.filter((f) => f.repo === 'upstream').map((f) => f.path)).toEqual(
      expect.arrayContaining(['stages?server=CN', 'stages?server=US', 'stages?server=JP', 'stages?server=KR', 'zones', 'items']),
    )
    const feed = await get<ChangesFeed>('/api/v2/changes?since=1')
    expect(feed.versions.find((v) => v.version === result.status.version)?.changes.stages?.ids?.added).toContain(NEW_STAGE)

    expect(await report()).toEqual({ stored: 1, held: 0 })
  }, 180_000)

  const fallsBack = async (reason: RegExp) => {
    const version = (await get<DataVersions>('/api/_/data')).current.version
    const result = await sync()
    expect(result.status).toMatchObject({ outcome: 'unchanged', upstream: { url: upstream.url, outcome: 'last-good' } })
    expect(result.status.upstream?.reason).toMatch(reason)
    expect(result.status.upstream?.fetchedAt).toBeLessThan(result.status.at)
    expect((await get<DataVersions>('/api/_/data')).current.version).toBe(version)
    expect(bounds(await stageOn('CN', NEW_STAGE))).toEqual(wanted)
    const health = await get<Health>('/api/_/health')
    expect(health.data?.lastSync?.upstream).toMatchObject({ outcome: 'last-good' })
    expect(health.data?.lastSync?.upstream?.reason).toMatch(reason)
    expect(await report()).toEqual({ stored: 1, held: 0 })
  }

  it('goes on with the last good answers while the upstream is down: nothing it opened closes, health says why', async () => {
    await upstream.down()
    try {
      await fallsBack(/could not reach http:\/\/127\.0\.0\.1:\d+\/PenguinStats\/api\/v2\/(stages\?server=[A-Z]{2}|zones|items): ECONNREFUSED/)
    } finally {
      await upstream.up()
    }
  }, 180_000)

  it('does the same for garbage, a reshaped answer and a list cut short', async () => {
    upstream.serveReference('stages?server=CN', { body: '[{"stageId": "main_01-07", "zoneId": ' })
    await fallsBack(/stages\?server=CN is not valid JSON/)
    upstream.serveReference(
      'stages?server=CN',
      stages.map(({ stageId, ...rest }) => ({ ...rest, id: stageId })),
    )
    await fallsBack(/does not match Penguin's stages at 0\.stageId/)
    upstream.serveReference('stages?server=CN', { status: 503 })
    await fallsBack(/stages\?server=CN answered 503/)
    await serveReal()
    serveAll([...stages.slice(0, 800), newStage])
    await fallsBack(/holds 801 stages, the last good one 1256: fewer than 90 %/)
  }, 600_000)

  it('closes the stage when the upstream closes it, and keeps it listed', async () => {
    await serveReal()
    const ended = { ...newStage, existence: { ...newStage.existence, CN: { exist: true, openTime: T - DAY, closeTime: T - 1000 } } }
    const { dropInfos: _gone, ...withoutDrops } = ended
    serveAll([...stages, withoutDrops])
    const result = await sync()
    expect(result.status).toMatchObject({ outcome: 'applied', upstream: { outcome: 'used' } })
    expect(result.changes?.dropInfos?.ids?.changed).toContain(`CN|${NEW_STAGE}`)
    const cn = await stageOn('CN', NEW_STAGE)
    expect(cn).toMatchObject({ code: 'UP-1' })
    expect(cn?.dropInfos).toBeUndefined()
  }, 180_000)
})
