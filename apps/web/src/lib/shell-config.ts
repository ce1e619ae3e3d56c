import { isRecord } from './guards'

/**
 * Fields of GET /config the shell reads (the server returns the admin-maintained object verbatim):
 *
 * - `demo`: `true` (or `{ "present": true }`) while the database holds generated demo reports;
 *   the shell then shows a banner on every page.
 * - `mirrorSuggestion`: `{ "url": "https://mirror.example", "countries"?: ["CN"] }`: a mirror the
 *   operator suggests; a dismissible banner offers it unless the visitor is already on its host.
 *
 * Item icon fields (`itemSprite`, `itemIcons`, `assets`) are read where icons are drawn:
 * lib/item-icons.ts and lib/assets.ts.
 */
export interface ShellConfig {
  demo?: boolean
  mirrorSuggestion?: { url: string }
}

const isUrl = (v: unknown): v is string => {
  if (typeof v !== 'string') return false
  try {
    new URL(v)
    return true
  } catch {
    return false
  }
}

/** The shell's fields of /config; a field of the wrong shape is left out. */
export const readShellConfig = (config: unknown): ShellConfig => {
  const c = isRecord(config) ? config : {}
  const out: ShellConfig = {}
  if (typeof c.demo === 'boolean') out.demo = c.demo
  else if (isRecord(c.demo) && typeof c.demo.present === 'boolean') out.demo = c.demo.present
  if (isRecord(c.mirrorSuggestion) && isUrl(c.mirrorSuggestion.url)) out.mirrorSuggestion = { url: c.mirrorSuggestion.url }
  return out
}
