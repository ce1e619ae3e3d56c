import { isRecord } from '../../lib/guards'

/**
 * Fields of GET /config the shell reads (the server returns the admin-maintained object verbatim):
 *
 * - `demo`: `true` (or `{ "present": true }`) while the database holds generated demo reports;
 *   the shell then shows a banner on every page.
 * - `mirrorSuggestion`: `{ "url": "https://mirror.example", "countries"?: ["CN"] }`: a mirror the
 *   operator suggests; a dismissible banner offers it unless the visitor is already on its host.
 * - `itemSprite`: `{ "url": string }`: a sprite sheet of real icon art in the Penguin Statistics
 *   layout, used for item icons unless the visitor set their own address.
 */
export interface ShellConfig {
  demo?: boolean
  mirrorSuggestion?: { url: string }
  itemSprite?: { url: string }
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
  if (isRecord(c.itemSprite) && typeof c.itemSprite.url === 'string' && c.itemSprite.url.length > 0) out.itemSprite = { url: c.itemSprite.url }
  return out
}
