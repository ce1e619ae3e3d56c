import { execFile } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb } from '../db/db'
import { startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream'
import { startSourcesMirror, type SourcesMirror } from '../testing/game-data-mirror'
import { seededDataDir } from '../testing/seeded-database'
import { NEW_STAGE, serveUpstreamReference } from '../testing/upstream-reference'

const run = promisify(execFile)
const REPO = fileURLToPath(new URL('../../../../', import.meta.url))
const CLI = join(REPO, 'apps/server/src/cli/data-sync.ts')

/**
 * `npm run data:sync` with `UPSTREAM_API` set reads the upstream as the servers' syncs do (issue 40): the new
 * stage it serves is applied, and with the upstream down the next run keeps it open from the last good answers
 * (a sync by hand must not close what the upstream opened). The real CLI process on a PGlite data folder.
 */
describe('npm run data:sync with an upstream', () => {
  let mirror: SourcesMirror
  let upstream: FakeUpstream
  const dataDir = mkdtempSync(join(tmpdir(), 'dropwise-data-sync-'))
  beforeAll(async () => {
    cpSync(await seededDataDir(), dataDir, { recursive: true })
    mirror = await startSourcesMirror()
    upstream = await startFakeUpstream()
    await serveUpstreamReference(upstream)
  }, 120_000)
  afterAll(async () => {
    await upstream?.close()
    await mirror?.dispose()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const cli = async () => {
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ASSETS_BASE_URL: mirror.url, UPSTREAM_API: upstream.url, LOG_LEVEL: 'warn' }
    const { stdout } = await run(process.execPath, ['--import', import.meta.resolve('tsx'), CLI], { cwd: REPO, env, timeout: 180_000 })
    return stdout
  }
  /** The new stage's CN drop infos open now, read from the data folder once the CLI is done. */
  const openInfos = async () => {
    const db = await createDb({ kind: 'pglite', dataDir })
    try {
      const now = Date.now()
      const rows = await db.kysely
        .selectFrom('drop_infos')
        .select(['item_id'])
        .where('stage_id', '=', NEW_STAGE)
        .where('server', '=', 'CN')
        .where('start_at', '<', now)
        .where('end_at', '>', now)
        .execute()
      return rows.map((r) => r.item_id ?? '(per type)').sort()
    } finally {
      await db.close()
    }
  }

  it('applies the stage the upstream adds, and keeps it open from the last good answers while the upstream is down', async () => {
    const first = await cli()
    expect(first).toMatch(/^applied \(version \d+\) in \d+ ms/m)
    expect(first).toContain(`upstream ${upstream.url}: its answers were used`)
    expect(first).toMatch(/stages: \+\d+/)
    expect(await openInfos()).toEqual(['(per type)', '30012', 'act99up_token'])

    await upstream.down()
    const second = await cli()
    expect(second).toMatch(/^unchanged in \d+ ms/m)
    expect(second).toMatch(new RegExp(`upstream ${upstream.url.replace(/[.?]/g, '\\$&')}: its last good answers were used \\(could not reach .*ECONNREFUSED\\)`))
    expect(await openInfos()).toEqual(['(per type)', '30012', 'act99up_token'])
  }, 400_000)
})
