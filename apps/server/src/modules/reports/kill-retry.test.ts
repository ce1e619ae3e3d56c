import type { ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { createDb, type Db } from '../../db/db'
import { keyedReport, storedByKey } from '../../testing/reports'
import { seededDataDir } from '../../testing/seeded-database'
import { hasRedis, startRedis } from '../../testing/private-redis'
import { freePort, spawnServer, waitForOk, type ServerProcess } from '../../testing/server-process'
import { dbTargets } from '../../testing/test-app'

const SENDERS = 12
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const start = async (env: Record<string, string>) => {
  const port = await freePort()
  const proc = spawnServer({ PORT: String(port), RATE_LIMIT_WRITES_PER_MINUTE: '1000000', ...env }, { stdout: 'ignore' })
  const url = `http://127.0.0.1:${port}`
  await waitForOk(proc, `${url}/api/_/health`, 90_000)
  return { proc, url }
}
const killed = (proc: ServerProcess) => {
  proc.child.kill('SIGKILL')
  return proc.exited
}

/**
 * kill -9 under write load while every client retries its request with the same idempotency key until it
 * gets an answer (as MAA does): reports committed but not yet answered when the process died must not be
 * stored again by the retries, and no retry may get a 5xx from a lock the dead process left.
 * Each report carries its key in `version`, so the rows per key can be counted. On PostgreSQL the server
 * uses a private Redis (when redis-server is installed) that keeps the dead process's in-flight marks;
 * on PGlite it runs without Redis (marks in the process, keys in the table only).
 */
describe.each(dbTargets())('kill -9 with clients retrying the same keys on $name', (target) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dropwise-kill-retry-'))
  let admin: Db | null = null
  let schema = ''
  let redis: ChildProcess | null = null
  afterAll(async () => {
    redis?.kill('SIGKILL')
    if (admin) {
      await sql.raw(`drop schema if exists ${schema} cascade`).execute(admin.kysely)
      await admin.close()
    }
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('acknowledges every report once: 0 lost, 0 duplicated, 0 5xx', async () => {
    let env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: '' }
    if (target.name === 'pglite') cpSync(await seededDataDir(), dataDir, { recursive: true })
    if (target.name === 'postgres' && target.url) {
      schema = `killretry_${Date.now().toString(36)}`
      admin = await createDb({ kind: 'postgres', url: target.url, poolSize: 1 })
      await sql.raw(`create schema ${schema}`).execute(admin.kysely)
      const url = new URL(target.url)
      url.searchParams.set('options', `-c search_path=${schema}`)
      env = { DATABASE_URL: url.toString() }
      if (hasRedis) {
        const port = await freePort()
        redis = await startRedis(port)
        env.REDIS_URL = `redis://127.0.0.1:${port}`
      }
    }
    let server = await start(env)
    let up: Promise<unknown> = Promise.resolve()
    const acknowledged = new Map<string, string>()
    const fiveHundreds: string[] = []
    let retriedAfterCrash = 0
    let replayed = 0
    const recoveryMs: number[] = []
    let stop = false

    // One request per key, retried until it is answered 200 (a lost connection, a 5xx or a 503 alike).
    const send = async (key: string) => {
      for (let attempt = 0; ; attempt++) {
        await up
        try {
          const res = await fetch(`${server.url}/PenguinStats/api/v2/report`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-penguin-idempotency-key': key },
            body: JSON.stringify(keyedReport(key)),
          })
          const text = await res.text()
          if (res.status === 200) {
            acknowledged.set(key, (JSON.parse(text) as { reportHash: string }).reportHash)
            if (attempt > 0) retriedAfterCrash++
            if (res.headers.get('x-penguin-idempotency') === 'hit') replayed++
            return
          }
          if (res.status >= 500) fiveHundreds.push(`${res.status} ${text}`)
          else throw new Error(`${key}: ${res.status} ${text}`)
        } catch (err) {
          if (err instanceof Error && err.message.startsWith(key)) throw err
          // The server is gone: retry once it is back.
        }
        await sleep(20)
      }
    }
    const sender = async (n: number) => {
      for (let i = 0; !stop; i++) await send(`k${n}x${i}`)
    }
    const senders = Array.from({ length: SENDERS }, (_, n) => sender(n))

    for (let round = 0; round < 2; round++) {
      const goal = acknowledged.size + 100
      while (acknowledged.size < goal) await sleep(10)
      let restarted: () => void = () => {}
      up = new Promise((r) => (restarted = () => r(null)))
      await killed(server.proc)
      const killedAt = performance.now()
      server = await start(env)
      restarted()
      // Time to recover: from the kill until the retries of the requests cut off are all answered.
      const cutOff = acknowledged.size
      while (acknowledged.size < cutOff + SENDERS) await sleep(10)
      recoveryMs.push(Math.round(performance.now() - killedAt))
    }
    const final = acknowledged.size + 30
    while (acknowledged.size < final) await sleep(10)
    stop = true
    await Promise.all(senders)
    server.proc.child.kill('SIGTERM')
    await server.proc.exited

    const db = env.DATABASE_URL ? await createDb({ kind: 'postgres', url: env.DATABASE_URL, poolSize: 1 }) : await createDb({ kind: 'pglite', dataDir })
    try {
      const byKey = storedByKey(await db.kysely.selectFrom('drop_reports').select(['version', 'report_hash']).execute())
      const lost = [...acknowledged].filter(([key, hash]) => !byKey.get(key)?.includes(hash)).map(([key]) => key)
      const duplicated = [...byKey].filter(([, hashes]) => hashes.length > 1).map(([key]) => key)
      console.log(
        `kill -9 ×2 on ${target.name}${env.REDIS_URL ? ' with Redis' : ''}: acknowledged ${acknowledged.size}, retried across a crash ${retriedAfterCrash} ` +
          `(${replayed} answered by the first answer: committed before the kill), ` +
          `lost ${lost.length}, duplicated ${duplicated.length}, 5xx ${fiveHundreds.length}, recovered in ${recoveryMs.join(' and ')} ms (restart included)`,
      )
      expect(lost).toEqual([])
      expect(duplicated).toEqual([])
      expect(fiveHundreds).toEqual([])
    } finally {
      await db.close()
    }
  }, 180_000)
})
