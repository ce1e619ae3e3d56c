import { serviceUnavailable } from './errors'

/** Seconds a client is asked to wait (`Retry-After`) while the database is unreachable. */
export const DB_RETRY_AFTER_S = 5

export const DB_UNAVAILABLE_MESSAGE = 'the database is unavailable right now; try again in a few seconds'

// Socket-level failures of the connection to PostgreSQL (node:net, DNS).
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])

// SQLSTATEs that say "the server cannot serve now", not "this statement is wrong": class 08 (connection
// exception), 53 (insufficient resources: disk full, out of memory, too many connections), 58 (system
// error: I/O), 57P01-57P03 (shut down by an administrator or a crash, cannot connect now) and 25006
// (a read-only transaction: a standby after a failover).
const isUnavailableSqlState = (code: string) => /^(08|53|58)[0-9A-Z]{3}$/.test(code) || code === '57P01' || code === '57P02' || code === '57P03' || code === '25006'

// What pg and pg-pool say without a code: a connection closed under a query, a connect or pool timeout,
// a client whose connection already failed; PGlite once its engine has stopped.
const MESSAGES = ['Connection terminated', 'connection timeout', 'timeout exceeded when trying to connect', 'is not queryable', 'PGlite is closed']

/**
 * Whether `err` means the database cannot be reached or cannot serve right now (an outage, a restart, a
 * failover, a full disk), as opposed to a bug or a bad statement: such a request answers 503 with
 * `Retry-After` and a background job tries again later.
 */
export const isDatabaseUnavailable = (err: unknown, depth = 0): boolean => {
  if (!err || typeof err !== 'object' || depth > 3) return false
  const e = err as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown }
  if (typeof e.code === 'string' && (SOCKET_CODES.has(e.code) || isUnavailableSqlState(e.code))) return true
  if (typeof e.message === 'string' && MESSAGES.some((m) => (e.message as string).includes(m))) return true
  // node:net's AggregateError (every address of a host refused) and wrapped causes.
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true
  return e.cause !== undefined && isDatabaseUnavailable(e.cause, depth + 1)
}

/** The 503 a request gets while the database is unavailable. */
export const databaseUnavailable = () => serviceUnavailable(DB_UNAVAILABLE_MESSAGE, DB_RETRY_AFTER_S)
