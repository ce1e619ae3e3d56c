/**
 * Build-time configuration, read once (style.md §6). Vite inlines `import.meta.env.VITE_*`;
 * the version and commit come from vite.config.ts `define`.
 */
export interface Env {
  /** Base of the v2 API; relative so every mirror talks to its own server. */
  apiBase: string
  appVersion: string
  commit: string
  /**
   * Version of the public client whose wire behaviour we implement: `X-Penguin-Compatible`
   * (`frontend-v2@<semver>`) naming a newer version marks this build outdated.
   */
  compatVersion: string
  production: boolean
}

const nonEmpty = (v: unknown, fallback: string) => (typeof v === 'string' && v.length > 0 ? v : fallback)

export const env: Env = {
  apiBase: nonEmpty(import.meta.env.VITE_API_BASE, '/PenguinStats/api/v2'),
  appVersion: nonEmpty(typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : undefined, '0.0.0'),
  commit: nonEmpty(typeof __APP_COMMIT__ === 'string' ? __APP_COMMIT__ : undefined, 'dev'),
  compatVersion: '3.13.28',
  production: import.meta.env.PROD,
}
