import { parseEnv } from '../config/env'
import { openDatabase, prepareDatabase } from '../lib/bootstrap'

/** `npm run db:seed [-- --force]`: migrate and load the seed into DATABASE_URL (or the embedded database). */
const env = parseEnv()
const force = process.argv.includes('--force')
const db = await openDatabase(env)
try {
  const result = await prepareDatabase(db, env.SEED_DIR, { force })
  console.log(
    `${db.kind}: migrations applied ${result.migrations.length ? result.migrations.join(', ') : 'none'}; ` +
      (result.seed.loaded ? `seed loaded in ${result.seed.durationMs} ms` : 'seed already loaded (same content hash)'),
  )
} finally {
  await db.close()
}
