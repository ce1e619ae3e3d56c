import { z } from 'zod'
import { SERVERS } from './constants'

export { LANGUAGES, NO_END_MS, SERVER_LAUNCH_MS, SERVER_UTC_OFFSET_HOURS, SERVERS, type Language } from './constants'

export const ServerSchema = z.enum(SERVERS)
export type Server = z.infer<typeof ServerSchema>

/** Epoch milliseconds. */
export const MsSchema = z.number().int()

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
