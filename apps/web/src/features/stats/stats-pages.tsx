import ArrowBack from '@mui/icons-material/ArrowBack'
import OpenInNew from '@mui/icons-material/OpenInNew'
import QueryStats from '@mui/icons-material/QueryStats'
import Share from '@mui/icons-material/Share'
import Star from '@mui/icons-material/Star'
import StarBorder from '@mui/icons-material/StarBorder'
import Upload from '@mui/icons-material/Upload'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import ButtonBase from '@mui/material/ButtonBase'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import type { Item } from '@dropwise/schemas'
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useNavigate, useParams } from 'react-router'
import { ItemIcon } from '../../components/item-icon'
import { paths } from '../../config/paths'
import { useDataset } from '../../lib/data'
import { formatNumber } from '../../lib/format'
import { localized } from '../../lib/i18n'
import { useDataSource } from '../../lib/state-hooks'
import { BasisNote } from '../data-source/basis-note'
import { DataSourceToggles } from '../data-source/data-source-toggles'
import { StageNeighbours, StageSelector, recordStageHistory, useStageCatalog, useStageFavourites } from '../stage-selector/stage-selector'
import { isStageValid } from '../stage-selector/zones'
import { orNull, useDuration } from './cells'
import { DataTable } from './data-table'
import { groupItems, percentText, previewRows, relatedItems, type StatsRow } from './table-logic'
import { useStatsRows } from './use-stats-data'

// Other features' components, loaded on demand so their code (ECharts) stays out of this chunk.
const PatternSection = lazy(() => import('../charts/pattern-section').then((m) => ({ default: m.PatternSection })))
const ShareDialog = lazy(() => import('../share/share-dialog').then((m) => ({ default: m.ShareDialog })))
const ExportButton = lazy(() => import('../export/export-button').then((m) => ({ default: m.ExportButton })))
const guideBadges = () => import('../guide/efficiency-badge')
const StageEfficiencyBadge = lazy(() => guideBadges().then((m) => ({ default: m.StageEfficiencyBadge })))
const ItemValueBadge = lazy(() => guideBadges().then((m) => ({ default: m.ItemValueBadge })))

const PREVIEW_LIMIT = 5
/** Text buttons on the page background: the darker primary keeps a 4.5:1 contrast on the light theme. */
const BACK_SX = { color: 'primary.dark' } as const
const RECRUIT = 'recruit'

function PageTitle({ overline, title, testId }: { overline?: string | undefined; title: string; testId?: string }) {
  return (
    <Box>
      {overline && (
        <Typography variant="overline" color="text.secondary" component="p">
          {overline}
        </Typography>
      )}
      <Typography variant="h4" component="h1" data-testid={testId} sx={{ wordBreak: 'break-word' }}>
        {title}
      </Typography>
    </Box>
  )
}

/** Data source and category toggles (and page actions) on a surface of their own. */
function Toolbar({ children }: { children?: ReactNode }) {
  return (
    <Card variant="outlined">
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', p: 1 }}>
        <Box data-testid="source-toggles">
          <DataSourceToggles />
        </Box>
        {children}
      </Stack>
    </Card>
  )
}

function DataStatus({ error, retry, needsLogin }: { error: Error | null; retry: () => void; needsLogin: boolean }) {
  const { t } = useTranslation()
  if (needsLogin) return <Alert severity="info">{t('dataSource.loginNotice')}</Alert>
  if (error)
    return (
      <Alert severity="error" action={<Button onClick={retry}>{t('stats.retry')}</Button>}>
        {t('stats.loadFailed', { error: error.message })}
      </Alert>
    )
  return null
}

/* ---------------------------------------------------------------- by stage */

export function StatsByStage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Stack spacing={2}>
      <PageTitle title={t('menu.statsByStage')} />
      <StageSelector purpose="stats" onSelect={(zoneId, stageId) => void navigate(paths.statsByStageSelected.href(zoneId, stageId))} />
    </Stack>
  )
}

function StageDetails({ stageId, zoneId, valid }: { stageId: string; zoneId: string; valid: boolean }) {
  const { t, i18n } = useTranslation()
  const { server } = useDataSource()
  const duration = useDuration()
  const { stagesById } = useStageCatalog()
  const stage = stagesById.get(stageId)
  const { isFavourite, toggle } = useStageFavourites()
  const [share, setShare] = useState(false)
  if (!stage) return null
  const recruit = stageId === RECRUIT
  const code = localized(stage.code_i18n, stage.code, i18n.language)
  const fav = isFavourite(stageId)
  const mapHost = server === 'CN' ? 'mapcn.ark-nights.com' : 'map.ark-nights.com'
  const links = [
    { label: t('stats.details.wiki'), host: 'prts.wiki', href: `https://prts.wiki/w/${encodeURIComponent(stageId)}` },
    ...(stage.isGacha || recruit ? [] : [{ label: t('stats.details.map'), host: mapHost, href: `https://${mapHost}/map/${encodeURIComponent(stageId)}` }]),
  ]
  return (
    <Card component="section" aria-labelledby="stage-details-title" data-testid="stage-details">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography id="stage-details-title" component="h2" variant="h6">
            {t('stats.details.title')}
          </Typography>
          <Tooltip title={fav ? t('stats.details.unfavourite') : t('stats.details.favourite')}>
            <IconButton onClick={() => toggle(stageId)} aria-pressed={fav} aria-label={t('stats.details.favourite')} data-testid="favourite-toggle">
              {fav ? <Star color="warning" /> : <StarBorder />}
            </IconButton>
          </Tooltip>
        </Stack>
        {!recruit && (
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0, mb: 2 }}>
            <Typography component="dt" color="text.secondary">
              {t('stats.details.apCost')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }} data-testid="detail-apcost">
              {orNull(stage.apCost === 99 ? null : stage.apCost, (v) => v)}
            </Typography>
            <Typography component="dt" color="text.secondary">
              {t('stats.details.minClearTime')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {orNull(stage.minClearTime, (v) => duration(v, 1))}
            </Typography>
          </Box>
        )}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          {links.map((l) => (
            <Button key={l.href} component="a" href={l.href} target="_blank" rel="noopener noreferrer" variant="outlined" size="small" endIcon={<OpenInNew aria-hidden />} sx={{ textTransform: 'none', flexDirection: 'column', alignItems: 'flex-start' }}>
              <span>{l.label}</span>
              <Typography component="span" variant="caption" color="text.secondary">
                {l.host}
              </Typography>
            </Button>
          ))}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, mt: 2 }}>
          <Button component={RouterLink} to={paths.advancedQuery.href(stageId)} startIcon={<QueryStats />} size="small" data-testid="advanced-link">
            {t('stats.details.advanced')}
          </Button>
          <Button onClick={() => setShare(true)} startIcon={<Share />} size="small" data-testid="share-button">
            {t('stats.details.share')}
          </Button>
          {!recruit && valid && (
            <Button component={RouterLink} to={paths.reportByZoneSelected.href(zoneId, stageId)} startIcon={<Upload />} size="small" data-testid="report-link">
              {t('stats.details.report')}
            </Button>
          )}
          <Suspense fallback={null}>
            <ExportButton stageId={stageId} />
          </Suspense>
        </Stack>
        {share && (
          <Suspense fallback={null}>
            <ShareDialog open={share} onClose={() => setShare(false)} url={paths.statsByStageSelected.href(zoneId, stageId)} title={code} />
          </Suspense>
        )}
      </CardContent>
    </Card>
  )
}

export function StatsByStageSelected() {
  const { zoneId = '', stageId = '' } = useParams()
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const { server } = useDataSource()
  const data = useStatsRows('stage', stageId)
  const { stagesById, zonesById, ready } = data.catalog
  const stage = stagesById.get(stageId)
  const zone = zonesById.get(stage?.zoneId ?? zoneId)
  const [now] = useState(() => Date.now())
  const valid = isStageValid(stage, zone, server, now)
  const recruit = stageId === RECRUIT
  useEffect(() => {
    if (stageId) recordStageHistory(zoneId, stageId)
  }, [zoneId, stageId])
  const go = (z: string, s: string) => void navigate(paths.statsByStageSelected.href(z, s))
  const code = stage ? localized(stage.code_i18n, stage.code, i18n.language) : stageId
  return (
    <Stack spacing={2}>
      <Box>
        <Button component={RouterLink} to={paths.statsByStage.href()} startIcon={<ArrowBack />} size="small" sx={BACK_SX} data-testid="back-to-selector">
          {t('stats.selector.back')}
        </Button>
      </Box>
      <PageTitle overline={zone ? localized(zone.zoneName_i18n, zone.zoneName, i18n.language) : undefined} title={t('stats.stageTitle', { stage: code })} testId="selected-stage" />
      <Suspense fallback={null}>{stage && <StageEfficiencyBadge stageId={stageId} />}</Suspense>
      {ready && !stage && (
        <Alert severity="warning" action={<Button component={RouterLink} to={paths.statsByStage.href()}>{t('stats.selector.back')}</Button>}>
          {t('stats.stageNotFound', { stage: stageId })}
        </Alert>
      )}
      <StageNeighbours zoneId={stage?.zoneId ?? zoneId} stageId={stageId} onSelect={go} />
      {recruit && <Alert severity="info">{t('stats.recruitBeta')}</Alert>}
      <Toolbar />
      {stage && <BasisNote stageId={stageId} />}
      <DataStatus error={data.error} retry={data.retry} needsLogin={data.needsLogin} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) 320px' }, alignItems: 'start' }}>
        <Card component="section" aria-label={t('stats.table.labelStage')} sx={{ minWidth: 0 }}>
          <CardContent>
            <DataTable mode="stage" rows={data.rows} stageValid={valid} recruit={recruit} loading={data.loading && !data.needsLogin} />
          </CardContent>
        </Card>
        {stage && (
          // Stacked (below xl) the details come first: they are short, the table is long.
          <Box sx={{ order: { xs: -1, xl: 0 } }}>
            <StageDetails stageId={stageId} zoneId={stage.zoneId} valid={valid} />
          </Box>
        )}
      </Box>
      {stage && !recruit && (
        <Suspense fallback={null}>
          <PatternSection stageId={stageId} />
        </Suspense>
      )}
    </Stack>
  )
}

/* ---------------------------------------------------------------- by item */

function PreviewTable({ item, rows }: { item: Item; rows: StatsRow[] }) {
  const { t, i18n } = useTranslation()
  const { server } = useDataSource()
  const [now] = useState(() => Date.now())
  const preview = previewRows(rows, server, now, PREVIEW_LIMIT)
  return (
    <Box sx={{ p: 0.5, minWidth: 220 }} data-testid="item-preview">
      <Typography variant="subtitle2">{localized(item.name_i18n, item.name, i18n.language)}</Typography>
      {preview.rows.length === 0 ? (
        <Typography variant="caption">{t('stats.preview.none')}</Typography>
      ) : (
        <Box component="table" sx={{ borderCollapse: 'collapse', fontSize: 12, '& td, & th': { px: 0.5, textAlign: 'right' }, '& td:first-of-type, & th:first-of-type': { textAlign: 'left' } }}>
          <thead>
            <tr>
              <th>{t('stats.headers.stage')}</th>
              <th>{t('stats.headers.percentage')}</th>
              <th>{t('stats.headers.apPPR')}</th>
              <th>{t('stats.preview.quantityTimes')}</th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((r) => (
              <tr key={r.key}>
                <td>{r.stage ? localized(r.stage.code_i18n, r.stage.code, i18n.language) : r.stageId}</td>
                <td>{percentText(r.percentage)}</td>
                <td>{r.apPPR === null ? '——' : r.apPPR.toFixed(2)}</td>
                <td>
                  {formatNumber(r.quantity, i18n.language)}/{formatNumber(r.times, i18n.language)}
                </td>
              </tr>
            ))}
          </tbody>
        </Box>
      )}
      {preview.more > 0 && <Typography variant="caption">{t('stats.preview.more', { n: preview.more })}</Typography>}
    </Box>
  )
}

function PreviewCard({ item }: { item: Item }) {
  const { rows } = useStatsRows('item', item.itemId)
  return <PreviewTable item={item} rows={rows} />
}

/**
 * An item icon linking to its page. On hover-capable devices it has a preview card; the card (and
 * its rows) is only rendered while the tooltip is open. Where nothing hovers (touch screens) the
 * name is written under the icon instead, since a title never shows there.
 */
function ItemTile({ item, hover, named, active }: { item: Item; hover: boolean; named: boolean; active?: boolean }) {
  const { i18n } = useTranslation()
  const name = localized(item.name_i18n, item.name, i18n.language)
  const tile = (
    <ButtonBase
      component={RouterLink}
      to={paths.statsByItemSelected.href(item.itemId)}
      aria-label={name}
      aria-current={active ? 'page' : undefined}
      data-testid="item-tile"
      data-item-id={item.itemId}
      sx={{
        borderRadius: 1.5,
        outline: active ? '2px solid' : undefined,
        outlineColor: 'primary.main',
        ...(named && { width: '100%', flexDirection: 'column', justifyContent: 'flex-start', p: 0.5 }),
      }}
    >
      <ItemIcon item={item} />
      {named && (
        <Typography
          variant="caption"
          aria-hidden
          data-testid="item-tile-name"
          sx={{ mt: 0.5, lineHeight: 1.2, textAlign: 'center', width: '100%', overflow: 'hidden', overflowWrap: 'break-word', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical' }}
        >
          {name}
        </Typography>
      )}
    </ButtonBase>
  )
  if (!hover || item.itemId === 'furni') return tile
  return (
    <Tooltip title={<PreviewCard item={item} />} enterDelay={300} enterNextDelay={300} describeChild>
      {tile}
    </Tooltip>
  )
}

/** Touch screens: no hover, so tiles carry their names. */
const useNamedTiles = () => useMediaQuery('(hover: none)', { noSsr: true })
/** Named tiles share the row's width: about four a row on a phone, room for two lines of name. */
const NAMED_GRID = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(76px, 1fr))', gap: 1 } as const

export function StatsByItem() {
  const { t } = useTranslation()
  const items = useDataset('items')
  const { server } = useDataSource()
  const hover = useMediaQuery('(hover: hover)')
  const named = useNamedTiles()
  const groups = useMemo(() => groupItems(items.data ?? [], server), [items.data, server])
  const titles: Record<string, string> = {
    MATERIAL: t('stats.itemTypes.MATERIAL'),
    CARD_EXP: t('stats.itemTypes.CARD_EXP'),
    CHIP: t('stats.itemTypes.CHIP'),
    FURN: t('stats.itemTypes.FURN'),
    ACTIVITY_ITEM: t('stats.itemTypes.ACTIVITY_ITEM'),
  }
  return (
    <Stack spacing={2}>
      <PageTitle title={t('menu.statsByItem')} />
      <DataStatus error={items.error} retry={() => void items.refetch()} needsLogin={false} />
      {!items.data && !items.error && <Typography role="status">{t('stats.loading')}</Typography>}
      <Stack spacing={2} data-testid="item-grid">
        {groups.map((g) => (
          <Card key={g.type} component="section" aria-labelledby={`item-group-${g.type}`}>
            <CardContent>
              <Typography id={`item-group-${g.type}`} component="h2" variant="h6" sx={{ mb: 1 }}>
                {titles[g.type]}
              </Typography>
              <Box sx={named ? NAMED_GRID : { display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {g.items.map((item) => (
                  <ItemTile key={item.itemId} item={item} hover={hover} named={named} />
                ))}
              </Box>
            </CardContent>
          </Card>
        ))}
      </Stack>
    </Stack>
  )
}

export function StatsByItemSelected() {
  const { itemId = '' } = useParams()
  const { t, i18n } = useTranslation()
  const { server } = useDataSource()
  const hover = useMediaQuery('(hover: hover)')
  const named = useNamedTiles()
  const data = useStatsRows('item', itemId)
  const item = data.itemsById.get(itemId)
  const related = relatedItems(data.items ?? [], item, server)
  const name = item ? localized(item.name_i18n, item.name, i18n.language) : itemId
  return (
    <Stack spacing={2}>
      <Box>
        <Button component={RouterLink} to={paths.statsByItem.href()} startIcon={<ArrowBack />} size="small" sx={BACK_SX}>
          {t('stats.itemBack')}
        </Button>
      </Box>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {item && <ItemIcon item={item} size={64} />}
        <PageTitle title={t('stats.itemTitle', { item: name })} testId="selected-item" />
      </Stack>
      <Suspense fallback={null}>{item && <ItemValueBadge itemId={itemId} />}</Suspense>
      {data.items && !item && <Alert severity="warning">{t('stats.itemNotFound', { item: itemId })}</Alert>}
      {related.length > 1 && (
        <Box component="nav" aria-label={t('stats.related')}>
          <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
            {t('stats.related')}
          </Typography>
          <Box sx={named ? NAMED_GRID : { display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="related-items">
            {related.map((r) => (
              <ItemTile key={r.itemId} item={r} hover={hover} named={named} active={r.itemId === itemId} />
            ))}
          </Box>
        </Box>
      )}
      <Toolbar>
        <Suspense fallback={null}>
          <ExportButton itemId={itemId} />
        </Suspense>
      </Toolbar>
      <BasisNote stageId={null} />
      <DataStatus error={data.error} retry={data.retry} needsLogin={data.needsLogin} />
      <Card component="section" aria-label={t('stats.table.labelItem')}>
        <CardContent>
          <DataTable mode="item" rows={data.rows} loading={data.loading && !data.needsLogin} />
        </CardContent>
      </Card>
    </Stack>
  )
}

