import Box from '@mui/material/Box'
import { useCallback, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../lib/format'
import { splitDuration, timeRangeOf } from './table-logic'

/** A value that is unknown (null): a grey dash with a readable label. */
export function NullCell() {
  const { t } = useTranslation()
  return (
    <Box component="span" sx={{ color: 'text.secondary' }} aria-label={t('stats.table.notAvailable')} title={t('stats.table.notAvailable')}>
      ——
    </Box>
  )
}

export const orNull = (v: number | null, render: (v: number) => ReactNode) => (v === null ? <NullCell /> : render(v))

export function useDuration() {
  const { t } = useTranslation()
  return useCallback(
    (ms: number, digits: number) => {
      const { minutes, seconds } = splitDuration(ms, digits)
      const s = t('meta.time.second', { s: seconds.toFixed(digits) })
      return minutes > 0 ? `${t('meta.time.minute', { m: minutes })} ${s}` : s
    },
    [t],
  )
}

export function TimeRange({ start, end }: { start: number | null; end: number | null }) {
  const { t } = useTranslation()
  const r = timeRangeOf(start, end)
  const now = Date.now()
  switch (r.kind) {
    case 'inBetween':
      return <>{t('stats.timeRange.inBetween', { start: formatDate(r.start, { now }), end: formatDate(r.end, { now }) })}</>
    case 'toPresent':
      return <>{t('stats.timeRange.toPresent', { date: formatDate(r.start, { now }) })}</>
    case 'endsAt':
      return <>{t('stats.timeRange.endsAt', { date: formatDate(r.end, { now }) })}</>
    default:
      return <>{t('stats.timeRange.unknown')}</>
  }
}
