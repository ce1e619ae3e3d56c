import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { fetchAssetStatus, retryAssets } from '../../lib/assets'
import { prefetchDataset } from '../../lib/data'
import { ITEM_ICONS_KEY } from '../../lib/item-icons'
import { pollInterval } from './asset-state'

const KEY = ['asset-status'] as const

const message = (e: unknown) => (e instanceof Error ? e.message : String(e))

/**
 * The live `GET /api/_/assets` while `enabled` (no pack is configured and the server announces
 * downloads, or the server's pack cannot read some items yet), asked again as `pollInterval` says. Once the resources are ready the
 * rest of the app learns it too: `/config` (the pack and icon addresses) and the icon index are
 * asked again, so icons turn into the game's art without a reload.
 */
export const useAssetStatus = (enabled: boolean) => {
  const queryClient = useQueryClient()
  const [retriedAt, setRetriedAt] = useState<number | null>(null)
  const query = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => fetchAssetStatus(signal),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: 1,
    refetchInterval: (q) => {
      const data = q.state.data
      return data ? pollInterval(data.state, retriedAt === null ? null : Date.now() - retriedAt, data.unreadable.length > 0 || data.updating) : false
    },
  })
  const retry = useMutation({
    mutationFn: retryAssets,
    onSuccess: (status) => queryClient.setQueryData(KEY, status),
  })

  // Ready, or rebuilt for newer game data (another pack address): /config and the icons follow.
  const built = query.data?.state === 'ready' ? (query.data.packUrl ?? query.data.itemIcons?.sheetUrl ?? 'ready') : null
  useEffect(() => {
    if (built === null) return
    void prefetchDataset('config', true).catch(() => undefined)
    void queryClient.invalidateQueries({ queryKey: ITEM_ICONS_KEY })
  }, [built, queryClient])

  const failed = retry.isError ? retry.error : query.isError ? query.error : null
  return {
    status: query.data,
    error: failed ? message(failed) : null,
    retrying: retry.isPending,
    retry: () => {
      setRetriedAt(Date.now())
      retry.mutate()
    },
  }
}
