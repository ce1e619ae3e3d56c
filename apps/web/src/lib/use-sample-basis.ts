import type { SampleBasis, Server } from '@dropwise/schemas'
import { useQuery } from '@tanstack/react-query'
import { apiBytes } from './api'
import { useDataset } from './data'
import { decodeDataset } from './dataset-decoder'
import { isRecord } from './guards'

export type { BasisCount, SampleBasis } from '@dropwise/schemas'

const BASIS_STALE_MS = 60_000

/** The path of `/basis` for one stage, or for the whole server when `stageId` is null. */
export const basisPath = (server: Server, stageId: string | null) => `/basis?server=${server}${stageId ? `&stageId=${encodeURIComponent(stageId)}` : ''}`
/** The query key of that answer (a server-rendered page seeds it, app/page-seed.ts). */
export const basisKey = (server: Server, stageId: string | null) => ['basis', server, stageId] as const

/**
 * The sample basis of one stage, or of the whole server when `stageId` is null (`GET /basis`, docs/api-extensions.md
 * §3g), checked in the dataset worker against the schema the server answers with (@dropwise/schemas
 * `SampleBasisSchema`): an answer of another shape is an error, never a count of 0.
 */
export const useSampleBasis = (server: Server, stageId: string | null) =>
  useQuery({
    queryKey: basisKey(server, stageId),
    queryFn: async ({ signal }) => (await decodeDataset('basis', await apiBytes(basisPath(server, stageId), { signal }))).data as SampleBasis,
    staleTime: BASIS_STALE_MS,
  })

/** Whether the server says its data includes simulated demo reports (`/config` `demo.present`, docs/api-extensions.md §3d). */
export const useSimulatedPresent = () => {
  const config = useDataset('config')
  const demo = isRecord(config.data) ? config.data.demo : undefined
  return demo === true || (isRecord(demo) && demo.present === true)
}
