import { ERROR_MESSAGES, type ApiErrorCode, type Violation } from '@dropwise/schemas'

/** An error with its HTTP status and `{code, message}` body; thrown by services, rendered by the error handler. */
export class ApiHttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly violations?: Violation[],
    /** Extra response headers (e.g. `Retry-After` on 503). */
    readonly headers?: Record<string, string>,
  ) {
    super(message)
  }
}

/** Missing entity: 400 NOT_FOUND, never 404 on v2 (api-v2.md §3). */
export const notFound = () => new ApiHttpError(400, 'NOT_FOUND', ERROR_MESSAGES.notFound)
export const invalidRequest = (message: string, violations?: Violation[]) => new ApiHttpError(400, 'INVALID_REQUEST', message, violations)
export const tooManyRequests = (message: string) => new ApiHttpError(429, 'TOO_MANY_REQUESTS', message)
export const unauthorized = (message: string) => new ApiHttpError(401, 'UNAUTHORIZED', message)
/** The database (or another store the answer needs) is unreachable: 503 with `Retry-After`, so clients retry. */
export const serviceUnavailable = (message: string, retryAfterS = 5) =>
  new ApiHttpError(503, 'SERVICE_UNAVAILABLE', message, undefined, { 'retry-after': String(retryAfterS) })
