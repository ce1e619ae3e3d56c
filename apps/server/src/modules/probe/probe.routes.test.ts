import { decodeProbeAck, encodeProbeMessage } from '@dropwise/schemas/probe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../testing/test-app'

describe('usage probe', () => {
  let ctx: TestContext
  let url: string
  beforeAll(async () => {
    ctx = await createTestContext({ name: 'pglite' })
    url = (await ctx.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')
  })
  afterAll(async () => ctx?.close())

  const session = async (messages: Uint8Array[], headers?: Record<string, string>) => {
    const { WebSocket } = await import('ws')
    const ws = new WebSocket(`${url}/api/probe?v=1.0.0&p=web&u=${'a'.repeat(32)}&r=/`, { headers })
    const acks: ReturnType<typeof decodeProbeAck>[] = []
    await new Promise<void>((resolve, reject) => {
      ws.on('open', () => messages.forEach((m) => ws.send(m)))
      ws.on('message', (data: Buffer) => {
        acks.push(decodeProbeAck(new Uint8Array(data)))
        if (acks.length === messages.length) ws.close(1000)
      })
      ws.on('close', () => resolve())
      ws.on('error', reject)
    })
    return acks
  }

  it('acknowledges every message and counts them without keeping ids', async () => {
    const acks = await session([
      encodeProbeMessage({ type: 'NAVIGATED', language: 'EN_US', path: '/result/item/30012' }),
      encodeProbeMessage({ type: 'ENTERED_SEARCH_RESULT', language: 'ZH_CN', stageId: 'main_01-07', query: '1-7', position: 0 }),
      encodeProbeMessage({
        type: 'EXECUTED_ADVANCED_QUERY',
        language: 'JA_JP',
        queries: [{ stageId: 'main_01-07', itemIds: [], server: 'US', isPersonal: false, start: 0, end: 0, interval: 86400000 }],
      }),
      new Uint8Array([1, 2, 3]),
    ])
    expect(acks.map((a) => a.type)).toEqual(['NAVIGATED', 'ENTERED_SEARCH_RESULT', 'EXECUTED_ADVANCED_QUERY', 'UNKNOWN'])
    await ctx.app.probe.flush()
    const counts = (await ctx.app.inject({ method: 'GET', url: '/api/_/probe' })).json()
    expect(counts).toMatchObject({
      connections: 1,
      messages: { NAVIGATED: 1, ENTERED_SEARCH_RESULT: 1, EXECUTED_ADVANCED_QUERY: 1, UNKNOWN: 1 },
      languages: { EN_US: 1, ZH_CN: 1, JA_JP: 1 },
      paths: { '/result/item/30012': 1 },
      searchResults: { 'main_01-07': 1 },
      advancedQueryStages: { 'US:main_01-07': 1 },
    })
    expect(JSON.stringify(counts)).not.toContain('a'.repeat(32))
  })

  it('a path the database cannot store is not counted, and does not stop the other counts from being stored', async () => {
    await session([
      encodeProbeMessage({ type: 'NAVIGATED', language: 'EN_US', path: '/poison\u0000' }),
      encodeProbeMessage({ type: 'NAVIGATED', language: 'EN_US', path: '/after-poison' }),
    ])
    await ctx.app.probe.flush()
    const stored = await ctx.db.kysely.selectFrom('properties').select('value').where('key', '=', 'probe.counts').executeTakeFirstOrThrow()
    const paths = (stored.value as { paths: Record<string, number> }).paths
    expect(paths['/after-poison']).toBe(1)
    expect(Object.keys(paths).some((p) => p.includes('\u0000'))).toBe(false)
  })

  it('answers but does not count a client that sends DNT: 1', async () => {
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/_/probe' })).json()
    await session([encodeProbeMessage({ type: 'NAVIGATED', language: 'EN_US', path: '/dnt' })], { DNT: '1' })
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/_/probe' })).json()
    expect(after.connections).toBe(before.connections)
    expect(after.paths['/dnt']).toBeUndefined()
  })
})
