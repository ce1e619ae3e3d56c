import type { AssetManifest } from '@dropwise/recognizer-pack/assets'
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

/**
 * `GET /api/_/assets`. `done`/`total` count steps: each pinned file once it is on disk and verified,
 * then the two built outputs (recognizer pack, icon sheet).
 */
export const AssetsStatusSchema = z
  .object({
    state: AssetsStateSchema,
    done: z.number().int(),
    total: z.number().int(),
    reason: z.string().nullable(),
    recognizer: z.object({ packUrl: z.string() }).nullable(),
    itemIcons: z.object({ sheetUrl: z.string(), indexUrl: z.string() }).nullable(),
  })
  .meta({ id: 'AssetsStatus' })
export type AssetsStatus = z.infer<typeof AssetsStatusSchema>

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
})
export type BuildStamp = z.infer<typeof BuildStampSchema>
