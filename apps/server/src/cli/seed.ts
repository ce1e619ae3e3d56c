import { parseEnv, type Env } from '../config/env'
import { exitOnStartupError } from '../config/startup-error'
import { openDatabase, prepareDatabase } from '../bootstrap'
import type { Db } from '../db/db'

/** `npm run db:seed [-- --force]`: migrate and load the seed into DATABASE_URL (or the embedded database). */
const force = process.argv.includes('--force')
let env: Env
let db: Db
try {
  env = parseEnv()
  db = await openDatabase(env) // refuses a data folder another process (e.g. a running server) holds
} catch (err) {
  exitOnStartupError(err)
}
try {
  const result = await prepareDatabase(db, env.SEED_DIR, { force })
  console.log(
    `${db.kind}: migrations applied ${result.migrations.length ? result.migrations.join(', ') : 'none'}; ` +
      (result.seed.loaded ? `seed loaded in ${result.seed.durationMs} ms` : 'seed already loaded (same content hash)'),
  )
} finally {
  await db.close()
}
