import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb } from './db/db'
import { keyedReport, storedByKey } from './testing/reports'
import { seededDataDir } from './testing/seeded-database'
import { freePort, spawnServer, stopServer, waitForOk, type ServerProcess } from './testing/server-process'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const FAULT_MS = 3000
const CLIENTS = 6
// The liveness probe's limit for the test's server (60 s by default): above any statement of a loaded CI machine.
const STALL_S = 5
// The fault injection, loaded into the server process only (see its header).
const STORAGE_FAULTS = pathToFileURL(fileURLToPath(new URL('./testing/storage-faults.ts', import.meta.url))).href

/**
 * Honest clients reporting in a loop as MAA does: every report under an idempotency key of its own, carried in
 * `version` too so the rows per key can be counted; a 503 (with Retry-After) or a cut connection is retried
 * with the same key until it is answered 200. Anything else is an honest failure.
 */
const writers = (url: string, prefix: string) => {
  const acknowledged = new Map<string, string>()
  const unavailableAt: number[] = []
  const failures: string[] = []
  let replayed = 0
  let lastOkAt = 0
  let stop = false
  const send = async (key: string) => {
    while (!stop) {
      try {
        const res = await fetch(`${url}/PenguinStats/api/v2/report`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-penguin-idempotency-key': key },
          body: JSON.stringify(keyedReport(key)),
          signal: AbortSignal.timeout(10_000),
        })
        const text = await res.text()
        if (res.status === 200) {
          acknowledged.set(key, (JSON.parse(text) as { reportHash: string }).reportHash)
          if (res.headers.get('x-penguin-idempotency') === 'hit') replayed++
          lastOkAt = Date.now()
          return
        }
        if (res.status === 503 && /^\d+$/.test(res.headers.get('retry-after') ?? '') && text.includes('SERVICE_UNAVAILABLE')) unavailableAt.push(Date.now())
        else failures.push(`${res.status} ${text.slice(0, 200)}`)
      } catch (err) {
        failures.push(`no answer: ${String(err)}`)
      }
      // MAA waits Retry-After; shortened here.
      await sleep(100)
    }
  }
  const running = Array.from({ length: CLIENTS }, async (_, n) => {
    for (let i = 0; !stop; i++) await send(`${prefix}${n}x${i}`)
  })
  return {
    acknowledged,
    unavailableAt,
    failures,
    replayed: () => replayed,
    /** The time of the first report acknowledged after `since`. */
    async firstOkAfter(since: number, timeoutMs = 40_000) {
      const deadline = Date.now() + timeoutMs
      while (lastOkAt <= since) {
        if (Date.now() > deadline) throw new Error(`no report acknowledged within ${timeoutMs} ms; ${failures.length} failures: ${failures.slice(0, 3).join('; ')}`)
        await sleep(10)
      }
      return lastOkAt
    },
    async stop() {
      stop = true
      await Promise.all(running)
    },
  }
}

interface Figures {
  restarts: number
  acknowledged: number
  replayed: number
  unavailable: number
  unavailableOutsideWindow: number
  firstOkAfterClearMs: number
  lost?: number
  duplicated?: number
}

// Item 1 of issue 37 on the embedded database: storage faults under the real server process while honest
// clients report, injected by a module loaded into that process only (testing/storage-faults.ts). A full
// disk fails the statements that grow a file (503) and the next ones go through; an I/O error fails a WAL
// write, PostgreSQL answers PANIC, and the server opens the engine again on its folder (crash recovery)
// without a restart; a frozen engine (a hung disk, a PANIC PGlite never answers) ends the process by the
// liveness probe, and a restart recovers. Always: 0 acknowledged reports lost, 0 stored twice, 503 only
// inside the fault.
describe('PGlite storage faults under honest write load (a server process of its own)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dropwise-pglite-outage-'))
  const faultFile = join(mkdtempSync(join(tmpdir(), 'dropwise-fault-')), 'fault')
  const figures: Record<string, Figures> = {}
  const acknowledged = new Map<string, Map<string, string>>()
  let server: ServerProcess
  let url = ''
  let port = 0
  const alive = () => server.child.exitCode === null && server.child.signalCode === null
  // The test is the supervisor (systemd, Docker's restart policy): a server that ended is started again.
  let restarts = 0
  let supervising = true
  const start = async () => {
    server = spawnServer(
      {
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
        PGLITE_STALL_EXIT_S: String(STALL_S),
        DROPWISE_STORAGE_FAULT_FILE: faultFile,
      },
      { preload: [STORAGE_FAULTS] },
    )
    void server.exited.then(() => {
      if (!supervising) return
      restarts++
      void start().catch(() => {})
    })
    await waitForOk(server, `${url}/api/_/health`, 60_000)
  }

  beforeAll(async () => {
    cpSync(await seededDataDir(), dataDir, { recursive: true })
    writeFileSync(faultFile, '')
    port = await freePort()
    url = `http://127.0.0.1:${port}`
    await start()
  }, 120_000)
  afterAll(async () => {
    supervising = false
    if (server) await stopServer(server)
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(join(faultFile, '..'), { recursive: true, force: true })
  })

  const underFault = async (name: string, fault: 'full' | 'eio' | 'hang') => {
    const load = writers(url, name)
    const restartsBefore = restarts
    try {
      await load.firstOkAfter(Date.now())
      await sleep(500)
      const onAt = Date.now()
      writeFileSync(faultFile, fault)
      await sleep(FAULT_MS / 2)
      const health = await fetch(`${url}/api/_/health`, { signal: AbortSignal.timeout(1000) }).catch(() => null)
      const healthDuring = health ? { status: health.status, body: (await health.json()) as unknown } : 'no answer'

      // A hung disk stays hung until the frozen process is gone (then the disk is back, or the process moved).
      if (fault === 'hang') await Promise.race([server.exited, sleep(STALL_S * 1000 + 10_000)])
      else await sleep(FAULT_MS / 2)
      writeFileSync(faultFile, '')
      const clearedAt = Date.now()
      const okAt = await load.firstOkAfter(clearedAt, 60_000).catch((err: Error) => {
        throw new Error(`${err.message} (restarts ${restarts - restartsBefore}); the server's last lines:\n${server.output().slice(-2000)}`)
      })
      await sleep(1000)
      await load.stop()
      acknowledged.set(name, load.acknowledged)
      figures[name] = {
        restarts: restarts - restartsBefore,
        acknowledged: load.acknowledged.size,
        replayed: load.replayed(),
        unavailable: load.unavailableAt.length,
        unavailableOutsideWindow: load.unavailableAt.filter((t) => t < onAt || t > okAt).length,
        firstOkAfterClearMs: okAt - clearedAt,
      }
      // Cut connections are retried as MAA does, but only a restart may cut them.
      const failures = restarts > restartsBefore ? load.failures.filter((f) => !f.startsWith('no answer')) : load.failures
      expect(failures, 'honest requests answered something else than 200 or 503').toEqual([])
      expect(alive(), `the server is down:\n${server.output()}`).toBe(true)
      expect(figures[name].unavailableOutsideWindow).toBe(0)
      expect((await fetch(`${url}/api/_/health`)).status).toBe(200)
      return healthDuring
    } finally {
      writeFileSync(faultFile, '')
      await load.stop()
    }
  }

  it('(a) a full disk for 3 s: 503 while it lasts, 200 again at once', async () => {
    await underFault('full', 'full')
    expect(figures.full?.restarts).toBe(0)
    expect(figures.full?.unavailable).toBeGreaterThan(0)
    expect(figures.full?.firstOkAfterClearMs).toBeLessThan(2000)
  }, 60_000)

  // PGlite answers most such PANICs, and the engine is opened again in the process; a PANIC at COMMIT
  // freezes it instead (now and then), and the liveness probe ends the process for a restart.
  it('(b) an I/O error for 3 s (PANIC): 503 and health down, then the engine is opened again', async () => {
    const during = await underFault('eio', 'eio')
    if (figures.eio?.restarts === 0) expect(during).toMatchObject({ status: 503, body: { checks: { database: 'down' } } })
    expect(figures.eio?.firstOkAfterClearMs).toBeLessThan(figures.eio?.restarts ? 60_000 : 20_000)
  }, 60_000)

  it('(c) a disk whose writes hang: the liveness probe ends the frozen process, restarted it serves', async () => {
    await underFault('hang', 'hang')
    expect(figures.hang?.restarts).toBe(1)
    expect(figures.hang?.firstOkAfterClearMs).toBeLessThan(60_000)
  }, 120_000)

  it('lost and doubled nothing that was acknowledged', async () => {
    supervising = false
    await stopServer(server)
    const db = await createDb({ kind: 'pglite', dataDir })
    try {
      const byKey = storedByKey(await db.kysely.selectFrom('drop_reports').select(['version', 'report_hash']).execute())
      for (const [name, acks] of acknowledged) {
        const f = figures[name] as Figures
        f.lost = [...acks].filter(([key, hash]) => !byKey.get(key)?.includes(hash)).length
        f.duplicated = [...byKey].filter(([key, hashes]) => key.startsWith(name) && hashes.length > 1).length
      }
      console.log(
        `PGlite storage faults (full disk and I/O error ${FAULT_MS} ms, hung disk until the probe ends the process after ${STALL_S} s; ${CLIENTS} clients retrying the same key):`,
      )
      console.table(figures)
      expect(acknowledged.size).toBe(3)
      for (const f of Object.values(figures)) expect({ lost: f.lost, duplicated: f.duplicated }).toEqual({ lost: 0, duplicated: 0 })
    } finally {
      await db.close()
    }
  }, 30_000)
})
