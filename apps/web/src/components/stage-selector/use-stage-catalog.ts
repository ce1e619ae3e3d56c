import type { Stage, Zone } from '@dropwise/schemas'
import { useCallback, useDeferredValue, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useDataset } from '../../lib/data'
import { localized } from '../../lib/i18n'
import { useDataSource } from '../../lib/state-hooks'

/**
 * Stages and zones of the current server, indexed by id. From deferred copies of the lists: a list that
 * arrives (or arrives again, whole after a page rendered from a part of it) re-renders its readers in a
 * render that yields, not in one synchronous task (a query's update is always synchronous).
 */
export function useStageCatalog() {
  const stages = useDataset('stages')
  const zones = useDataset('zones')
  const { server } = useDataSource()
  const stagesData = useDeferredValue(stages.data)
  const zonesData = useDeferredValue(zones.data)
  const stagesById = useMemo(() => new Map((stagesData ?? []).map((s) => [s.stageId, s])), [stagesData])
  const zonesById = useMemo(() => new Map((zonesData ?? []).map((z) => [z.zoneId, z as Zone])), [zonesData])
  const error = (stages.error ?? zones.error) as Error | null
  const { refetch: refetchStages } = stages
  const { refetch: refetchZones } = zones
  const retry = useCallback(() => {
    void refetchStages()
    void refetchZones()
  }, [refetchStages, refetchZones])
  // The same object while nothing in it changed: a memoised page that reads it skips the renders its
  // hooks cause (a list's refetch starting or ending).
  return useMemo(
    () => ({ server, stagesById, zonesById, zones: (zonesData ?? []) as Zone[], ready: !!stagesData && !!zonesData, error, retry }),
    [server, stagesById, zonesById, zonesData, stagesData, error, retry],
  )
}

export const useStageCode = () => {
  const { i18n } = useTranslation()
  return (stage: Stage) => localized(stage.code_i18n, stage.code, i18n.language)
}

export const useZoneName = () => {
  const { i18n } = useTranslation()
  return (zone: Zone) => localized(zone.zoneName_i18n, zone.zoneName, i18n.language)
}
