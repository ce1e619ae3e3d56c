import type { Server } from '@dropwise/schemas'
import { useQuery } from '@tanstack/react-query'
import { TTL } from '../../config/constants'
import { apiGetJson } from '../../lib/api'
import { datasetKey } from '../../lib/data'
import { datasets, loadParsers } from '../../lib/datasets'

/**
 * The stage list of any server (a query may name another server than the one chosen in the
 * shell). It shares the shell's cache entry for that server, so the current one is not fetched twice.
 */
export const useStagesOf = (server: Server) =>
  useQuery({
    queryKey: datasetKey('stages', server, 'all', null),
    staleTime: TTL.stages,
    queryFn: async ({ signal }) => {
      const [raw, { parsers }] = await Promise.all([apiGetJson(datasets.stages.path({ server, category: 'all' }), signal), loadParsers()])
      return parsers.stages(raw)
    },
  })
