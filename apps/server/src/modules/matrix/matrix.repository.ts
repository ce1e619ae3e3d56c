import type { Server } from '@dropwise/schemas'
import type { Db } from '../../plugins/db'

/** Counts behind the drop matrix. Until reports are aggregated (issue #3) these are the imported baselines. */
export const createMatrixRepository = (db: Db) => ({
  baselines: (server: Server) =>
    db.kysely
      .selectFrom('matrix_baselines')
      .select(['stage_id', 'item_id', 'times', 'quantity', 'std_dev', 'start_at', 'end_at'])
      .where('server', '=', server)
      .orderBy('stage_id')
      .orderBy('item_id')
      .execute(),
})
export type MatrixRepository = ReturnType<typeof createMatrixRepository>
export type BaselineRow = Awaited<ReturnType<MatrixRepository['baselines']>>[number]
