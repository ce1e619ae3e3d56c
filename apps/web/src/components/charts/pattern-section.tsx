import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CircularProgress from '@mui/material/CircularProgress'
import Skeleton from '@mui/material/Skeleton'
import { useTheme } from '@mui/material/styles'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TablePagination from '@mui/material/TablePagination'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import type { Item } from '@dropwise/schemas'
import { lazy, useEffect, useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ItemIcon } from '../item-icon'
import { WhenNearViewport } from '../near-viewport'
import { useDataset } from '../../lib/data'
import { formatDate, formatNumber, formatPercent } from '../../lib/format'
import { localized } from '../../lib/i18n'
import { useAuth, useDataSource } from '../../lib/state-hooks'
import { useSampleBasis } from '../../lib/use-sample-basis'
import { OTHERS, commonDrops, distinctPatternTexts, patternText, summarizePatterns, type PatternRow } from './pattern-math'
import { SimulatedCaption } from './simulated-caption'
import { OptionalPart } from '../lazy-mount'

const PatternPie = lazy(() => import('./pattern-pie').then((m) => ({ default: m.PatternPie })))

const RECRUIT = 'recruit'

/** Drop patterns of one stage: time range and runs, a pie chart and a table (web-reference §2.4). */
export function PatternSection({ stageId }: { stageId: string }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const headingId = useId()
  const { source, server, category } = useDataSource()
  const { username } = useAuth()
  const basis = useSampleBasis(server, stageId)
  // Simulated reports are automated ones: the manual patterns and personal ones never hold them.
  const simulated = source === 'global' && category !== 'manual' && (basis.data?.simulated.reports ?? 0) > 0
  const global = useDataset('globalPatternMatrix', { enabled: source === 'global' })
  const personal = useDataset('personalPatternMatrix', { enabled: source === 'personal' })
  const query = source === 'personal' ? personal : global
  const items = useDataset('items')
  const theme = useTheme()
  const small = useMediaQuery(theme.breakpoints.down('sm'))
  const pageSize = small ? 5 : 10
  const pieHeight = small ? 260 : 320
  const pieSkeleton = <Skeleton variant="circular" width={240} height={240} sx={{ mx: 'auto', mt: `${(pieHeight - 240) / 2}px` }} />
  const [page, setPage] = useState(0)
  // Slice under the pointer (its row is selected and shown) and row under the pointer (its slice is emphasised).
  const [active, setActive] = useState<number | null>(null)
  const [hoveredRow, setHoveredRow] = useState<number | null>(null)

  const summary = useMemo(() => (query.data ? summarizePatterns(query.data, stageId) : null), [query.data, stageId])
  const itemById = useMemo(() => new Map((items.data ?? []).map((i) => [i.itemId, i])), [items.data])
  const recruit = stageId === RECRUIT
  const { names, labels, common } = useMemo(() => {
    const nameOf = (id: string) => {
      const item = itemById.get(id)
      return item ? localized(item.name_i18n, item.name, lang) : id
    }
    const words = { empty: t('charts.pattern.empty'), others: t('charts.pattern.others'), commonOnly: t('charts.pattern.commonOnly') }
    const rows = summary?.rows ?? []
    const shared = recruit ? [] : commonDrops(rows)
    return {
      names: rows.map((r) => patternText(r.drops, nameOf, words, recruit)),
      // Pie labels leave out what every pattern shares, so slices read differently (issue #17).
      labels: distinctPatternTexts(rows, nameOf, words, recruit),
      common: shared.length > 0 ? patternText(shared, nameOf, words) : null,
    }
  }, [summary, itemById, lang, t, recruit])

  useEffect(() => {
    setPage(0)
    setActive(null)
    setHoveredRow(null)
  }, [stageId, source, pageSize])
  // Hovering a slice shows its row.
  useEffect(() => {
    if (active !== null) setPage(Math.floor(active / pageSize))
  }, [active, pageSize])

  let content
  if (source === 'personal' && !username) content = <Alert severity="info">{t('dataSource.loginNotice')}</Alert>
  else if (query.isPending)
    content = (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 160 }}>
        <CircularProgress aria-label={t('charts.loading')} />
      </Box>
    )
  else if (query.isError)
    content = (
      <Alert severity="error" action={undefined}>
        {t('charts.pattern.loadError', { message: query.error.message })}
      </Alert>
    )
  else if (!summary)
    content = (
      <Alert severity="warning" data-testid="pattern-error">
        <Typography variant="body2" component="p" sx={{ fontWeight: 600 }}>
          {t('charts.pattern.error.title')}
        </Typography>
        <Typography variant="body2" component="p">
          {t('charts.pattern.error.subtitle')}
        </Typography>
      </Alert>
    )
  else {
    const rows = summary.rows.slice(page * pageSize, page * pageSize + pageSize)
    content = (
      <>
        <Typography variant="body2" color="text.secondary" data-testid="pattern-facts" sx={{ mb: 1 }}>
          {t('charts.pattern.facts', {
            start: formatDate(summary.start, { time: true }),
            end: summary.end === null ? t('charts.pattern.now') : formatDate(summary.end, { time: true }),
            count: summary.times,
            n: formatNumber(summary.times, lang),
          })}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="pattern-basis" sx={{ mb: 1 }}>
          {source === 'personal'
            ? t('charts.basis.patternPersonal', { count: summary.times, n: formatNumber(summary.times, lang) })
            : t('charts.basis.pattern', { count: summary.times, n: formatNumber(summary.times, lang), category: t(`matrixCategory.${category}`) })}
          {common && ` ${t('charts.pattern.common', { drops: common })}`}
        </Typography>
        {simulated && <SimulatedCaption />}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 7fr)' }, alignItems: 'start' }}>
          {/* The pie's place is kept; its chart library loads when the place nears the screen (below a phone's first screen). */}
          <WhenNearViewport height={pieHeight} placeholder={pieSkeleton} testId="pattern-pie-place">
            <OptionalPart fallback={pieSkeleton}>
              <PatternPie rows={summary.rows} names={names} labels={labels} height={pieHeight} onHover={setActive} highlight={hoveredRow} />
            </OptionalPart>
          </WhenNearViewport>
          <Box>
            <TableContainer>
              <Table size="small" aria-labelledby={headingId} data-testid="pattern-table" sx={{ '& td, & th': { px: { xs: 0.75, sm: 2 } } }}>
                <TableHead>
                  <TableRow>
                    <TableCell scope="col">#</TableCell>
                    <TableCell scope="col">{t('charts.pattern.pattern')}</TableCell>
                    <TableCell scope="col" align="right">
                      {t('charts.pattern.quantity')}
                    </TableCell>
                    <TableCell scope="col" align="right">
                      {t('charts.pattern.percentage')}
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((row) => (
                    <PatternTableRow
                      key={row.i}
                      row={row}
                      name={names[row.i - 1] ?? ''}
                      itemById={itemById}
                      active={active === row.i - 1}
                      recruit={recruit}
                      iconSize={small ? 22 : 28}
                      onHover={(on) => setHoveredRow(on ? row.i - 1 : null)}
                    />
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            {summary.rows.length > pageSize && (
              <TablePagination
                component="div"
                count={summary.rows.length}
                page={page}
                onPageChange={(_e, p) => setPage(p)}
                rowsPerPage={pageSize}
                rowsPerPageOptions={[]}
                labelDisplayedRows={({ from, to, count }) => t('charts.pattern.rows', { from, to, total: count })}
                getItemAriaLabel={(type) => t(`charts.pattern.page.${type}`)}
              />
            )}
          </Box>
        </Box>
      </>
    )
  }

  return (
    <Card component="section" aria-labelledby={headingId} data-testid="pattern-section" variant="outlined">
      <CardContent>
        <Typography id={headingId} variant="h6" component="h3" sx={{ mb: 1 }}>
          {t('charts.pattern.title')}
        </Typography>
        {content}
      </CardContent>
    </Card>
  )
}

function PatternTableRow(props: {
  row: PatternRow
  name: string
  itemById: Map<string, Item>
  active: boolean
  recruit: boolean
  iconSize: number
  onHover: (on: boolean) => void
}) {
  const { row, name, itemById, active, recruit, iconSize, onHover } = props
  const { i18n } = useTranslation()
  const lang = i18n.language
  return (
    <TableRow hover selected={active} data-testid="pattern-row" data-quantity={row.quantity} onMouseEnter={() => onHover(true)} onMouseLeave={() => onHover(false)}>
      <TableCell>{row.i}</TableCell>
      <TableCell>
        {row.drops === OTHERS || row.drops.length === 0 ? (
          <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
            {name}
          </Typography>
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5, alignItems: 'center' }} aria-label={name} role="group">
            {row.drops.map((d) => {
              const item = itemById.get(d.itemId)
              const itemName = item ? localized(item.name_i18n, item.name, lang) : d.itemId
              return (
                // Icon and name side by side (issue #17: names, not icons alone); the quantity follows the name.
                <Box key={d.itemId} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }} data-testid="pattern-drop">
                  {item && <ItemIcon item={item} size={iconSize} />}
                  <Typography variant="body2" component="span" aria-hidden sx={{ overflowWrap: 'anywhere' }}>
                    {recruit ? itemName : `${itemName} ×${d.quantity}`}
                  </Typography>
                </Box>
              )
            })}
          </Box>
        )}
      </TableCell>
      <TableCell align="right">{formatNumber(row.quantity, lang)}</TableCell>
      <TableCell align="right">{formatPercent(row.share, lang, 2)}</TableCell>
    </TableRow>
  )
}
