import { sql, type Transaction } from 'kysely'
import type { Database } from '../../db/database'
import type { Db } from '../../db/db'

/** What a store found: done, the total storage would pass its limit, or the screenshot was already uploaded. */
export type StoreOutcome = 'stored' | 'full' | 'already'

class Rollback extends Error {
  constructor(readonly outcome: Exclude<StoreOutcome, 'stored'>) {
    super(outcome)
  }
}

/** Adds `bytes` to the counted total unless it would pass `maxBytes`; false (nothing added) when it would. */
const reserve = async (trx: Transaction<Database>, bytes: number, maxBytes: number) => {
  const res = await sql`update defect_storage set bytes = bytes + ${bytes} where bytes + ${bytes} <= ${maxBytes} returning bytes`.execute(trx)
  return res.rows.length > 0
}

/** Runs `work` in a transaction; a {@link Rollback} undoes it and names the outcome. */
const inTransaction = async (db: Db, work: (trx: Transaction<Database>) => Promise<void>): Promise<StoreOutcome> => {
  try {
    await db.kysely.transaction().execute(work)
    return 'stored'
  } catch (err) {
    if (err instanceof Rollback) return err.outcome
    throw err
  }
}

/**
 * Recognition defect reports and their screenshots (`recognition_defects`). Every byte stored is
 * counted in `defect_storage` in the same transaction, against the operator's total.
 */
export const createDefectsRepository = (db: Db) => ({
  /** Stores a defect of `bodyBytes` unless the total would pass `maxBytes`. */
  insert: (
    row: { defectId: string; createdAt: number; environment: string; result: string; uploadToken: string; ip: string | null; bodyBytes: number },
    maxBytes: number,
  ) =>
    inTransaction(db, async (trx) => {
      if (!(await reserve(trx, row.bodyBytes, maxBytes))) throw new Rollback('full')
      await trx
        .insertInto('recognition_defects')
        .values({
          defect_id: row.defectId,
          created_at: row.createdAt,
          environment: row.environment,
          result: row.result,
          upload_token: row.uploadToken,
          ip: row.ip,
          body_bytes: row.bodyBytes,
        })
        .execute()
    }),

  /** What an upload is checked against; undefined for an unknown defect. */
  uploadState: async (defectId: string) => {
    const row = await db.kysely
      .selectFrom('recognition_defects')
      .select(['upload_token', 'created_at', 'uploaded_at'])
      .where('defect_id', '=', defectId)
      .executeTakeFirst()
    return row && { uploadToken: row.upload_token, createdAt: row.created_at, uploadedAt: row.uploaded_at }
  },

  /**
   * Stores the screenshot unless one was stored already (conditional, so two concurrent uploads cannot
   * both be stored) or the total would pass `maxBytes`.
   */
  storeImage: (defectId: string, image: { bytes: Buffer; type: string; uploadedAt: number }, maxBytes: number) =>
    inTransaction(db, async (trx) => {
      const updated = await trx
        .updateTable('recognition_defects')
        .set({ image: image.bytes, image_type: image.type, image_bytes: image.bytes.length, uploaded_at: image.uploadedAt })
        .where('defect_id', '=', defectId)
        .where('uploaded_at', 'is', null)
        .executeTakeFirst()
      if (updated.numUpdatedRows === 0n) throw new Rollback('already')
      if (!(await reserve(trx, image.bytes.length, maxBytes))) throw new Rollback('full')
    }),

  /**
   * Deletes up to `limit` defects created before `before`, oldest first, and takes their bytes off the
   * total. Returns how many were deleted (fewer than `limit`: none older is left).
   */
  purge: (before: number, limit: number) =>
    db.kysely.transaction().execute(async (trx) => {
      const gone = await sql<{ bytes: string | number }>`
        delete from recognition_defects
        where defect_id in (select defect_id from recognition_defects where created_at < ${before} order by created_at limit ${limit})
        returning body_bytes + coalesce(image_bytes, 0) as bytes`.execute(trx)
      const bytes = gone.rows.reduce((sum, r) => sum + Number(r.bytes), 0)
      if (bytes > 0) await sql`update defect_storage set bytes = greatest(0, bytes - ${bytes})`.execute(trx)
      return gone.rows.length
    }),

  /** Bytes counted for every stored defect together. */
  storedBytes: async () => Number((await sql<{ bytes: string | number }>`select bytes from defect_storage`.execute(db.kysely)).rows[0]?.bytes ?? 0),
})
export type DefectsRepository = ReturnType<typeof createDefectsRepository>
