import { openDatabase, prepareDatabase } from '../bootstrap'
import { parseEnv, type Env } from '../config/env'
import { exitOnStartupError } from '../config/startup-error'
import type { Db } from '../db/db'
import { createGameDataRepository } from '../modules/game-data/game-data.repository'
import { createGameDataService } from '../modules/game-data/game-data.service'
import { prepareFromSources } from '../modules/game-data/game-data.prepare'
import { DEFAULT_SYNC_DIR } from '../modules/game-data/game-data.wire'

/**
 * `npm run data:sync [-- --dry-run]`: one game-data sync against DATABASE_URL (or the embedded database, when
 * no server holds it). Running servers on the same database pick the new version up within seconds.
 * `--dry-run` derives and prints what would change without writing anything.
 */
const dryRun = process.argv.includes('--dry-run')
let env: Env
let db: Db
try {
  env = parseEnv()
  db = await openDatabase(env)
} catch (err) {
  exitOnStartupError(err)
}
try {
  await prepareDatabase(db, env.SEED_DIR)
  const repository = createGameDataRepository(db)
  const seed = (await repository.versions()).find((v) => v.version === 1)
  const service = createGameDataService({
    repository,
    refreshCatalog: async () => {},
    prepare: async (rows, at, stored) =>
      prepareFromSources(
        {
          baseUrl: env.ASSETS_BASE_URL,
          fetch,
          localDir: DEFAULT_SYNC_DIR,
          expectedSha: new Map((seed?.sources ?? []).map((s) => [s.path, s.sha256])),
          // The upstream's stages, zones and items, as the servers read them (UPSTREAM_API; its last good answers otherwise).
          upstream: { url: env.UPSTREAM_API ?? null, last: await repository.upstreamExtract() },
        },
        rows,
        at,
        stored,
      ),
    clock: Date.now,
    log: { info: () => {}, warn: () => {} },
  })
  const started = performance.now()
  const result = await service.sync({ dryRun })
  const { status } = result
  const outcome = dryRun && status.outcome === 'applied' ? 'would apply' : status.outcome
  console.log(`${dryRun ? 'dry run: ' : ''}${outcome}${status.version ? ` (version ${status.version})` : ''} in ${Math.round(performance.now() - started)} ms`)
  if (status.reason && !dryRun) console.log(`reason: ${status.reason}`)
  if (status.reason && dryRun && status.outcome !== 'applied') console.log(`reason: ${status.reason}`)
  if (status.upstream) {
    const { url, outcome: used, reason } = status.upstream
    console.log(
      `upstream ${url}: ${used === 'used' ? 'its answers were used' : used === 'last-good' ? 'its last good answers were used' : 'nothing used'}${reason ? ` (${reason})` : ''}`,
    )
  }
  if (result.changes) {
    for (const [kind, c] of Object.entries(result.changes)) console.log(`  ${kind}: +${c.added} ~${c.changed} -${c.removed}`)
  }
  if (status.outcome === 'refused' || status.outcome === 'failed') process.exitCode = 1
} finally {
  await db.close()
}
