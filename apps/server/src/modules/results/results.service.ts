import type { DataVersion } from '../../lib/data-version'
import type { Db } from '../../plugins/db'
import type { AccountsService } from '../accounts/accounts.service'
import type { CatalogService } from '../catalog/catalog.service'

export interface ResultsServiceDeps {
  db: Db
  catalog: CatalogService
  accounts: AccountsService
  /** Bumped whenever aggregates change: global caches rebuild when it moves. */
  version: DataVersion
  clock: () => number
}

/** Pattern matrices, trends and advanced queries (api-v2.md §8.2-8.5, §10.5, §10.8). Filled in by issue #3. */
export const createResultsService = (_deps: ResultsServiceDeps) => ({})
export type ResultsService = ReturnType<typeof createResultsService>
