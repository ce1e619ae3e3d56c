import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { Notice, Server } from '@dropwise/schemas'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { apiBytes } from '../../lib/api'
import { decodeDataset } from '../../lib/dataset-decoder'
import { useDataSource } from '../../lib/state-hooks'

// The notices' alerts and markdown load only when there is a notice (or an error) to show.
const NoticeList = lazy(() => import('./notice-list').then((m) => ({ default: m.NoticeList })))
const NoticeError = lazy(() => import('./notice-list').then((m) => ({ default: m.NoticeError })))

/** Visible on `server` now: no existence entry counts as existing; open/close times are checked. */
export const noticeVisible = (n: Notice, server: Server, now = Date.now()) => {
  const e = (n.existence as Record<string, { exist: boolean; openTime?: number | null; closeTime?: number | null } | undefined>)[server]
  if (!e) return true
  if (e.openTime && e.openTime > now) return false
  if (e.closeTime && e.closeTime < now) return false
  return e.exist
}

/** GET /notice once per session, in memory only (spec 000 §7). */
export function Bulletin() {
  const { t } = useTranslation()
  const { server } = useDataSource()
  const query = useQuery({
    queryKey: ['notice'],
    // Checked in the dataset worker, like the datasets (the checker then never loads on the page).
    queryFn: async ({ signal }) => (await decodeDataset('notices', await apiBytes('/notice', { signal }))).data as Notice[],
    staleTime: Infinity,
  })
  // A placeholder of one notice's height while loading.
  const placeholder = <Box role="status" aria-label={t('notice.loading')} sx={{ height: 48, borderRadius: 1, bgcolor: 'action.hover' }} />
  if (query.isPending) return placeholder
  if (query.isError)
    return (
      <Suspense fallback={placeholder}>
        <NoticeError message={query.error.message} />
      </Suspense>
    )
  const notices = query.data.filter((n) => noticeVisible(n, server))
  if (!notices.length) return <Typography color="text.secondary">{t('notice.empty')}</Typography>
  return (
    <Suspense fallback={placeholder}>
      <NoticeList notices={notices} />
    </Suspense>
  )
}
