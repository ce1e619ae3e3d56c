import { spawn } from 'node:child_process'
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { createDb } from '../db/db'
import { seededSnapshot, seededSnapshotPath } from './seeded-database'

const CLI = fileURLToPath(new URL('./seeded-data-dir-cli.ts', import.meta.url))
const REPO = fileURLToPath(new URL('../../../../', import.meta.url))

/** One `seeded-data-dir-cli` process with its own temporary folder; resolves with what it printed. */
const cli = (tmp: string) =>
  new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), CLI], { cwd: REPO, env: { ...process.env, TMPDIR: tmp } })
    let out = ''
    let err = ''
    child.stdout.on('data', (b: Buffer) => (out += b.toString()))
    child.stderr.on('data', (b: Buffer) => (err += b.toString()))
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`exit ${code}: ${err}`))))
  })

describe('the seeded data folder shared by test processes', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'dropwise-seeded-race-'))
  afterAll(() => rmSync(tmp, { recursive: true, force: true }))

  it('made by three processes at once: one folder, all three name it, no half-made copy is left, it opens with the seed', async () => {
    // The tarball as this run made it, so the processes race on the folder (the part they share), not on seeding.
    await seededSnapshot()
    copyFileSync(seededSnapshotPath(), join(tmp, basename(seededSnapshotPath())))
    const paths = await Promise.all([cli(tmp), cli(tmp), cli(tmp)])
    expect(new Set(paths).size).toBe(1)
    const [path] = paths
    expect(path!.startsWith(tmp)).toBe(true)
    expect(existsSync(join(path!, 'PG_VERSION'))).toBe(true)
    // Only the tarball and the folder (besides tsx's cache): the losers removed their partial copies.
    expect(
      readdirSync(tmp)
        .filter((name) => name.startsWith('dropwise-'))
        .sort(),
    ).toEqual([basename(seededSnapshotPath()), basename(path!)].sort())
    const db = await createDb({ kind: 'pglite', dataDir: path! })
    try {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from items`.execute(db.kysely)
      expect(rows[0]!.n).toBeGreaterThan(100)
    } finally {
      await db.close()
    }
  }, 120_000)
})
