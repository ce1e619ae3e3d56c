import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { useDataset } from '../../lib/data'
import { formatNumber } from '../../lib/format'
import { useHydrated } from '../../lib/hydration'
import { counterText, total24h } from './counter'
import { useAnimatedCounter } from './use-animated-counter'

/** Read by screen readers, not shown (sx sizes of 1 would mean 100 %: pixels are spelled out). */
const SCREEN_READER_ONLY = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const

/** The animated number of reports in the last 24 hours (Home card and the statistics page). */
/** The 24 h report count; `unit` adds the word under it ("report" or "reports", by the count's plural rule). */
export function ReportsCounter({ variant = 'h3', unit = false }: { variant?: 'h3' | 'h4'; unit?: boolean }) {
  const { t, i18n } = useTranslation()
  const stats = useDataset('stats')
  // Statistics stored from an earlier visit are not in the pre-rendered page: they count once hydrated.
  const target = total24h(useHydrated() ? stats.data : undefined)
  const value = useAnimatedCounter(target)
  return (
    <>
      {/* The visible number animates; screen readers get the final one once. */}
      <Typography
        variant={variant}
        component="p"
        aria-hidden
        data-testid="stats-24h"
        data-target={target}
        sx={{ fontVariantNumeric: 'tabular-nums', ...(variant === 'h3' && { fontSize: { xs: '2.25rem', sm: '3rem' } }) }}
      >
        {counterText(value, (n) => formatNumber(n, i18n.language))}
      </Typography>
      {unit && (
        <Typography color="text.secondary" aria-hidden data-testid="stats-24h-unit">
          {t('browse.home.stats.reports', { count: target })}
        </Typography>
      )}
      <Typography sx={SCREEN_READER_ONLY}>{t('browse.siteStats.reports24hValue', { value: counterText(target, (n) => formatNumber(n, i18n.language)) })}</Typography>
    </>
  )
}
