import { z } from 'zod'

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
export const ShellConfigSchema = z.object({
  demo: z
    .union([z.boolean(), z.object({ present: z.boolean() }).transform((o) => o.present)])
    .optional()
    .catch(undefined),
  mirrorSuggestion: z.object({ url: z.string().url() }).optional().catch(undefined),
  itemSprite: z.object({ url: z.string().min(1) }).optional().catch(undefined),
})
export type ShellConfig = z.infer<typeof ShellConfigSchema>

export const readShellConfig = (config: unknown): ShellConfig => {
  const parsed = ShellConfigSchema.safeParse(config ?? {})
  return parsed.success ? parsed.data : {}
}
