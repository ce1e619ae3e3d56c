import { randomBytes } from 'node:crypto'
import { readFileSync, unlinkSync } from 'node:fs'
import { link, mkdir, open, readFile, realpath, rename, rm, stat } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { StartupError } from '../config/startup-error'

/**
 * One process per embedded data folder: PGlite has no cross-process locking, and two processes writing
 * one folder corrupt it. The holder is recorded in `<dataDir>/dropwise.lock`, created with `wx` (fails
 * when the file exists). A lock whose process is gone (killed, crashed) is recovered by the next starter.
 */
export const LOCK_FILE = 'dropwise.lock'
const GUARD_SUFFIX = '.recovering'

export interface LockHolder {
  pid: number
  hostname: string
  /** ISO time the holder took the lock. */
  startedAt: string
  command: string
}

export class DataDirLockedError extends StartupError {
  override name = 'DataDirLockedError'
  constructor(
    readonly dataDir: string,
    readonly lockFile: string,
    readonly holder: LockHolder,
  ) {
    const where = holder.hostname === hostname() ? '' : ` on host ${holder.hostname}`
    super(
      `The data folder ${dataDir} is in use by process ${holder.pid}${where} (${holder.command}, since ${holder.startedAt}).\n` +
        'Only one process may open an embedded database folder: stop that process, or set DATA_DIR to another folder ' +
        '(or DATABASE_URL to a PostgreSQL server, which several processes can share).' +
        (where ? `\nIf no process on ${holder.hostname} uses the folder any more, delete ${lockFile}.` : ''),
    )
  }
}

export interface DataDirLock {
  readonly dataDir: string
  readonly file: string
  /** Removes the lock file (if it is still ours). Idempotent. */
  release(): void
}

export interface AcquireOptions {
  /** Told when a lock left by a process that is gone (or an unreadable lock file) was taken over. */
  onStaleLock?: (stale: { holder: LockHolder | null; lockFile: string }) => void
}

// Lock files this process holds (value: the content it wrote) or is taking (null); shared by every copy
// of this module in the process.
const registryKey = Symbol.for('dropwise.data-dir-locks')
const registry: Map<string, string | null> = ((globalThis as Record<symbol, Map<string, string | null> | undefined>)[registryKey] ??= new Map())

type Found = { state: 'missing' } | { state: 'held'; holder: LockHolder } | { state: 'stale'; raw: string; holder: LockHolder | null }

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    // EPERM: it exists but belongs to another user. Only ESRCH means no such process.
    return (err as NodeJS.ErrnoException).code !== 'ESRCH'
  }
}

const parseHolder = (raw: string): LockHolder | null => {
  try {
    const v = JSON.parse(raw) as Partial<LockHolder> | null
    if (!v || !Number.isInteger(v.pid) || (v.pid as number) <= 0 || typeof v.hostname !== 'string') return null
    return { pid: v.pid as number, hostname: v.hostname, startedAt: String(v.startedAt ?? 'an unknown time'), command: String(v.command ?? 'unknown command') }
  } catch {
    return null
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const readIfExists = async (file: string) => {
  try {
    return await readFile(file, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw err
  }
}

const inspect = async (file: string): Promise<Found> => {
  let raw = await readIfExists(file)
  // Empty: another starter may be between its `wx` create and its write. Give it a moment.
  for (let i = 0; raw === '' && i < 20; i++) {
    await sleep(50)
    raw = await readIfExists(file)
  }
  if (raw === null) return { state: 'missing' }
  const holder = parseHolder(raw)
  if (!holder) return { state: 'stale', raw, holder: null }
  // Another host (a shared network folder): its processes cannot be checked from here, so it holds.
  if (holder.hostname !== hostname()) return { state: 'held', holder }
  // Our own pid but not one of our locks: a previous process that had this pid (e.g. a restarted container).
  if (holder.pid === process.pid) return registry.get(file) === raw ? { state: 'held', holder } : { state: 'stale', raw, holder }
  return isAlive(holder.pid) ? { state: 'held', holder } : { state: 'stale', raw, holder }
}

/**
 * Removes `file` if its content is still `raw`: renamed aside and checked, and put back (by link, which
 * never overwrites) when it was replaced meanwhile. Only for the rare abandoned recovery guard.
 */
const removeIfUnchanged = async (file: string, raw: string) => {
  const aside = `${file}.stale-${process.pid}-${randomBytes(4).toString('hex')}`
  try {
    await rename(file, aside)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return
    throw err
  }
  if ((await readIfExists(aside)) !== raw) await link(aside, file).catch(() => {})
  await rm(aside, { force: true })
}

// A recovery guard is held for milliseconds; one this old whose holder cannot be checked was abandoned.
const GUARD_ABANDONED_MS = 10_000

/** Clears a recovery guard left by a process that died while holding it. */
const clearAbandonedGuard = async (guard: string) => {
  const raw = await readIfExists(guard)
  if (raw === null) return
  const holder = parseHolder(raw)
  let abandoned: boolean
  if (holder && holder.hostname === hostname()) {
    // Our own pid: this process is not recovering (one acquire per folder at a time), so an earlier life left it.
    abandoned = holder.pid === process.pid || !isAlive(holder.pid)
  } else {
    const { mtimeMs } = await stat(guard).catch(() => ({ mtimeMs: Date.now() }))
    abandoned = Date.now() - mtimeMs > GUARD_ABANDONED_MS
  }
  if (abandoned) await removeIfUnchanged(guard, raw)
}

/**
 * Removes the stale lock file whose content was `raw`. Removal is the one step that could take a lock
 * from under its holder (a racing starter may already have replaced the stale file), so it happens under a
 * second lock, `<lock>.recovering`, also created with `wx`: its holder re-reads the lock file and removes
 * it only if it is still the stale one. The starters then race on the `wx` create again: exactly one wins.
 * Returns false when another process is recovering (or was first).
 */
const removeStale = async (file: string, raw: string, content: string) => {
  const guard = `${file}${GUARD_SUFFIX}`
  if (!(await tryCreate(guard, content))) {
    await clearAbandonedGuard(guard)
    await sleep(25)
    return false
  }
  try {
    if ((await readIfExists(file)) !== raw) return false
    await rm(file, { force: true })
    return true
  } finally {
    await rm(guard, { force: true })
  }
}

const tryCreate = async (file: string, content: string) => {
  let handle
  try {
    handle = await open(file, 'wx')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw err
  }
  try {
    await handle.writeFile(content)
    await handle.sync()
  } catch (err) {
    await handle.close().catch(() => {})
    await rm(file, { force: true })
    throw err
  }
  await handle.close()
  return true
}

const commandLine = () => {
  const line = process.argv.slice(1).join(' ') || process.argv0
  return line.length > 200 ? `${line.slice(0, 197)}...` : line
}

/**
 * Takes the exclusive lock on `dataDir` (created if missing), or throws DataDirLockedError naming the
 * process that holds it (also when this very process does). The lock goes with `release()` and, best
 * effort, when the process exits.
 */
export const acquireDataDirLock = async (dataDir: string, options: AcquireOptions = {}): Promise<DataDirLock> => {
  await mkdir(dataDir, { recursive: true })
  const dir = await realpath(dataDir)
  const file = join(dir, LOCK_FILE)
  const holder: LockHolder = { pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString(), command: commandLine() }
  if (registry.has(file)) {
    const found = await inspect(file)
    throw new DataDirLockedError(dir, file, found.state === 'held' ? found.holder : holder)
  }
  const content = `${JSON.stringify(holder)}\n`
  registry.set(file, null)
  try {
    for (const deadline = Date.now() + 15_000; Date.now() < deadline;) {
      if (await tryCreate(file, content)) {
        registry.set(file, content)
        return holdLock(dir, file, content)
      }
      const found = await inspect(file)
      if (found.state === 'held') throw new DataDirLockedError(dir, file, found.holder)
      if (found.state === 'stale' && (await removeStale(file, found.raw, content))) options.onStaleLock?.({ holder: found.holder, lockFile: file })
    }
    throw new StartupError(`Could not take the lock ${file}: it keeps changing (several processes starting on ${dir} at once?).`)
  } catch (err) {
    registry.delete(file)
    throw err
  }
}

/**
 * Throws DataDirLockedError when a live process holds `dataDir`; takes nothing. For a launcher that must
 * not start side work (a web build) when the server it launches would be refused anyway.
 */
export const checkDataDirLock = async (dataDir: string): Promise<void> => {
  let dir: string
  try {
    dir = await realpath(dataDir)
  } catch {
    return // no folder yet: nobody holds it
  }
  const file = join(dir, LOCK_FILE)
  const found = await inspect(file)
  if (found.state === 'held') throw new DataDirLockedError(dir, file, found.holder)
}

const holdLock = (dataDir: string, file: string, content: string): DataDirLock => {
  let released = false
  const release = () => {
    if (released) return
    released = true
    process.off('exit', release)
    registry.delete(file)
    try {
      if (readFileSync(file, 'utf8') === content) unlinkSync(file)
    } catch {
      // already gone
    }
  }
  process.on('exit', release)
  return { dataDir, file, release }
}
