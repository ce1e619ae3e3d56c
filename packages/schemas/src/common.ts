import { z } from 'zod'

/** Game regions served by the API. `CN` is the default wherever a server parameter is optional. */
export const SERVERS = ['CN', 'US', 'JP', 'KR'] as const
export const ServerSchema = z.enum(SERVERS)
export type Server = z.infer<typeof ServerSchema>

/** Languages every localised text carries (api-v2.md §5). */
export const LANGUAGES = ['zh', 'en', 'ja', 'ko'] as const
export type Language = (typeof LANGUAGES)[number]

/** Epoch milliseconds. */
export const MsSchema = z.number().int()

/** Storage sentinel for "no end" (api-v2.md §1.2); on the wire it is `null`. */
export const NO_END_MS = 62141368179000

/** Server launch instants in ms (api-v2.md §1.2); the default start of custom windows. */
export const SERVER_LAUNCH_MS: Record<Server, number> = {
  CN: 1556676000000,
  US: 1579190400000,
  JP: 1579140000000,
  KR: 1579140000000,
}

/** Fixed UTC offsets of the server clocks in hours (no DST). */
export const SERVER_UTC_OFFSET_HOURS: Record<Server, number> = { CN: 8, US: -7, JP: 9, KR: 9 }

export const I18nSchema = z.object({ zh: z.string(), en: z.string(), ja: z.string(), ko: z.string() })
export type I18n = z.infer<typeof I18nSchema>

export const PartialI18nSchema = I18nSchema.partial()

export const ServerExistenceSchema = z.object({
  exist: z.boolean(),
  openTime: MsSchema.optional(),
  closeTime: MsSchema.optional(),
})
export type ServerExistence = z.infer<typeof ServerExistenceSchema>

/** Per-server existence; all four keys are always present (clients read them blindly). */
export const ExistenceSchema = z.object({
  CN: ServerExistenceSchema,
  US: ServerExistenceSchema,
  JP: ServerExistenceSchema,
  KR: ServerExistenceSchema,
})
export type Existence = z.infer<typeof ExistenceSchema>

export const DROP_TYPES = ['NORMAL_DROP', 'SPECIAL_DROP', 'EXTRA_DROP', 'FURNITURE'] as const
export const DropTypeSchema = z.enum(DROP_TYPES)
export type DropType = z.infer<typeof DropTypeSchema>

/** Drop types a report may use; `REGULAR_DROP` is an alias of `NORMAL_DROP`. */
export const REPORT_DROP_TYPES = ['REGULAR_DROP', ...DROP_TYPES] as const

export const CATEGORIES = ['all', 'automated', 'manual'] as const
export const CategorySchema = z.enum(CATEGORIES)
export type Category = z.infer<typeof CategorySchema>
