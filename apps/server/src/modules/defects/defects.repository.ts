import type { Db } from '../../db/db'

/** Recognition defect reports and their screenshots (`recognition_defects`). */
export const createDefectsRepository = (db: Db) => ({
  insert: async (row: { defectId: string; createdAt: number; environment: string; result: string; uploadToken: string; ip: string | null }) => {
    await db.kysely
      .insertInto('recognition_defects')
      .values({
        defect_id: row.defectId,
        created_at: row.createdAt,
        environment: row.environment,
        result: row.result,
        upload_token: row.uploadToken,
        ip: row.ip,
      })
      .execute()
  },

  /** What an upload is checked against; undefined for an unknown defect. */
  uploadState: async (defectId: string) => {
    const row = await db.kysely
      .selectFrom('recognition_defects')
      .select(['upload_token', 'created_at', 'uploaded_at'])
      .where('defect_id', '=', defectId)
      .executeTakeFirst()
    return row && { uploadToken: row.upload_token, createdAt: row.created_at, uploadedAt: row.uploaded_at }
  },

  /** Stores the screenshot unless one was stored already; false when it was (conditional, so two concurrent uploads cannot both be stored). */
  storeImage: async (defectId: string, image: { bytes: Buffer; type: string; uploadedAt: number }) => {
    const updated = await db.kysely
      .updateTable('recognition_defects')
      .set({ image: image.bytes, image_type: image.type, image_bytes: image.bytes.length, uploaded_at: image.uploadedAt })
      .where('defect_id', '=', defectId)
      .where('uploaded_at', 'is', null)
      .executeTakeFirst()
    return updated.numUpdatedRows !== 0n
  },
})
export type DefectsRepository = ReturnType<typeof createDefectsRepository>
