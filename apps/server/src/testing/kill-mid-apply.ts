import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb, type Db } from '../db/db'
import { addFutureEvent } from './future-event'
import { startSourcesMirror, type SourcesMirror } from './game-data-mirror'
import { seededDataDir } from './seeded-database'
import { prepareDatabase } from '../bootstrap'
import { startServer } from './server-process'
import { printFigures, referenceCounts, servedConsistency, startWriters, storedOnce, sync, TOKEN, until } from './sync-faults'
import { SEED_DIR, type DbTarget } from './test-app'

/**
 * Issue 36: a kill -9 of the server in the middle of a game-data apply (inside its transaction, after the
 * new items, zones and stages are written and before the drop infos and the version row) leaves the old
 * version whole; no acknowledged report is lost or doubled; the next sync applies cleanly.
 */
export const describeKillMidApply = (target: DbTarget) =>
  describe(`a kill -9 in the middle of a game-data apply on ${target.name}`, () => {
    let mirror: SourcesMirror
    let dataDir = ''
    let env: Record<string, string> = {}
    let admin: Db | null = null
    let schema = ''
    beforeAll(async () => {
      mirror = await startSourcesMirror()
      await addFutureEvent(mirror, Date.now())
      dataDir = mkdtempSync(join(tmpdir(), 'dropwise-sync-kill-'))
      env = { DATA_DIR: dataDir, ASSETS_BASE_URL: mirror.url, OPS_TOKEN: TOKEN, DATA_SYNC: 'off', DEMO: '0' }
      if (target.url) {
        schema = `sync_kill_${Date.now().toString(36)}`
        admin = await createDb({ kind: 'postgres', url: target.url, poolSize: 1 })
        await sql.raw(`create schema ${schema}`).execute(admin.kysely)
        const u = new URL(target.url)
        u.searchParams.set('options', `-c search_path=${schema}`)
        env.DATABASE_URL = u.toString()
        // Migrated and seeded here, so the tables can be counted before the first start.
        const db = await createDb({ kind: 'postgres', url: env.DATABASE_URL, poolSize: 2 })
        await prepareDatabase(db, SEED_DIR).finally(() => db.close())
      } else cpSync(await seededDataDir(), dataDir, { recursive: true })
    }, 60_000)
    afterAll(async () => {
      if (admin) {
        await sql.raw(`drop schema if exists ${schema} cascade`).execute(admin.kysely)
        await admin.close()
      }
      rmSync(dataDir, { recursive: true, force: true })
      await mirror?.dispose()
    })
    const openDb = () => (env.DATABASE_URL ? createDb({ kind: 'postgres', url: env.DATABASE_URL, poolSize: 1 }) : createDb({ kind: 'pglite', dataDir }))
    const counts = async () => {
      const db = await openDb()
      try {
        return await referenceCounts(db)
      } finally {
        await db.close()
      }
    }

    it('keeps the old version whole, loses no acknowledged report, and the next sync applies', async () => {
      const start = (extra: Record<string, string> = {}) => startServer({ dataDir, env: { ...env, ...extra }, timeoutMs: 60_000 })
      const figures: Record<string, string | number>[] = []

      const baseline = await counts()
      const first = await start({ DATA_SYNC_TEST_PAUSE_MS: '120000' })
      const before = await servedConsistency(first.url)
      expect(before).toMatchObject({ problems: [], head: 1, event: false })
      const writers = startWriters(first.url)
      await until(() => writers.counts.acknowledged >= 40, 20_000, 'reports before the sync')
      void sync(first).catch(() => {}) // answered never: the process dies first
      await until(() => first.output().includes('game-data apply paused'), 30_000, 'the apply reaching its pause')
      const atPause = writers.counts.acknowledged
      await new Promise((r) => setTimeout(r, 500))
      first.child.kill('SIGKILL')
      await first.exited
      const killed = await writers.stop()
      figures.push({ phase: 'until the kill', ...killed, duringPause: killed.acknowledged - atPause })
      // The stages written before the pause were rolled back with the rest: the tables are as before.
      expect(await counts()).toEqual(baseline)

      const second = await start()
      const after = await servedConsistency(second.url)
      expect(after).toMatchObject({ problems: [], head: 1, event: false })
      const again = startWriters(second.url)
      const result = await sync(second)
      expect(result.status).toMatchObject({ outcome: 'applied', version: 2 })
      const applied = await servedConsistency(second.url)
      expect(applied).toMatchObject({ problems: [], head: 2, event: true })
      await new Promise((r) => setTimeout(r, 300))
      const next = await again.stop()
      figures.push({ phase: 'restart + next sync', ...next })
      await second.stop()

      const db = await openDb()
      try {
        const once = await storedOnce(db, [...writers.hashes, ...again.hashes])
        figures.push({ phase: 'stored', acknowledged: writers.hashes.length + again.hashes.length, lost: once.lost, duplicated: once.duplicated })
        printFigures(`kill -9 mid-apply on ${target.name}`, figures)
        expect(once).toEqual({ lost: 0, duplicated: 0 })
        expect([...writers.failures, ...again.failures]).toEqual([])
        expect(next).toMatchObject({ failed: 0, noAnswer: 0 })
        expect((await referenceCounts(db)).futureStages).toBe(3)
      } finally {
        await db.close()
      }
    }, 120_000)
  })
