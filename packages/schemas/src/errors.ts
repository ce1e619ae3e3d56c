import { z } from 'zod'

/**
 * The contract's codes (api-v2.md §3), plus Dropwise's own: `UNAUTHORIZED` (ops routes without a valid
 * `OPS_TOKEN`), `PAYLOAD_TOO_LARGE` (a body over a size or depth limit) and `SERVICE_UNAVAILABLE` (the
 * database is unreachable; sent with `Retry-After`, which MAA honours by retrying).
 */
export const API_ERROR_CODES = [
  'INVALID_REQUEST',
  'NOT_FOUND',
  'TOO_MANY_REQUESTS',
  'INTERNAL_ERROR',
  'UNAUTHORIZED',
  'PAYLOAD_TOO_LARGE',
  'SERVICE_UNAVAILABLE',
] as const
export type ApiErrorCode = (typeof API_ERROR_CODES)[number]

export const ViolationSchema = z.object({
  field: z.string().describe('dotted path of the offending field'),
  violation: z.string().describe('rule name: required, oneof, arkserver, lte, gte, max, min, …'),
  message: z.string(),
})
export type Violation = z.infer<typeof ViolationSchema>

/** Every error body of the API (api-v2.md §3). */
export const ApiErrorSchema = z.object({ code: z.enum(API_ERROR_CODES), message: z.string(), violations: z.array(ViolationSchema).optional() }).meta({ id: 'ApiError' })
export type ApiError = z.infer<typeof ApiErrorSchema>

export const ERROR_MESSAGES = {
  notFound: 'resource not found with given parameters',
  invalidParams: 'invalid request: some or all request parameters are invalid',
  internal: 'internal server error occurred',
} as const
