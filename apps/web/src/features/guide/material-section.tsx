import Calculate from '@mui/icons-material/Calculate'
import BarChart from '@mui/icons-material/BarChart'
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { EfficiencyResponse, Item } from '@dropwise/schemas'
import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { ItemIcon } from '../../components/item-icon'
import { ItemOption } from '../../components/item-option'
import { paths } from '../../config/paths'
import { formatNumber } from '../../lib/format'
import { baseOf, isLocale, localized } from '../../lib/i18n'
import { EFFICIENCY_DIGITS, formatInterval, rankStagesForItem, sanityDigits, valueOfItem, type GuideStageRow, type ItemRanking, type ItemStageEntry } from './guide-model'
import { EventMark, UsedMark, WideMark } from './marks'
import { visuallyHidden } from '../../components/visually-hidden'

/** Entries shown before "show all". */
const RANK_LIMIT = 8

interface ItemOption {
  item: Item
  name: string
  /** Other names the player may type: the other languages' names and the UI language's aliases. */
  alternatives: string
}

const itemFilter = createFilterOptions<ItemOption>({ stringify: (o) => `${o.name} ${o.alternatives} ${o.item.itemId}` })

function RankEntry({ entry, by }: { entry: ItemStageEntry; by: ItemRanking }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const { row, drop } = entry
  const sanity = formatInterval(drop.sanityPerItem, drop.interval, lang, sanityDigits(drop.sanityPerItem))
  const efficiency = formatInterval(row.efficiency, row.interval, lang, EFFICIENCY_DIGITS)
  return (
    <Box
      component="li"
      data-testid="guide-rank-entry"
      data-stage-id={row.stageId}
      data-wide={entry.wide ? 'true' : undefined}
      sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', py: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      <Box component="span" sx={{ width: 24, flexShrink: 0, textAlign: 'right', color: 'text.secondary', fontVariantNumeric: 'tabular-nums', lineHeight: 1.75 }}>
        <span aria-hidden>{entry.rank ?? '–'}</span>
        <Box component="span" sx={visuallyHidden}>
          {entry.rank === null ? t('guide.marks.unranked') : t('guide.marks.rank', { rank: entry.rank })}
        </Box>
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {row.zoneId ? (
          <Link
            component={RouterLink}
            to={paths.statsByStageSelected.href(row.zoneId, row.stageId)}
            underline="hover"
            sx={{ fontWeight: 500 }}
            data-testid="guide-stage-link"
          >
            {row.code}
          </Link>
        ) : (
          <Typography component="span" sx={{ fontWeight: 500 }}>
            {row.code}
          </Typography>
        )}
        {row.zoneName && (
          <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
            {row.zoneName}
          </Typography>
        )}
        {(entry.wide || row.closeTime !== null || row.used) && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
            {entry.wide && <WideMark />}
            {row.closeTime !== null && <EventMark closeTime={row.closeTime} />}
            {row.used && by === 'efficiency' && <UsedMark />}
          </Stack>
        )}
      </Box>
      <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', fontWeight: 500 }} data-testid="guide-rank-figure">
          {by === 'sanity' ? sanity : efficiency}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'nowrap' }}>
          {by === 'sanity'
            ? t('guide.material.efficiencyOf', { value: formatNumber(row.efficiency, lang, EFFICIENCY_DIGITS) })
            : t('guide.material.sanityOf', { value: formatNumber(drop.sanityPerItem, lang, sanityDigits(drop.sanityPerItem)) })}
        </Typography>
      </Box>
    </Box>
  )
}

function RankList({ title, hint, entries, by, testId }: { title: string; hint: string; entries: ItemStageEntry[]; by: ItemRanking; testId: string }) {
  const { t } = useTranslation()
  const id = useId()
  const [all, setAll] = useState(false)
  const shown = all ? entries : entries.slice(0, RANK_LIMIT)
  return (
    <Box component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <Typography id={id} variant="subtitle1" component="h4" sx={{ fontWeight: 500 }}>
        {title}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {hint}
      </Typography>
      {entries.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 1 }}>
          {t('guide.material.noStages')}
        </Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid={testId}>
          {shown.map((e) => (
            <RankEntry key={e.row.stageId} entry={e} by={by} />
          ))}
        </Box>
      )}
      {entries.length > RANK_LIMIT && (
        <Button size="small" onClick={() => setAll(!all)} aria-expanded={all} sx={{ mt: 0.5 }}>
          {all ? t('guide.material.showFewer') : t('guide.material.showAll', { count: entries.length })}
        </Button>
      )}
    </Box>
  )
}

function MaterialDetail({ item, rows, response }: { item: Item; rows: GuideStageRow[]; response: EfficiencyResponse }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const name = localized(item.name_i18n, item.name, lang)
  const value = valueOfItem(response, item.itemId)
  const bySanity = useMemo(() => rankStagesForItem(rows, item.itemId, 'sanity'), [rows, item.itemId])
  const byEfficiency = useMemo(() => rankStagesForItem(rows, item.itemId, 'efficiency'), [rows, item.itemId])
  return (
    <Box data-testid="guide-material-detail" data-item-id={item.itemId}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 1, mb: 2 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <ItemIcon item={item} size={48} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
              {name}
            </Typography>
            {value !== null && (
              <Typography color="text.secondary" data-testid="guide-item-value">
                {t('guide.material.value', { value: formatNumber(value, lang, sanityDigits(value)) })}
              </Typography>
            )}
          </Box>
        </Stack>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, ml: { sm: 'auto' } }}>
          <Button
            component={RouterLink}
            to={paths.statsByItemSelected.href(item.itemId)}
            size="small"
            variant="outlined"
            startIcon={<BarChart />}
            data-testid="guide-item-link"
          >
            {t('guide.material.itemPage')}
          </Button>
          <Button component={RouterLink} to={paths.planner.href()} size="small" variant="outlined" startIcon={<Calculate />} data-testid="guide-plan-link">
            {t('guide.material.plan')}
          </Button>
        </Stack>
      </Stack>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <RankList
          key={`sanity-${item.itemId}`}
          title={t('guide.material.bySanity')}
          hint={t('guide.material.bySanityHint', { item: name })}
          entries={bySanity}
          by="sanity"
          testId="guide-rank-sanity"
        />
        <RankList
          key={`efficiency-${item.itemId}`}
          title={t('guide.material.byEfficiency')}
          hint={t('guide.material.byEfficiencyHint', { item: name })}
          entries={byEfficiency}
          by="efficiency"
          testId="guide-rank-efficiency"
        />
      </Box>
    </Box>
  )
}

/** Per material: a picker, the material's value, and its best stages by sanity per item and by efficiency. */
export function MaterialSection({
  rows,
  items,
  response,
  itemId,
  onSelect,
}: {
  rows: GuideStageRow[]
  items: Item[]
  response: EfficiencyResponse
  itemId: string | null
  onSelect: (itemId: string | null) => void
}) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const options = useMemo(() => {
    const base = isLocale(lang) ? baseOf(lang) : 'en'
    return items.map((item) => ({
      item,
      name: localized(item.name_i18n, item.name, lang),
      alternatives: [...Object.values(item.name_i18n), ...(item.alias?.[base] ?? [])].join(' '),
    }))
  }, [items, lang])
  const selected = options.find((o) => o.item.itemId === itemId) ?? null
  return (
    <Card component="section" aria-labelledby="guide-material-title" data-testid="guide-material">
      <CardContent>
        <Typography id="guide-material-title" variant="h6" component="h2">
          {t('guide.material.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('guide.material.intro')}
        </Typography>
        <Autocomplete
          options={options}
          value={selected}
          onChange={(_e, v) => onSelect(v?.item.itemId ?? null)}
          getOptionLabel={(o) => o.name}
          getOptionKey={(o) => o.item.itemId}
          isOptionEqualToValue={(a, b) => a.item.itemId === b.item.itemId}
          filterOptions={itemFilter}
          autoHighlight
          noOptionsText={t('guide.material.noMatch')}
          renderOption={({ key, ...props }, o) => (
            <ItemOption key={key} props={props} item={o.item} name={o.name} data-testid="guide-material-option" data-item-id={o.item.itemId} />
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('guide.material.pick')}
              placeholder={t('guide.material.placeholder')}
              slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'guide-material-input' } }}
            />
          )}
          sx={{ maxWidth: 480, mb: 2 }}
        />
        {selected ? <MaterialDetail item={selected.item} rows={rows} response={response} /> : <Typography color="text.secondary">{t('guide.material.empty')}</Typography>}
      </CardContent>
    </Card>
  )
}
