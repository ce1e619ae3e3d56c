/**
 * One migrated and seeded PGlite for every test: made once per set of inputs (migrations, seed files,
 * the code that applies them, PGlite's version) and kept in the temporary folder under their digest.
 * Test contexts load it as a tarball (`seededSnapshot`); server processes of the browser journeys start
 * on a copy of it as their data folder (`seededDataDir`). Migrating and seeding takes 10-15 s of CPU on
 * PGlite; loading the copy well under one.
 */
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { prepareDatabase } from '../bootstrap'
import { createDb } from '../db/db'
import { MIGRATIONS_DIR } from '../db/migrate'

export const SEED_DIR = process.env.SEED_DIR || fileURLToPath(new URL('../../../../data/seed', import.meta.url))

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/** Every file a seeded database is made from. */
const seedInputs = (): string[] => {
  const files = (dir: string): string[] =>
    readdirSync(dir)
      .sort()
      .flatMap((name) => {
        const path = join(dir, name)
        return statSync(path).isDirectory() ? files(path) : [path]
      })
  return [
    ...files(MIGRATIONS_DIR),
    ...files(SEED_DIR),
    ...files(here('../modules/seed/')),
    here('../db/migrate.ts'),
    here('../bootstrap.ts'),
    here('../db/db.ts'),
    // Game-data version 1 is recorded with the seed (its sources and "as of" date).
    here('../modules/game-data/game-data.wire.ts'),
    here('../modules/game-data/game-data.repository.ts'),
    here('../../../importer/src/self-check.ts'),
    here('../../../../node_modules/@electric-sql/pglite/package.json'),
  ]
}

let digest: string | undefined
const inputsDigest = () => {
  if (digest) return digest
  const hash = createHash('sha256')
  for (const file of seedInputs()) hash.update(file).update(readFileSync(file))
  return (digest = hash.digest('hex').slice(0, 16))
}

/** A name beside `path` for writing before the rename: parallel test files never see half a result. */
const partialOf = (path: string) => `${path}.${process.pid}.${randomBytes(4).toString('hex')}`

/** Where the tarball of the seeded data directory is kept for these inputs. */
export const seededSnapshotPath = () => join(tmpdir(), `dropwise-test-pglite-${inputsDigest()}.tar`)

let snapshot: Promise<Blob> | undefined
/** The seeded data directory as a tarball (`createDb({ loadDataDir })`). */
export const seededSnapshot = (): Promise<Blob> =>
  (snapshot ??= (async () => {
    const path = seededSnapshotPath()
    if (existsSync(path)) return new Blob([readFileSync(path)])
    const db = await createDb({ kind: 'pglite', dataDir: null })
    try {
      await prepareDatabase(db, SEED_DIR)
      const tar = await db.dumpDataDir!()
      const partial = partialOf(path)
      writeFileSync(partial, new Uint8Array(await tar.arrayBuffer()))
      renameSync(partial, path)
      return tar
    } finally {
      await db.close()
    }
  })())

/** A seeded PGlite data folder to copy (never to open: it is shared); made on first use. */
export const seededDataDir = async (): Promise<string> => {
  const path = join(tmpdir(), `dropwise-test-datadir-${inputsDigest()}`)
  if (existsSync(join(path, 'PG_VERSION'))) return path
  const partial = partialOf(path)
  const db = await createDb({ kind: 'pglite', dataDir: partial, loadDataDir: await seededSnapshot() })
  await db.close()
  try {
    renameSync(partial, path)
  } catch (err) {
    // Another process renamed its copy first: use that one.
    rmSync(partial, { recursive: true, force: true })
    if (!existsSync(join(path, 'PG_VERSION'))) throw err
  }
  return path
}
