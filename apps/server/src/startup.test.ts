import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { seededDataDir } from './testing/seeded-database'
import { freePort, spawnServer, waitForOk, type ServerProcess } from './testing/server-process'

// Start-up refusals of the real server process: a readable message on stderr, exit 1, no stack trace.
describe('server start-up', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dropwise-startup-'))
  const webDist = mkdtempSync(join(tmpdir(), 'dropwise-startup-web-'))
  const running: ServerProcess[] = []
  afterAll(async () => {
    for (const s of running) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL')
    await Promise.all(running.map((s) => s.exited))
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(webDist, { recursive: true, force: true })
  })
  const start = (env: Record<string, string>) => {
    const s = spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '', WEB_DIST: webDist, ...env })
    running.push(s)
    return s
  }

  // The data folders start as copies of the seeded one: seeding an empty folder is server.test's subject (~12 s of CPU each).
  it('refuses a second process on the same data folder, naming the first; recovers the lock once the first is killed', async () => {
    cpSync(await seededDataDir(), dataDir, { recursive: true })
    const port = await freePort()
    const first = start({ PORT: String(port) })
    await waitForOk(first, `http://127.0.0.1:${port}/api/_/health`)

    const startedAt = Date.now()
    const second = start({ PORT: String(await freePort()) })
    expect(await second.exited).toBe(1)
    expect(Date.now() - startedAt).toBeLessThan(15_000)
    expect(second.output()).toContain(`in use by process ${first.child.pid}`)
    expect(second.output()).toMatch(/set DATA_DIR to another folder/)
    expect(second.output()).not.toMatch(/^ {4}at /m)
    expect((await fetch(`http://127.0.0.1:${port}/api/_/health`)).ok, 'the first keeps serving').toBe(true)

    first.child.kill('SIGKILL')
    await first.exited
    const port3 = await freePort()
    const third = start({ PORT: String(port3), LOG_LEVEL: 'info' })
    await waitForOk(third, `http://127.0.0.1:${port3}/api/_/health`)
    expect(third.output()).toContain(`recovered the data folder lock of process ${first.child.pid}`)
    third.child.kill('SIGTERM')
    expect(await third.exited).toBe(0)
  }, 120_000)

  it('serves with relative folders from its working directory and assets on (as `npm start` leaves them)', async () => {
    // A fresh clone runs with DATA_DIR=./.data; the asset routes serve static files from inside it.
    const cwd = mkdtempSync(join(tmpdir(), 'dropwise-startup-cwd-'))
    cpSync(await seededDataDir(), join(cwd, '.data'), { recursive: true })
    const port = await freePort()
    const s = spawnServer({ PORT: String(port), DATA_DIR: './.data', DATABASE_URL: '', WEB_DIST: webDist, ASSETS: 'on', ASSETS_BASE_URL: 'http://127.0.0.1:9' }, { cwd })
    running.push(s)
    try {
      await waitForOk(s, `http://127.0.0.1:${port}/api/_/health`)
      const assets = (await (await fetch(`http://127.0.0.1:${port}/api/_/assets`)).json()) as { state: string }
      expect(['fetching', 'unavailable']).toContain(assets.state)
      expect(existsSync(join(cwd, '.data', 'dropwise.lock'))).toBe(true)
    } finally {
      s.child.kill('SIGTERM')
      await s.exited
      rmSync(cwd, { recursive: true, force: true })
    }
  }, 120_000)

  it('exits 1 on a bad variable with the list of offending variables and no stack trace', async () => {
    const s = start({ PORT: 'abc', DATABASE_URL: 'mysql://db/x' })
    expect(await s.exited).toBe(1)
    expect(s.output()).toContain('PORT: must be a whole number from 0 to 65535')
    expect(s.output()).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL')
    expect(s.output()).not.toContain('    at ')
  })
})
