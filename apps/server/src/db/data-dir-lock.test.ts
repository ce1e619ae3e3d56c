import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { createDb } from './db'
import { acquireDataDirLock, checkDataDirLock, DataDirLockedError, LOCK_FILE, type DataDirLock } from './data-dir-lock'

const dirs: string[] = []
const locks: DataDirLock[] = []
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'dropwise-lock-'))
  dirs.push(dir)
  return dir
}
const acquire = async (...args: Parameters<typeof acquireDataDirLock>) => {
  const lock = await acquireDataDirLock(...args)
  locks.push(lock)
  return lock
}
afterEach(() => {
  for (const lock of locks.splice(0)) lock.release()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** The pid of a process that has ended. */
const deadPid = () =>
  new Promise<number>((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
    child.once('error', reject)
    child.once('exit', () => resolve(child.pid as number))
  })

const writeLock = (dir: string, content: string) => writeFileSync(join(dir, LOCK_FILE), content)

describe('acquireDataDirLock', () => {
  it('writes who holds the folder and refuses a second acquire in the same process, naming the holder', async () => {
    const dir = freshDir()
    await acquire(dir)
    const info = JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as Record<string, unknown>
    expect(info).toMatchObject({ pid: process.pid, hostname: hostname() })
    expect(typeof info.startedAt).toBe('string')
    expect(typeof info.command).toBe('string')

    const second = await acquireDataDirLock(dir).catch((err: unknown) => err)
    expect(second).toBeInstanceOf(DataDirLockedError)
    expect((second as DataDirLockedError).holder.pid).toBe(process.pid)
    expect((second as Error).message).toContain(`process ${process.pid}`)
    expect((second as Error).message).toMatch(/stop that process, or set DATA_DIR to another folder/)
    await expect(checkDataDirLock(dir)).rejects.toBeInstanceOf(DataDirLockedError)
  })

  it('refuses one of two concurrent acquires in the same process', async () => {
    const dir = freshDir()
    const results = await Promise.allSettled([acquire(dir), acquire(dir)])
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
  })

  it('removes the file on release, after which the folder can be taken again', async () => {
    const dir = freshDir()
    const lock = await acquireDataDirLock(dir)
    lock.release()
    lock.release() // idempotent
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
    await expect(checkDataDirLock(dir)).resolves.toBeUndefined()
    await acquire(dir)
  })

  it('does not remove a lock file that is no longer its own', async () => {
    const dir = freshDir()
    const lock = await acquireDataDirLock(dir)
    const other = JSON.stringify({ pid: 1, hostname: 'elsewhere', startedAt: 'now', command: 'x' })
    writeLock(dir, other)
    lock.release()
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(other)
  })

  it('recovers the lock of a process that is gone', async () => {
    const dir = freshDir()
    const pid = await deadPid()
    writeLock(dir, JSON.stringify({ pid, hostname: hostname(), startedAt: '2020-01-01T00:00:00.000Z', command: 'gone' }))
    const stale: unknown[] = []
    await acquire(dir, { onStaleLock: (s) => stale.push(s.holder?.pid) })
    expect(stale).toEqual([pid])
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid })
  })

  it.each(['not json at all', '{"pid":"x"}', 'null', ''])('recovers an unreadable lock file (%j)', async (content) => {
    const dir = freshDir()
    writeLock(dir, content)
    const stale: unknown[] = []
    await acquire(dir, { onStaleLock: (s) => stale.push(s.holder) })
    expect(stale).toEqual([null])
  })

  it('clears a recovery guard left by a process that died while recovering', async () => {
    const dir = freshDir()
    const gone = JSON.stringify({ pid: await deadPid(), hostname: hostname(), startedAt: '2020-01-01T00:00:00.000Z', command: 'gone' })
    writeLock(dir, gone)
    writeFileSync(join(dir, `${LOCK_FILE}.recovering`), gone)
    await acquire(dir)
    expect(existsSync(join(dir, `${LOCK_FILE}.recovering`))).toBe(false)
  })

  it('recovers a lock with its own pid that it does not hold (a restarted container reusing the pid)', async () => {
    const dir = freshDir()
    writeLock(dir, JSON.stringify({ pid: process.pid, hostname: hostname(), startedAt: '2020-01-01T00:00:00.000Z', command: 'earlier life' }))
    await acquire(dir)
  })

  it('treats a lock from another host as held (its process cannot be checked) and says how to clear it', async () => {
    const dir = freshDir()
    writeLock(dir, JSON.stringify({ pid: 4242, hostname: 'other-host.invalid', startedAt: '2020-01-01T00:00:00.000Z', command: 'npm start' }))
    const err = await acquireDataDirLock(dir).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(DataDirLockedError)
    expect((err as Error).message).toMatch(/process 4242 on host other-host\.invalid \(npm start, since 2020-01-01/)
    expect((err as Error).message).toContain(`delete ${join(dir, LOCK_FILE)}`)
  })

  it('lets exactly one of several processes racing over a stale lock win', async () => {
    const dir = freshDir()
    writeLock(dir, JSON.stringify({ pid: await deadPid(), hostname: hostname(), startedAt: '2020-01-01T00:00:00.000Z', command: 'gone' }))
    const lockModule = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url))
    // All start acquiring at the same moment, once every child has loaded.
    const at = Date.now() + 3000
    const script = `
      const { acquireDataDirLock } = await import(${JSON.stringify(lockModule)})
      await new Promise((r) => setTimeout(r, ${at} - Date.now()))
      try { await acquireDataDirLock(${JSON.stringify(dir)}); console.log('won'); await new Promise((r) => setTimeout(r, 2000)) }
      catch (err) { console.log(err.name) }`
    const outcomes = await Promise.all(
      Array.from(
        { length: 5 },
        () =>
          new Promise<string>((resolve) => {
            const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] })
            let out = ''
            child.stdout.on('data', (d) => (out += d))
            child.once('exit', () => resolve(out.trim()))
          }),
      ),
    )
    expect(outcomes.filter((o) => o === 'won')).toHaveLength(1)
    expect(outcomes.filter((o) => o === 'DataDirLockedError')).toHaveLength(4)
    expect(existsSync(join(dir, LOCK_FILE)), 'the winner removed its lock on exit').toBe(false)
  })
})

describe('createDb on a PGlite data folder', () => {
  it('refuses a second open of the same folder until the first is closed; in-memory databases take no lock', async () => {
    const dir = freshDir()
    const db = await createDb({ kind: 'pglite', dataDir: dir })
    try {
      await expect(createDb({ kind: 'pglite', dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError)
      const memory = await createDb({ kind: 'pglite', dataDir: null })
      await memory.close()
    } finally {
      await db.close()
    }
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
    const again = await createDb({ kind: 'pglite', dataDir: dir })
    await again.close()
  })
})
