import type { Stage, Zone } from '@dropwise/schemas'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useDataset } from '../../lib/data'
import { localized } from '../../lib/i18n'
import { useDataSource } from '../../lib/state-hooks'

/** Stages and zones of the current server, indexed by id. */
export function useStageCatalog() {
  const stages = useDataset('stages')
  const zones = useDataset('zones')
  const { server } = useDataSource()
  const stagesById = useMemo(() => new Map((stages.data ?? []).map((s) => [s.stageId, s])), [stages.data])
  const zonesById = useMemo(() => new Map((zones.data ?? []).map((z) => [z.zoneId, z as Zone])), [zones.data])
  return {
    server,
    stagesById,
    zonesById,
    zones: (zones.data ?? []) as Zone[],
    ready: !!stages.data && !!zones.data,
    error: (stages.error ?? zones.error) as Error | null,
    retry: () => {
      void stages.refetch()
      void zones.refetch()
    },
  }
}

export const useStageCode = () => {
  const { i18n } = useTranslation()
  return (stage: Stage) => localized(stage.code_i18n, stage.code, i18n.language)
}

export const useZoneName = () => {
  const { i18n } = useTranslation()
  return (zone: Zone) => localized(zone.zoneName_i18n, zone.zoneName, i18n.language)
}
