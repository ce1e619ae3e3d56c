import { writeSync } from 'node:fs'

/**
 * An error the operator can fix (a bad variable, a data folder in use, a port taken): entry points print
 * its message, without a stack trace, and exit 1. Anything else is a bug and keeps its stack.
 */
export class StartupError extends Error {
  override name = 'StartupError'
}

/** Prints `err` for a person (message only for a StartupError) on stderr and ends the process with 1. */
// A function declaration, not an arrow const: TypeScript only narrows after calls to `never` functions declared this way.
export function exitOnStartupError(err: unknown): never {
  const text = err instanceof StartupError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)
  // writeSync: the text is out before exit even when stderr is an asynchronous pipe.
  writeSync(2, `${text}\n`)
  process.exit(1)
}
