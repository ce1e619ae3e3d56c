import type { Selectable } from 'kysely'
import type { DropInfosTable } from './database'
import type { Db } from './db'

/** One turn of the event loop: sockets and timers run before the caller goes on. */
export const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Rows per page of a paged read: a page of a wide table takes tens of milliseconds on PGlite. */
export const READ_PAGE_ROWS = 2000

/**
 * Reads a large table page by page in key order (keyset pagination: `page(after)` returns up to `size`
 * rows whose key is greater than `after`, in key order; `after` is null for the first page), with a turn
 * of the event loop between pages. PGlite runs SQL on the event loop's thread and answers through promises
 * only, so one statement over tens of thousands of rows, or a chain of them, would hold every request for
 * its whole length; pages bound that to one page. `each` maps a page's rows as they arrive.
 */
export const readPaged = async <R, K, T = R>(
  page: (after: K | null, size: number) => Promise<R[]>,
  keyOf: (row: R) => K,
  each: (row: R) => T = (row) => row as unknown as T,
  size = READ_PAGE_ROWS,
): Promise<T[]> => {
  const out: T[] = []
  let after: K | null = null
  for (;;) {
    const rows = await page(after, size)
    for (const r of rows) out.push(each(r))
    const last = rows.at(-1)
    if (rows.length < size || last === undefined) return out
    after = keyOf(last)
    await yieldToLoop()
  }
}

/** Every drop info (tens of thousands of rows) in storage order (`drop_info_id`), page by page, each mapped by `each`. */
export const readDropInfos = <T>(db: Db, each: (row: Selectable<DropInfosTable>) => T): Promise<T[]> =>
  readPaged(
    (after: number | null, size) =>
      db.kysely
        .selectFrom('drop_infos')
        .selectAll()
        .$if(after !== null, (q) => q.where('drop_info_id', '>', after ?? 0))
        .orderBy('drop_info_id')
        .limit(size)
        .execute(),
    (r) => r.drop_info_id,
    each,
  )
