import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { createDb, type Db } from './db/db'
import { seededDataDir } from './testing/seeded-database'
import { freePort, spawnServer, waitForOk } from './testing/server-process'
import { dbTargets } from './testing/test-app'

const start = async (env: Record<string, string>) => {
  const port = await freePort()
  const running = spawnServer({ PORT: String(port), RATE_LIMIT_WRITES_PER_MINUTE: '1000000', ...env }, { stdout: process.env.KILL_TEST_DEBUG ? 'inherit' : 'ignore' })
  const url = `http://127.0.0.1:${port}`
  await waitForOk(running, `${url}/api/_/health`, 90_000)
  return { child: running.child, url }
}

const R = JSON.stringify({
  server: 'CN',
  source: 'MaaAssistantArknights',
  version: 'v5.9.0',
  stageId: 'wk_kc_5',
  drops: [{ dropType: 'NORMAL_DROP', itemId: '2004', quantity: 3 }],
})

// SIGKILL during a stream of reports: after a restart every acknowledged (200) report is stored.
describe.each(dbTargets())('crash safety on $name', (target) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dropwise-kill-'))
  let schemaDb: Db | null = null
  let schema = ''
  afterAll(async () => {
    if (schemaDb) {
      await sql.raw(`drop schema if exists ${schema} cascade`).execute(schemaDb.kysely)
      await schemaDb.close()
    }
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('loses no acknowledged report when the server is killed mid-stream', async () => {
    let env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: '' }
    // PGlite starts from a copy of the seeded folder: seeding is server.test's subject, not this one's (~12 s of CPU).
    if (target.name === 'pglite') cpSync(await seededDataDir(), dataDir, { recursive: true })
    if (target.name === 'postgres' && target.url) {
      schema = `kill_${Date.now().toString(36)}`
      schemaDb = await createDb({ kind: 'postgres', url: target.url, poolSize: 1 })
      await sql.raw(`create schema ${schema}`).execute(schemaDb.kysely)
      const url = new URL(target.url)
      url.searchParams.set('options', `-c search_path=${schema}`)
      env = { DATABASE_URL: url.toString() }
    }
    const server = await start(env)
    const acknowledged: string[] = []
    let stop = false
    const sender = async () => {
      while (!stop) {
        try {
          const res = await fetch(`${server.url}/PenguinStats/api/v2/report`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: R })
          if (res.status === 200) acknowledged.push(((await res.json()) as { reportHash: string }).reportHash)
        } catch {
          return // the server is gone
        }
      }
    }
    const senders = Array.from({ length: 8 }, sender)
    while (acknowledged.length < 300) await new Promise((r) => setTimeout(r, 20))
    if (process.env.KILL_TEST_DEBUG) console.log('killing after', acknowledged.length)
    server.child.kill('SIGKILL')
    stop = true
    await Promise.all(senders)
    if (process.env.KILL_TEST_DEBUG) console.log('senders stopped; exit code', server.child.exitCode, server.child.signalCode)
    // A process killed by a signal has signalCode set and exitCode null.
    await new Promise((r) => (server.child.exitCode !== null || server.child.signalCode !== null ? r(null) : server.child.once('exit', r)))
    expect(acknowledged.length).toBeGreaterThanOrEqual(300)

    // Restart on the same data: it must come up, and every acknowledged hash must be there.
    if (process.env.KILL_TEST_DEBUG) console.log('restarting')
    const again = await start(env)
    if (process.env.KILL_TEST_DEBUG) console.log('restarted')
    const exited = new Promise((r) => again.child.once('exit', r))
    again.child.kill('SIGTERM')
    await exited
    const db = env.DATABASE_URL ? await createDb({ kind: 'postgres', url: env.DATABASE_URL, poolSize: 1 }) : await createDb({ kind: 'pglite', dataDir })
    try {
      const found = new Set<string>()
      for (let i = 0; i < acknowledged.length; i += 500) {
        const rows = await db.kysely
          .selectFrom('drop_reports')
          .select('report_hash')
          .where('report_hash', 'in', acknowledged.slice(i, i + 500))
          .execute()
        for (const r of rows) found.add(r.report_hash)
      }
      expect(acknowledged.filter((h) => !found.has(h))).toEqual([])
    } finally {
      await db.close()
    }
  }, 240_000)
})
