import Box from '@mui/material/Box'
import ButtonBase from '@mui/material/ButtonBase'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import type { Item, Server } from '@dropwise/schemas'
import { memo, useDeferredValue, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useParams } from 'react-router'
import { ItemIcon } from '../../components/item-icon'
import { paths } from '../../config/paths'
import { useDataset } from '../../lib/data'
import { formatNumber } from '../../lib/format'
import { localized } from '../../lib/i18n'
import { useFirstContentShown } from '../../lib/first-content'
import { useDataSource } from '../../lib/state-hooks'
import { BasisNote } from '../data-source/basis-note'
import { useSampleBasis } from '../../lib/use-sample-basis'
import { DataTable } from './data-table'
import { PageHold } from './page-hold'
import { itemPresence } from './absence'
import { NameFallbackNote } from './name-fallback-note'
import { AbsenceNotice } from './absence-notice'
import { BackButton, BadgeSlot, DataStatus, ExportButton, ItemValueBadge, PageTitle, Toolbar } from './page-parts'
import { percentText, previewRows, relatedItems, groupItems, type StatsRow } from './table-logic'
import { useStatsRows, type StatsRowsData } from './use-stats-data'
import { OptionalPart } from '../../components/lazy-mount'

const PREVIEW_LIMIT = 5
/** The item icon's size beside the title (its place is kept while the items load). */
const TITLE_ICON = 64

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
        <Box
          component="table"
          sx={{
            borderCollapse: 'collapse',
            fontSize: 12,
            '& td, & th': { px: 0.5, textAlign: 'right' },
            '& td:first-of-type, & th:first-of-type': { textAlign: 'left' },
          }}
        >
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
 * An item icon linking to its page, its name written under it: without game art the icon alone
 * does not say which item it is, and a title never shows where nothing hovers. On hover-capable
 * devices it has a preview card; the card (and its rows) is only rendered while the tooltip is open.
 */
function ItemTile({ item, hover, active }: { item: Item; hover: boolean; active?: boolean }) {
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
        width: '100%',
        flexDirection: 'column',
        justifyContent: 'flex-start',
        p: 0.5,
      }}
    >
      <ItemIcon item={item} />
      <Typography
        variant="caption"
        aria-hidden
        data-testid="item-tile-name"
        sx={{
          mt: 0.5,
          lineHeight: 1.2,
          textAlign: 'center',
          width: '100%',
          // Whole, on as many lines as it takes ("Scharzhof Coating Device Starter Pack" takes four on a
          // phone): a name cut to "Grindstone Pentahyd…" does not say which item it is. A row of the grid is
          // as tall as its longest name.
          overflowWrap: 'anywhere',
          hyphens: 'auto',
        }}
      >
        {name}
      </Typography>
    </ButtonBase>
  )
  if (!hover || item.itemId === 'furni') return tile
  return (
    <Tooltip title={<PreviewCard item={item} />} enterDelay={300} enterNextDelay={300} describeChild>
      {tile}
    </Tooltip>
  )
}

/** Tiles share the row's width: about four a row on a phone, wider on a desktop, room for two lines of name. */
const NAMED_GRID = { display: 'grid', gridTemplateColumns: { xs: 'repeat(auto-fill, minmax(76px, 1fr))', md: 'repeat(auto-fill, minmax(96px, 1fr))' }, gap: 1 } as const

export function StatsByItem() {
  const { t } = useTranslation()
  const items = useDataset('items')
  const { server } = useDataSource()
  const hover = useMediaQuery('(hover: hover)')
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
              <Box sx={NAMED_GRID}>
                {g.items.map((item) => (
                  <ItemTile key={item.itemId} item={item} hover={hover} />
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
  const { server } = useDataSource()
  const data = useStatsRows('item', itemId)
  // The guide's badge needs the efficiency answer (~270 KB): asked for once the rows show, in its kept place.
  const shown = useFirstContentShown()
  // The same query as the basis note's: the page shows once the note and the rows are both in.
  const basis = useSampleBasis(server, null)
  // The answers arrive one by one, each a synchronous render of the whole page (a long task on a phone):
  // the body renders from a deferred copy instead, in slices that leave the main thread free in between.
  const basisPending = basis.isPending
  const view = useDeferredValue(useMemo(() => ({ itemId, server, data, shown, basisPending }), [itemId, server, data, shown, basisPending]))
  return <ItemPageBody {...view} />
}

const ItemPageBody = memo(function ItemPageBody({
  itemId,
  server,
  data,
  shown,
  basisPending,
}: {
  itemId: string
  server: Server
  data: StatsRowsData
  shown: boolean
  basisPending: boolean
}) {
  const { t, i18n } = useTranslation()
  const hover = useMediaQuery('(hover: hover)')
  const item = data.itemsById.get(itemId)
  const related = relatedItems(data.items ?? [], item, server)
  const name = item ? localized(item.name_i18n, item.name, i18n.language) : itemId
  const presence = itemPresence(item, !!data.items, server)
  if (presence.kind === 'unknown' || presence.kind === 'absent')
    return (
      <Stack spacing={2}>
        <BackButton to={paths.statsByItem.href()} label={t('stats.itemBack')} />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {item && <ItemIcon item={item} size={TITLE_ICON} />}
          <PageTitle title={presence.kind === 'unknown' ? t('stats.absence.itemNotFound') : t('stats.itemTitle', { item: name })} testId="selected-item" />
        </Stack>
        <AbsenceNotice presence={presence} mode="item" name={name} server={server} />
      </Stack>
    )
  return (
    <Stack spacing={2}>
      <BackButton to={paths.statsByItem.href()} label={t('stats.itemBack')} />
      <PageHold ready={(data.ready || !!data.error || data.needsLogin) && !basisPending}>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            {item ? <ItemIcon item={item} size={TITLE_ICON} /> : <Box sx={{ width: TITLE_ICON, height: TITLE_ICON, flexShrink: 0 }} />}
            <PageTitle title={t('stats.itemTitle', { item: name })} testId="selected-item" />
          </Stack>
          <NameFallbackNote names={item?.name_i18n} kind="item" />
          {item && (
            <BadgeSlot>
              <OptionalPart>{shown && <ItemValueBadge itemId={itemId} />}</OptionalPart>
            </BadgeSlot>
          )}
          {related.length > 1 && (
            <Box component="nav" aria-label={t('stats.related')}>
              <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
                {t('stats.related')}
              </Typography>
              <Box sx={NAMED_GRID} data-testid="related-items">
                {related.map((r) => (
                  <ItemTile key={r.itemId} item={r} hover={hover} active={r.itemId === itemId} />
                ))}
              </Box>
            </Box>
          )}
          <Toolbar>
            <OptionalPart>
              <ExportButton itemId={itemId} />
            </OptionalPart>
          </Toolbar>
          <BasisNote stageId={null} />
          <DataStatus error={data.error} retry={data.retry} needsLogin={data.needsLogin} />
          <Card component="section" aria-label={t('stats.table.labelItem')}>
            <CardContent>
              <DataTable mode="item" rows={data.rows} loading={data.loading && !data.needsLogin} />
            </CardContent>
          </Card>
        </Stack>
      </PageHold>
    </Stack>
  )
})
