import { execFile } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { freePort } from './server-process'

const run = promisify(execFile)

/** The newest PostgreSQL server binaries of Debian's layout (/usr/lib/postgresql/<major>/bin), or null. */
const binDir = (): string | null => {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const majors = readdirSync(root)
    .filter((d) => existsSync(join(root, d, 'bin', 'pg_ctl')) && existsSync(join(root, d, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return majors[0] ? join(root, majors[0], 'bin') : null
}

const asRoot = userInfo().uid === 0
const postgresUid = (): { uid: number; gid: number } | null => {
  try {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('postgres:'))
    const [, , uid, gid] = line?.split(':') ?? []
    return uid && gid ? { uid: Number(uid), gid: Number(gid) } : null
  } catch {
    return null
  }
}

/** Whether a private cluster can be made here: the binaries, and (as root) a `postgres` user to run them. */
export const canRunPrivatePostgres = (): boolean => binDir() !== null && (!asRoot || (existsSync('/usr/sbin/runuser') && postgresUid() !== null))

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string
  port: number
  readonly running: boolean
  start(): Promise<void>
  /** `pg_ctl stop`: `fast` ends sessions cleanly, `immediate` like a crash (recovery on the next start). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>
  restart(): Promise<void>
  /** Stops the cluster (if running) and removes its folder. */
  destroy(): Promise<void>
}

/**
 * A PostgreSQL cluster of the test's own (never the machine's): `initdb` in a temporary folder, served on a
 * free loopback port with its socket in that folder, no fsync (a test's data). Run as `postgres` through
 * `runuser` when the test runs as root. Not started until `start()`.
 */
export const createPrivatePostgres = async (): Promise<PrivatePostgres> => {
  const bin = binDir()
  if (!bin) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql')
  const dir = mkdtempSync(join(tmpdir(), 'dropwise-pg-'))
  const owner = asRoot ? postgresUid() : null
  if (owner) chownSync(dir, owner.uid, owner.gid)
  const data = join(dir, 'data')
  const exec = (tool: string, args: string[]) =>
    asRoot ? run('/usr/sbin/runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], { timeout: 60_000 }) : run(join(bin, tool), args, { timeout: 60_000 })
  await exec('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync', '--no-instructions'])
  const port = await freePort()
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c synchronous_commit=on`
  let running = false
  const pgCtl = (args: string[]) => exec('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '30', ...args])
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    get running() {
      return running
    },
    async start() {
      await pgCtl(['-o', options, 'start'])
      running = true
    },
    async stop(mode = 'fast') {
      await pgCtl(['-m', mode, 'stop'])
      running = false
    },
    async restart() {
      await pgCtl(['-m', 'fast', '-o', options, 'restart'])
      running = true
    },
    async destroy() {
      if (running) await pgCtl(['-m', 'immediate', 'stop']).catch(() => {})
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
