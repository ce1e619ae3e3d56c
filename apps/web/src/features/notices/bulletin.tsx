import ErrorIcon from '@mui/icons-material/Error'
import Info from '@mui/icons-material/Info'
import Warning from '@mui/icons-material/Warning'
import Alert from '@mui/material/Alert'
import Skeleton from '@mui/material/Skeleton'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { Notice, Server } from '@dropwise/schemas'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { apiGetJson } from '../../lib/api'
import { loadParsers } from '../../lib/datasets'
import { localized } from '../../lib/i18n'
import { useDataSource } from '../../lib/state-hooks'

const Markdown = lazy(() => import('../../components/markdown'))

/** Visible on `server` now: no existence entry counts as existing; open/close times are checked. */
export const noticeVisible = (n: Notice, server: Server, now = Date.now()) => {
  const e = (n.existence as Record<string, { exist: boolean; openTime?: number | null; closeTime?: number | null } | undefined>)[server]
  if (!e) return true
  if (e.openTime && e.openTime > now) return false
  if (e.closeTime && e.closeTime < now) return false
  return e.exist
}

const SEVERITY = {
  0: { severity: 'error', icon: <ErrorIcon />, label: 'notice.severity.0' },
  1: { severity: 'warning', icon: <Warning />, label: 'notice.severity.1' },
  2: { severity: 'info', icon: <Info />, label: 'notice.severity.2' },
} as const

/** GET /notice once per session, in memory only (spec 000 §7). */
export function Bulletin() {
  const { t, i18n } = useTranslation()
  const { server } = useDataSource()
  const query = useQuery({
    queryKey: ['notice'],
    queryFn: async ({ signal }) => {
      const [raw, { parseNotices }] = await Promise.all([apiGetJson('/notice', signal), loadParsers()])
      return parseNotices(raw)
    },
    staleTime: Infinity,
  })
  if (query.isPending)
    return (
      <Stack spacing={1} aria-label={t('notice.loading')}>
        <Skeleton variant="rounded" height={48} />
      </Stack>
    )
  if (query.isError) return <Alert severity="error">{t('notice.failed', { error: query.error.message })}</Alert>
  const notices = query.data.filter((n) => noticeVisible(n, server))
  if (!notices.length) return <Typography color="text.secondary">{t('notice.empty')}</Typography>
  return (
    <Stack spacing={1}>
      {notices.map((n) => {
        const s = SEVERITY[(n.severity ?? 2) as 0 | 1 | 2] ?? SEVERITY[2]
        return (
          <Alert key={n.id} severity={s.severity} icon={s.icon} variant={n.severity === 0 ? 'filled' : 'outlined'} aria-label={t(s.label)}>
            <Suspense fallback={null}>
              <Markdown source={localized(n.content_i18n, '', i18n.language)} />
            </Suspense>
          </Alert>
        )
      })}
    </Stack>
  )
}
