import type { Server, Stage } from '@dropwise/schemas'
import { useQuery } from '@tanstack/react-query'
import { TTL } from '../../config/constants'
import { apiBytes } from '../../lib/api'
import { datasetKey } from '../../lib/data'
import { decodeDataset, startDecoder } from '../../lib/dataset-decoder'
import { datasets } from '../../lib/datasets'

/**
 * The stage list of any server (a query may name another server than the one chosen in the
 * shell). It shares the shell's cache entry for that server, so the current one is not fetched twice,
 * and is parsed and checked in the dataset worker like that entry (on the page it was a long task).
 */
export const useStagesOf = (server: Server) =>
  useQuery({
    queryKey: datasetKey('stages', server, 'all', null),
    staleTime: TTL.stages,
    queryFn: async ({ signal }) => {
      startDecoder()
      const body = await apiBytes(datasets.stages.path({ server, category: 'all' }), { signal })
      return (await decodeDataset('stages', body, { data: true, json: false })).data as Stage[]
    },
  })
