import { z } from 'zod'

/**
 * Build-time configuration, parsed once (style.md §6). Vite inlines `import.meta.env.VITE_*`;
 * the version and commit come from vite.config.ts `define`.
 */
const EnvSchema = z.object({
  /** Base of the v2 API; relative so every mirror talks to its own server. */
  apiBase: z.string().min(1).default('/PenguinStats/api/v2'),
  appVersion: z.string().default('0.0.0'),
  commit: z.string().default('dev'),
  /**
   * Version of the public client whose wire behaviour we implement: `X-Penguin-Compatible`
   * (`frontend-v2@<semver>`) naming a newer version marks this build outdated.
   */
  compatVersion: z.string().default('3.13.28'),
  production: z.boolean(),
})
export type Env = z.infer<typeof EnvSchema>

export const env: Env = EnvSchema.parse({
  apiBase: import.meta.env.VITE_API_BASE || undefined,
  appVersion: typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : undefined,
  commit: typeof __APP_COMMIT__ === 'string' ? __APP_COMMIT__ : undefined,
  production: import.meta.env.PROD,
})
