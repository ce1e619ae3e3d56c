import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { lazy, Suspense, useDeferredValue } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { useDataset } from '../../lib/data'
import { useHydrated } from '../../lib/hydration'
import { useDataSource } from '../../lib/state-hooks'
import { newDraft, parsePreset } from './query-model'
import { useStagesOf } from './use-catalog'

/**
 * The builder (editor, results, the answer's schema check) is a chunk of its own, requested when the
 * lists it needs are in: the page's heading and introduction, its largest paint, do not wait for it.
 */
const QueryBuilder = lazy(() => import('./query-builder').then((m) => ({ default: m.QueryBuilder })))

/** `/advanced`: up to five queries over chosen stages, items, servers and windows, as matrices or trends. */
export function AdvancedQuery() {
  const { t } = useTranslation()
  const { server } = useDataSource()
  const items = useDataset('items')
  const zones = useDataset('zones')
  const periods = useDataset('period')
  const stages = useStagesOf(server)
  const [params] = useSearchParams()
  const failed = [items, zones, periods, stages].find((q) => q.isError)
  // The page arrives pre-rendered without lists (src/ssr.tsx): while hydrating it is drawn without the
  // lists a returning visitor has stored, so it matches, and with them right after.
  const hydrated = useHydrated()
  // The query builder appears once the four lists are in: drawn from a deferred copy, in slices that
  // leave the main thread free, rather than in one long task when the last list arrives.
  const lists = useDeferredValue(
    hydrated
      ? { items: items.data, zones: zones.data, periods: periods.data, stages: stages.data }
      : { items: undefined, zones: undefined, periods: undefined, stages: undefined },
  )
  const presetKey = `${params.get('stage') ?? ''}|${params.get('items') ?? ''}`
  const loading = (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
      <CircularProgress size={24} aria-hidden />
      <Typography>{t('advanced.loading')}</Typography>
    </Stack>
  )

  return (
    <Stack spacing={2} data-testid="advanced-page">
      <Typography variant="h4" component="h1">
        {t('menu.advancedQuery')}
      </Typography>
      <Typography color="text.secondary">{t('advanced.intro')}</Typography>
      {failed ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => [items, zones, periods, stages].forEach((q) => q.isError && void q.refetch())}>
              {t('advanced.retry')}
            </Button>
          }
        >
          {t('advanced.loadFailed', { message: failed.error instanceof Error ? failed.error.message : String(failed.error) })}
        </Alert>
      ) : lists.items && lists.zones && lists.periods && lists.stages ? (
        <Suspense fallback={loading}>
          {/* A new `stage`/`items` link (e.g. from the stage details) starts a new set of queries. */}
          <QueryBuilder
            key={presetKey}
            presetKey={presetKey}
            catalog={{ items: lists.items, zones: lists.zones, periods: lists.periods }}
            initial={[newDraft(0, server, parsePreset(params, lists.stages, lists.items, server))]}
          />
        </Suspense>
      ) : (
        loading
      )}
    </Stack>
  )
}
