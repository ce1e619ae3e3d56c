import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort, spawnServer, stopServer, waitForOk } from './testing/server-process'

// The real process: env parsing, PGlite in a data folder, migrations, seed, listen, graceful SIGTERM.
describe('server process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dropwise-server-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  const start = async (port: number) => {
    const server = spawnServer({ PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', WEB_DIST: join(dataDir, 'web'), LOG_LEVEL: 'info' })
    await waitForOk(server, `http://127.0.0.1:${port}/PenguinStats/api/v2/items`, 60_000)
    const items = (await (await fetch(`http://127.0.0.1:${port}/PenguinStats/api/v2/items`)).json()) as unknown[]
    return { server, items, logs: server.output }
  }

  it('seeds an empty data folder, serves items, logs JSON, and exits 0 on SIGTERM; a restart does not reseed', async () => {
    const port = await freePort()
    const first = await start(port)
    expect(first.items.length).toBeGreaterThanOrEqual(145)
    const page = await fetch(`http://127.0.0.1:${port}/`)
    expect(page.headers.get('content-type')).toMatch(/text\/html/)
    expect(await stopServer(first.server)).toBe(0)
    const ready = first
      .logs()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string; seed?: { loaded: boolean } })
      .find((l) => l.msg === 'database ready')
    expect(ready?.seed?.loaded).toBe(true)

    const second = await start(port)
    expect(await stopServer(second.server)).toBe(0)
    expect(second.logs()).toContain('"loaded":false')
  }, 150_000)
})
