import type { DataSourceFile, SeedMatrixRow, Server } from '@dropwise/schemas'
import { deriveFromSources } from './game-data.derive'
import { planSync, type SyncPlan } from './game-data.plan'
import type { StoredReference } from './game-data.repository'
import type { FetchDeps } from './game-data.sources'

/** A derivation compared with the stored data: what to write (or why not), and the files it came from. */
export interface Prepared {
  sync: SyncPlan
  files: DataSourceFile[]
}

/** Derives, then compares with the stored data (awaited only once the derivation is done): what the sync applies. */
export const prepareFromSources = async (deps: FetchDeps, rows: Record<Server, SeedMatrixRow[]>, at: number, stored: Promise<StoredReference>): Promise<Prepared> => {
  const { ref, files } = await deriveFromSources(deps, rows, at)
  return { sync: planSync(ref, await stored, at), files }
}
