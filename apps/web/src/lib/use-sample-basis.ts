import type { Server } from '@dropwise/schemas'
import { useQuery } from '@tanstack/react-query'
import { apiGetJson } from './api'
import { useDataset } from './data'
import { isRecord } from './guards'

export interface BasisCount {
  runs: number
  reports: number
}

/** `GET /basis` (docs/api-extensions.md §3g): what a stage's (or the server's) numbers are made of. */
export interface SampleBasis {
  imported: { runs: number; until: number | null }
  reported: { automated: BasisCount; manual: BasisCount }
  simulated: BasisCount
}

const count = (v: unknown): BasisCount => {
  const o = isRecord(v) ? v : {}
  return { runs: Number(o.runs) || 0, reports: Number(o.reports) || 0 }
}

/** The answer of `/basis`; a missing field reads as 0 (or no date). */
export const parseSampleBasis = (raw: unknown): SampleBasis => {
  const o = isRecord(raw) ? raw : {}
  const imported = isRecord(o.imported) ? o.imported : {}
  const reported = isRecord(o.reported) ? o.reported : {}
  return {
    imported: { runs: Number(imported.runs) || 0, until: typeof imported.until === 'number' ? imported.until : null },
    reported: { automated: count(reported.automated), manual: count(reported.manual) },
    simulated: count(o.simulated),
  }
}

const BASIS_STALE_MS = 60_000

/** The path of `/basis` for one stage, or for the whole server when `stageId` is null. */
export const basisPath = (server: Server, stageId: string | null) => `/basis?server=${server}${stageId ? `&stageId=${encodeURIComponent(stageId)}` : ''}`
/** The query key of that answer (a server-rendered page seeds it, app/page-seed.ts). */
export const basisKey = (server: Server, stageId: string | null) => ['basis', server, stageId] as const

/** The sample basis of one stage, or of the whole server when `stageId` is null. */
export const useSampleBasis = (server: Server, stageId: string | null) =>
  useQuery({
    queryKey: basisKey(server, stageId),
    queryFn: async ({ signal }) => parseSampleBasis(await apiGetJson(basisPath(server, stageId), signal)),
    staleTime: BASIS_STALE_MS,
  })

/** Whether the server says its data includes simulated demo reports (`/config` `demo.present`, docs/api-extensions.md §3d). */
export const useSimulatedPresent = () => {
  const config = useDataset('config')
  const demo = isRecord(config.data) ? config.data.demo : undefined
  return demo === true || (isRecord(demo) && demo.present === true)
}
