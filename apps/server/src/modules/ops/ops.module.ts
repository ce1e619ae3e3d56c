import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import { AboutContentSchema } from '@dropwise/schemas'
import { StartupError } from '../../config/startup-error'
import { createOpsAuth } from '../../lib/ops-auth'
import { defineModule } from '../module'
import { createOpsRepository } from './ops.repository'
import { opsRoutes } from './ops.routes'
import { createOpsService } from './ops.service'

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

/**
 * The operators' module: its service, the public about route and the guarded `/api/_/ops/…` routes
 * (`OPS_TOKEN`; unset, every operators' route answers 401). `ABOUT_FILE` is applied at start when it differs from the stored content.
 */
export const opsModule = defineModule(
  'ops',
  async (app, { db, clock, version, options, databaseReady }) => {
    const ops = createOpsService({ repository: createOpsRepository(db), catalog: app.catalog, version, clock })
    const aboutFile = options.ops?.aboutFile
    if (aboutFile) {
      // The file is read and checked now (a bad one stops start-up); it is stored once the database is ready.
      const content = await readAboutFile(aboutFile)
      const apply = async () => {
        const outcome = await ops.setAbout(content, `file:${basename(aboutFile)}`)
        app.log.info({ file: aboutFile, outcome: outcome.outcome }, 'about content from ABOUT_FILE')
      }
      if (databaseReady) void databaseReady.then(apply).catch((err: unknown) => app.log.error({ err, file: aboutFile }, 'ABOUT_FILE could not be stored'))
      else await apply()
    }
    await app.register(opsRoutes, { ops, auth: createOpsAuth(options.ops?.token) })
  },
  ['catalog'],
)
