import { fileURLToPath } from 'node:url'
import { z } from 'zod'

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url))

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true'))

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Embedded PGlite data folder, used when DATABASE_URL is not set. */
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  SEED_DIR: z.string().default(`${repoRoot}data/seed`),
  WEB_DIST: z.string().default(`${repoRoot}apps/web/dist`),
  /** Demo reports (issue #3); default on only for the embedded database. */
  DEMO: flag,
  /** Trust X-Forwarded-For from a reverse proxy. */
  TRUST_PROXY: flag,
  BUILD_COMMIT: z.string().default('dev'),
  /** Write requests (reports, recalls) per minute and client IP before 429. */
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Folder of a screenshot-recognizer pack (`npm run recognizer:pack`), served at /recognizer-pack/. */
  RECOGNIZER_PACK_DIR: z.string().optional(),
  /** Address of a recognizer pack folder served elsewhere (absolute URL or path); wins over RECOGNIZER_PACK_DIR. */
  RECOGNIZER_PACK_URL: z.string().optional(),
})
export type Env = z.infer<typeof EnvSchema>

/** Parses the environment once; a bad value stops start-up with the list of offending keys. */
export const parseEnv = (source: Record<string, string | undefined> = process.env): Env => {
  // An empty variable counts as unset (`DATABASE_URL= npm start` uses the embedded database).
  const set = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''))
  const result = EnvSchema.safeParse(set)
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment:\n${lines.join('\n')}`)
  }
  return result.data
}
