import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const serverEntry = fileURLToPath(new URL('./server.ts', import.meta.url))

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })

// The real process: env parsing, PGlite in a data folder, migrations, seed, listen, graceful SIGTERM.
describe('server process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dropwise-server-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  const start = async (port: number) => {
    const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        DEMO: '0',
        ASSETS: 'off',
        WEB_DIST: join(dataDir, 'web'),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let logs = ''
    child.stdout.on('data', (d) => (logs += d))
    child.stderr.on('data', (d) => (logs += d))
    const deadline = Date.now() + 60_000
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${logs}`)
      try {
        const res = await fetch(`http://127.0.0.1:${port}/PenguinStats/api/v2/items`)
        if (res.ok) return { child, items: (await res.json()) as unknown[], logs: () => logs }
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`no answer within 60 s:\n${logs}`)
      await new Promise((r) => setTimeout(r, 250))
    }
  }

  const stop = (child: ReturnType<typeof spawn>) =>
    new Promise<number | null>((resolve) => {
      child.on('exit', (code) => resolve(code))
      child.kill('SIGTERM')
    })

  it('seeds an empty data folder, serves items, logs JSON, and exits 0 on SIGTERM; a restart does not reseed', async () => {
    const port = await freePort()
    const first = await start(port)
    expect(first.items.length).toBeGreaterThanOrEqual(145)
    const page = await fetch(`http://127.0.0.1:${port}/`)
    expect(page.headers.get('content-type')).toMatch(/text\/html/)
    expect(await stop(first.child)).toBe(0)
    const ready = first
      .logs()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string; seed?: { loaded: boolean } })
      .find((l) => l.msg === 'database ready')
    expect(ready?.seed?.loaded).toBe(true)

    const second = await start(port)
    expect(await stop(second.child)).toBe(0)
    expect(second.logs()).toContain('"loaded":false')
  }, 150_000)
})
