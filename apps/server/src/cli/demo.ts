import { buildApp } from '../app'
import { parseEnv, type Env } from '../config/env'
import { exitOnStartupError, StartupError } from '../config/startup-error'
import { openDatabase, prepareDatabase } from '../bootstrap'
import { DEMO_DEFAULTS } from '../modules/demo/demo-defaults'
import type { Db } from '../db/db'

/**
 * `npm run demo:simulate [-- --per-day N --days D]`: adds simulated reports (source dropwise-demo) to the
 * database named by DATABASE_URL, or the embedded one. Meant for demos and local development only.
 */
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback
  if (!Number.isInteger(v) || v <= 0) throw new StartupError(`--${name} must be a positive whole number`)
  return v
}
let env: Env
let db: Db
let options: typeof DEMO_DEFAULTS
try {
  env = parseEnv()
  options = { ...DEMO_DEFAULTS, reportsPerDay: arg('per-day', DEMO_DEFAULTS.reportsPerDay), days: arg('days', DEMO_DEFAULTS.days) }
  db = await openDatabase(env) // refuses a data folder another process (e.g. a running server) holds
} catch (err) {
  exitOnStartupError(err)
}
await prepareDatabase(db, env.SEED_DIR)
const app = await buildApp({ db, closeDb: true, logger: { level: 'warn' } })
try {
  const started = Date.now()
  const { reports } = await app.demo.simulate({ ...options, seed: options.seed + started })
  console.log(`${db.kind}: ${reports} demo reports simulated and aggregated in ${((Date.now() - started) / 1000).toFixed(1)} s`)
} finally {
  await app.close()
}
