import type { AssetManifest } from '@dropwise/recognizer-pack/assets'
import { ServerSchema } from '@dropwise/schemas'
import { z } from 'zod'

// Manifest fields become file paths and URLs: only plain names, no `..`, no absolute paths.
const SEGMENT = /^(?!\.{1,2}$)[A-Za-z0-9_.-]+$/

const AssetFileSchema = z.object({
  repo: z.string().refine((v) => v.split('/').length === 2 && v.split('/').every((s) => SEGMENT.test(s)), 'must be owner/name'),
  commit: z.string().regex(/^[0-9a-f]{7,40}$/, 'must be a hex commit hash'),
  path: z.string().refine((v) => v.split('/').every((s) => SEGMENT.test(s)), 'must be a relative path of plain names'),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lower-case hex digits'),
  bytes: z.number().int().positive(),
  role: z.enum(['item-icons-zip', 'item-icon', 'glyphs']),
})

/** `data/assets/manifest.json` (written by `npm run assets:manifest`). */
export const AssetManifestSchema = z
  .object({ format: z.literal('dropwise-assets'), version: z.literal(1), files: z.array(AssetFileSchema).min(1) })
  .refine((m) => m.files.filter((f) => f.role === 'item-icons-zip').length === 1, 'must list exactly one item-icons-zip')
  .refine((m) => m.files.filter((f) => f.role === 'glyphs').length === 1, 'must list exactly one glyphs file') satisfies z.ZodType<AssetManifest>

/** `ready`: built and served; `fetching`: downloading or building; `unavailable`: failed, a retry is scheduled; `off`: `ASSETS=off`. */
export const AssetsStateSchema = z.enum(['ready', 'fetching', 'unavailable', 'off'])
export type AssetsState = z.infer<typeof AssetsStateSchema>

/** An item of the current game data that the served recognizer pack has no template for. */
export const UnreadableItemSchema = z.object({
  itemId: z.string(),
  name_i18n: z.object({ zh: z.string(), en: z.string(), ja: z.string(), ko: z.string() }),
  /** Where a stage drops it now or later. */
  servers: z.array(ServerSchema),
})
export type UnreadableItem = z.infer<typeof UnreadableItemSchema>

/**
 * `GET /api/_/assets`. `done`/`total` count steps: each pinned file once it is on disk and verified,
 * then the two built outputs (recognizer pack, icon sheet).
 */
export const AssetsStatusSchema = z
  .object({
    state: AssetsStateSchema,
    done: z.number().int(),
    total: z.number().int(),
    /** Why the assets are unavailable, or why following newer game data failed (the old pack still serving); null otherwise. */
    reason: z.string().nullable(),
    recognizer: z.object({ packUrl: z.string() }).nullable(),
    itemIcons: z.object({ sheetUrl: z.string(), indexUrl: z.string() }).nullable(),
    /**
     * Items a stage drops now or later (current game data) that the served pack cannot read: no
     * template yet (a rebuild is under way, or MaaResource has none). Empty while nothing is served or
     * when the operator's pack is used (its content is not known here).
     */
    unreadable: z.array(UnreadableItemSchema),
    /** A rebuild for newer game data is under way; the pack named here serves until it is ready. */
    updating: z.boolean(),
  })
  .meta({ id: 'AssetsStatus' })
export type AssetsStatus = z.infer<typeof AssetsStatusSchema>

/** A template fetched at a branch head (an item no pinned file covers), as it was when the pack was built. */
export const HeadTemplateSchema = z.object({
  itemId: z.string(),
  /** `<owner>/<repo>/<branch>/<path>`. */
  key: z.string(),
  sha256: z.string(),
  bytes: z.number().int(),
  fetchedAt: z.number(),
})
export type HeadTemplate = z.infer<typeof HeadTemplateSchema>

/** `built/stamp.json`: what the built outputs were made from, so a later start can reuse them. */
export const BuildStampSchema = z.object({
  key: z.string(),
  builtAt: z.number(),
  /** Relative to the built folder: the pack folder, the sheet and its index. */
  packDir: z.string(),
  sheet: z.string(),
  index: z.string(),
  /** Every output with its size, checked before the stamp is trusted. */
  files: z.array(z.object({ path: z.string(), bytes: z.number().int() })),
  /** Item ids the pack has a template for. */
  items: z.array(z.string()),
  /** Templates taken from MaaResource's head (items no pinned file covers), with their SHA-256. */
  head: z.array(HeadTemplateSchema),
})
export type BuildStamp = z.infer<typeof BuildStampSchema>
