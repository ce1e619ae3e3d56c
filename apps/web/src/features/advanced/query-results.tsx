import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CardHeader from '@mui/material/CardHeader'
import Chip from '@mui/material/Chip'
import Skeleton from '@mui/material/Skeleton'
import Stack from '@mui/material/Stack'
import Tab from '@mui/material/Tab'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TablePagination from '@mui/material/TablePagination'
import TableRow from '@mui/material/TableRow'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import type { AdvancedResult, Item, MatrixElement } from '@dropwise/schemas'
import { lazy, Suspense, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ItemIcon } from '../../components/item-icon'
import { formatDate, formatNumber, formatPercent } from '../../lib/format'
import { localized } from '../../lib/i18n'
import { intervalLabelKey } from './labels'
import { isValidApCost, shapeMatrix, shapeTrend, type QueryDraft, type TrendMap, type TrendSeries } from './query-model'
import { useStagesOf } from './use-catalog'
import { SimulatedCaption } from '../../components/charts/simulated-caption'
import { useSampleBasis } from '../../lib/use-sample-basis'

const TrendChart = lazy(() => import('../../components/charts/trend-chart').then((m) => ({ default: m.TrendChart })))

/** The answer to one query: a matrix table, or per item a trend chart and its table. */
export function QueryResult({ index, query, result, items }: { index: number; query: QueryDraft; result: AdvancedResult; items: Map<string, Item> }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const stages = useStagesOf(query.server)
  const stage = stages.data?.find((s) => s.stageId === query.stageId)
  const code = stage ? localized(stage.code_i18n, stage.code, lang) : (query.stageId ?? '')
  const title = index === 0 ? t('advanced.tabs.main') : t('advanced.tabs.comparison', { n: index })
  const range = `${query.start === null ? t('advanced.results.sinceLaunch') : formatDate(query.start, { time: true, now: 0 })} – ${
    query.end === null ? t('advanced.results.untilNow') : formatDate(query.end, { time: true, now: 0 })
  }`
  return (
    <Card component="section" aria-labelledby={`advanced-result-${query.key}`} data-testid="advanced-result">
      <CardHeader
        title={
          <Typography variant="h6" component="h3" id={`advanced-result-${query.key}`}>
            {title} · {code}
          </Typography>
        }
        subheader={
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
            <Chip size="small" label={t(`server.servers.${query.server}`)} />
            <Chip size="small" label={query.isPersonal ? t('dataSource.personal') : t('dataSource.global')} />
            <Chip size="small" label={t(`matrixCategory.${query.category}`)} />
            <Chip size="small" label={range} />
            <Chip
              size="small"
              color="primary"
              variant="outlined"
              label={query.kind === 'trend' ? `${t('advanced.query.trend')} · ${t(intervalLabelKey(query.intervalMs))}` : t('advanced.query.matrix')}
            />
          </Stack>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {'matrix' in result ? (
          <MatrixTable query={query} result={result} items={items} apCost={stage?.apCost} />
        ) : (
          <TrendView query={query} result={result} items={items} />
        )}
      </CardContent>
    </Card>
  )
}

function ItemCell({ itemId, items }: { itemId: string; items: Map<string, Item> }) {
  const { i18n } = useTranslation()
  const item = items.get(itemId)
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      {item && (
        <Box aria-hidden sx={{ display: 'flex' }}>
          <ItemIcon item={item} size={28} />
        </Box>
      )}
      <span>{item ? localized(item.name_i18n, item.name, i18n.language) : itemId}</span>
    </Stack>
  )
}

function MatrixTable({ query, result, items, apCost }: { query: QueryDraft; result: { matrix: MatrixElement[] }; items: Map<string, Item>; apCost: number | undefined }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const rows = useMemo(() => shapeMatrix(result.matrix, apCost), [result.matrix, apCost])
  if (rows.length === 0) return <Alert severity="info">{t('advanced.results.noData')}</Alert>
  return (
    <TableContainer>
      <Table size="small" aria-label={t('advanced.results.matrixLabel', { stage: query.stageId ?? '' })}>
        <TableHead>
          <TableRow>
            <TableCell>{t('advanced.results.item')}</TableCell>
            <TableCell align="right">{t('advanced.results.times')}</TableCell>
            <TableCell align="right">{t('advanced.results.quantity')}</TableCell>
            <TableCell align="right">{t('advanced.results.rate')}</TableCell>
            {isValidApCost(apCost) && <TableCell align="right">{t('advanced.results.apPerItem')}</TableCell>}
            <TableCell align="right">{t('advanced.results.stdDev')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.itemId} data-testid="matrix-row" data-item={r.itemId}>
              <TableCell>
                <ItemCell itemId={r.itemId} items={items} />
              </TableCell>
              <TableCell align="right" data-col="times">
                {formatNumber(r.times, lang)}
              </TableCell>
              <TableCell align="right" data-col="quantity">
                {formatNumber(r.quantity, lang)}
              </TableCell>
              <TableCell align="right" data-col="rate" title={r.rate === null ? undefined : String(r.rate)}>
                {r.rate === null ? '--%' : formatPercent(r.rate, lang, 2)}
              </TableCell>
              {isValidApCost(apCost) && (
                <TableCell align="right" data-col="apPerItem">
                  {r.apPerItem === null ? '—' : formatNumber(r.apPerItem, lang, 2)}
                </TableCell>
              )}
              <TableCell align="right" data-col="stdDev">
                {formatNumber(r.stdDev, lang, 4)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  )
}

function TrendView({ query, result, items }: { query: QueryDraft; result: { trend: TrendMap }; items: Map<string, Item> }) {
  const { t, i18n } = useTranslation()
  const series = useMemo(
    () => shapeTrend(result.trend, query.stageId ?? '', query.intervalMs, query.end, query.itemIds),
    [result.trend, query.stageId, query.intervalMs, query.end, query.itemIds],
  )
  const [selected, setSelected] = useState(0)
  // Global trends count simulated demo reports (automated ones): the view says so, as the stats pages do.
  const basis = useSampleBasis(query.server, query.stageId)
  const simulated = !query.isPersonal && query.category !== 'manual' && (basis.data?.simulated.reports ?? 0) > 0
  if (series.length === 0) return <Alert severity="info">{t('advanced.results.noData')}</Alert>
  const current = series[Math.min(selected, series.length - 1)] as TrendSeries
  const name = (itemId: string) => {
    const item = items.get(itemId)
    return item ? localized(item.name_i18n, item.name, i18n.language) : itemId
  }
  return (
    <Stack spacing={2}>
      {simulated && <SimulatedCaption />}
      {series.length > 1 && (
        <Tabs
          value={Math.min(selected, series.length - 1)}
          onChange={(_e, v: number) => setSelected(v)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('advanced.results.itemTabs')}
        >
          {series.map((s) => (
            <Tab key={s.itemId} label={name(s.itemId)} data-testid="trend-item-tab" data-item={s.itemId} />
          ))}
        </Tabs>
      )}
      <TrendItem key={`${current.itemId}`} series={current} itemName={name(current.itemId)} />
    </Stack>
  )
}

function TrendItem({ series, itemName }: { series: TrendSeries; itemName: string }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const [page, setPage] = useState(0)
  const [perPage, setPerPage] = useState(10)
  const withTime = series.intervalMs < 86_400_000
  const shown = perPage < 0 ? series.buckets : series.buckets.slice(page * perPage, page * perPage + perPage)
  const total = series.totalTimes > 0 ? series.totalQuantity / series.totalTimes : null
  return (
    <Box data-testid="trend-item" data-item={series.itemId}>
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
        {itemName}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="trend-total">
        {t('advanced.results.trendTotal', {
          drops: t('advanced.results.drops', { count: series.totalQuantity, n: formatNumber(series.totalQuantity, lang) }),
          runs: t('advanced.results.runs', { count: series.totalTimes, n: formatNumber(series.totalTimes, lang) }),
          rate: total === null ? '--%' : formatPercent(total, lang, 2),
        })}
      </Typography>
      <Suspense fallback={<Skeleton variant="rectangular" height={320} />}>
        <TrendChart startTime={series.startTime} intervalMs={series.intervalMs} times={series.times} quantity={series.quantity} height={320} />
      </Suspense>
      <TableContainer>
        <Table size="small" aria-label={t('advanced.results.trendLabel', { item: itemName })}>
          <TableHead>
            <TableRow>
              <TableCell>{t('advanced.results.timeRange')}</TableCell>
              <TableCell align="right">{t('advanced.results.quantity')}</TableCell>
              <TableCell align="right">{t('advanced.results.times')}</TableCell>
              <TableCell align="right">{t('advanced.results.rate')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((b) => (
              <TableRow key={b.from} data-testid="trend-row" data-from={b.from}>
                <TableCell>
                  {formatDate(b.from, { time: withTime, now: 0 })} – {formatDate(b.to, { time: withTime, now: 0 })}
                </TableCell>
                <TableCell align="right" data-col="quantity">
                  {formatNumber(b.quantity, lang)}
                </TableCell>
                <TableCell align="right" data-col="times">
                  {formatNumber(b.times, lang)}
                </TableCell>
                <TableCell align="right" data-col="rate">
                  {b.rate === null ? '--%' : formatPercent(b.rate, lang, 2)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {series.buckets.length > 10 && (
        <TablePagination
          component="div"
          count={series.buckets.length}
          page={perPage < 0 ? 0 : page}
          rowsPerPage={perPage}
          rowsPerPageOptions={[10, 20, 40, { value: -1, label: t('advanced.results.all') }]}
          onPageChange={(_e, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setPerPage(Number(e.target.value))
            setPage(0)
          }}
          labelRowsPerPage={t('advanced.results.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('advanced.results.displayedRows', { from, to, count })}
          getItemAriaLabel={(type) =>
            type === 'next'
              ? t('advanced.results.nextPage')
              : type === 'previous'
                ? t('advanced.results.previousPage')
                : type === 'first'
                  ? t('advanced.results.firstPage')
                  : t('advanced.results.lastPage')
          }
        />
      )}
    </Box>
  )
}
