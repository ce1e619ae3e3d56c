import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import { AboutContentSchema } from '@dropwise/schemas'
import type { FastifyInstance } from 'fastify'
import { StartupError } from '../../config/startup-error'
import type { Db } from '../../db/db'
import type { DataVersion } from '../../lib/data-version'
import { createOpsAuth } from '../../lib/ops-auth'
import type { CatalogService } from '../catalog/catalog.service'
import { createOpsRepository } from './ops.repository'
import { opsRoutes } from './ops.routes'
import { createOpsService, type OpsService } from './ops.service'

export interface OpsWiring {
  db: Db
  catalog: CatalogService
  version: DataVersion
  clock: () => number
  /** `OPS_TOKEN`; unset, every operators' route answers 401. */
  opsToken: string | undefined
  /** `ABOUT_FILE`: a JSON file of the about content, applied at start when it differs from the stored one. */
  aboutFile: string | undefined
  /** Resolves once the database is migrated (the server may listen before it: plugins/database-gate.ts). */
  databaseReady?: Promise<void>
}

/** Reads and checks `ABOUT_FILE`; a file that cannot be read or parsed stops start-up with the reason. */
export const readAboutFile = async (file: string) => {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (err) {
    throw new StartupError(`ABOUT_FILE: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? String(err)})`)
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (err) {
    throw new StartupError(`ABOUT_FILE: ${file} is not JSON (${(err as Error).message})`)
  }
  const parsed = AboutContentSchema.safeParse(value)
  if (!parsed.success)
    throw new StartupError(
      `ABOUT_FILE: ${file} is not an about content (docs/api-extensions.md §3i):\n${parsed.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`).join('\n')}`,
    )
  return parsed.data
}

/** The operators' module: its service, the public about route and the guarded `/api/_/ops/…` routes. */
export const wireOps = async (app: FastifyInstance, w: OpsWiring): Promise<OpsService> => {
  const ops = createOpsService({ repository: createOpsRepository(w.db), catalog: w.catalog, version: w.version, clock: w.clock })
  if (w.aboutFile) {
    // The file is read and checked now (a bad one stops start-up); it is stored once the database is ready.
    const file = w.aboutFile
    const content = await readAboutFile(file)
    const apply = async () => {
      const outcome = await ops.setAbout(content, `file:${basename(file)}`)
      app.log.info({ file, outcome: outcome.outcome }, 'about content from ABOUT_FILE')
    }
    if (w.databaseReady) void w.databaseReady.then(apply).catch((err: unknown) => app.log.error({ err, file }, 'ABOUT_FILE could not be stored'))
    else await apply()
  }
  await app.register(opsRoutes, { ops, auth: createOpsAuth(w.opsToken) })
  return ops
}
