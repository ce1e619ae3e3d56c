import Calculate from '@mui/icons-material/Calculate'
import BarChart from '@mui/icons-material/BarChart'
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { EfficiencyResponse, Item } from '@dropwise/schemas'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { ItemIcon } from '../../components/item-icon'
import { ItemOption } from '../../components/item-option'
import { paths } from '../../config/paths'
import { formatNumber } from '../../lib/format'
import { baseOf, isLocale, localized } from '../../lib/i18n'
import { EFFICIENCY_DIGITS, formatInterval, rankStagesForItem, sanityDigits, valueOfItem, type GuideStageRow, type ItemStageEntry } from './guide-model'
import { itemSources } from './item-sources'
import { EventMark, UsedMark, WideMark } from './marks'
import { EntryShell, RankSection, SourceList, StageName } from './source-list'

interface ItemOption {
  item: Item
  name: string
  /** Other names the player may type: the other languages' names and the UI language's aliases. */
  alternatives: string
}

const itemFilter = createFilterOptions<ItemOption>({ stringify: (o) => `${o.name} ${o.alternatives} ${o.item.itemId}` })

function RankEntry({ entry }: { entry: ItemStageEntry }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const { row, drop } = entry
  return (
    <EntryShell
      rank={entry.rank}
      data-kind="stage"
      data-stage-id={row.stageId}
      data-wide={entry.wide ? 'true' : undefined}
      figure={formatInterval(row.efficiency, row.interval, lang, EFFICIENCY_DIGITS)}
      caption={t('guide.material.aloneOf', { value: formatNumber(drop.sanityPerItem, lang, sanityDigits(drop.sanityPerItem)) })}
    >
      <StageName row={row} />
      {(entry.wide || row.closeTime !== null || row.used) && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
          {entry.wide && <WideMark />}
          {row.closeTime !== null && <EventMark closeTime={row.closeTime} />}
          {row.used && <UsedMark />}
        </Stack>
      )}
    </EntryShell>
  )
}

function RankList({ title, hint, entries, testId }: { title: string; hint: string; entries: ItemStageEntry[]; testId: string }) {
  return <RankSection title={title} hint={hint} entries={entries} testId={testId} render={(e) => <RankEntry key={e.row.stageId} entry={e} />} />
}

function MaterialDetail({ item, rows, response, itemsById }: { item: Item; rows: GuideStageRow[]; response: EfficiencyResponse; itemsById: ReadonlyMap<string, Item> }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const name = localized(item.name_i18n, item.name, lang)
  const value = valueOfItem(response, item.itemId)
  const bySanity = useMemo(() => itemSources(rows, response, item.itemId), [rows, response, item.itemId])
  const byEfficiency = useMemo(() => rankStagesForItem(rows, item.itemId), [rows, item.itemId])
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
        <SourceList
          key={`sanity-${item.itemId}`}
          title={t('guide.material.bySanity')}
          hint={t('guide.material.bySanityHint', { item: name })}
          sources={bySanity}
          itemsById={itemsById}
        />
        <RankList
          key={`efficiency-${item.itemId}`}
          title={t('guide.material.byEfficiency')}
          hint={t('guide.material.byEfficiencyHint', { item: name })}
          entries={byEfficiency}
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
  itemsById,
  itemId,
  onSelect,
}: {
  rows: GuideStageRow[]
  items: Item[]
  /** Every item of the catalog, for the names of crafting materials. */
  itemsById: ReadonlyMap<string, Item>
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
        {selected ? (
          <MaterialDetail item={selected.item} rows={rows} response={response} itemsById={itemsById} />
        ) : (
          <Typography color="text.secondary">{t('guide.material.empty')}</Typography>
        )}
      </CardContent>
    </Card>
  )
}
