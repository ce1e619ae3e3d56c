import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete'
import Grid from '@mui/material/Grid'
import TextField from '@mui/material/TextField'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import type { Category, Item, Period, Server, Zone } from '@dropwise/schemas'
import { useEffect, useId, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { ItemOption } from '../../components/item-option'
import { CATEGORIES, SERVERS } from '../../config/constants'
import { formatDate } from '../../lib/format'
import { localized } from '../../lib/i18n'
import { authStore } from '../../lib/state'
import { openLoginDialog } from '../../lib/login-dialog'
import { Field } from './field'
import { KindControls } from './kind-controls'
import { MAX_TREND_SECTIONS, QUERYABLE_ITEM_TYPES, QUERYABLE_ZONE_TYPES, fromLocalInput, toLocalInput, type DraftProblem, type QueryDraft } from './query-model'
import { useStagesOf } from './use-catalog'

export interface Catalog {
  items: Item[]
  zones: Zone[]
  periods: Period[]
}

interface StageOption {
  stageId: string
  code: string
  zoneName: string
}
interface ItemOption {
  item: Item
  name: string
  inStage: boolean
}
interface PeriodOption {
  period: Period
  label: string
}

const stageFilter = createFilterOptions<StageOption>({ stringify: (o) => `${o.code} ${o.zoneName} ${o.stageId}` })
const itemFilter = createFilterOptions<ItemOption>({ stringify: (o) => `${o.name} ${o.item.itemId}` })

/** The editor's rows: what to count, where and how, when and as what. */
export const EDITOR_PARTS = 5

/**
 * The form of one query: stage, items, server, source, category, time range with event presets, type.
 * `parts`: its first rows only (the builder draws a new editor in steps, lib/stepwise.ts).
 */
export function QueryEditor({
  draft,
  problem,
  catalog,
  onChange,
  parts = EDITOR_PARTS,
}: {
  draft: QueryDraft
  problem: DraftProblem | null
  catalog: Catalog
  onChange: (patch: Partial<QueryDraft>) => void
  parts?: number
}) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const id = useId()
  const stages = useStagesOf(draft.server)
  const server = draft.server

  const zoneNames = useMemo(() => new Map(catalog.zones.map((z) => [z.zoneId, localized(z.zoneName_i18n, z.zoneName, lang)])), [catalog.zones, lang])
  const stageOptions = useMemo<StageOption[]>(() => {
    const zoneOrder = new Map(catalog.zones.filter((z) => QUERYABLE_ZONE_TYPES.has(z.type)).map((z, i) => [z.zoneId, i]))
    return (stages.data ?? [])
      .filter((s) => s.existence[server].exist && zoneOrder.has(s.zoneId))
      .sort((a, b) => (zoneOrder.get(a.zoneId) ?? 0) - (zoneOrder.get(b.zoneId) ?? 0))
      .map((s) => ({ stageId: s.stageId, code: localized(s.code_i18n, s.code, lang), zoneName: zoneNames.get(s.zoneId) ?? s.zoneId }))
  }, [stages.data, catalog.zones, zoneNames, server, lang])
  const stage = stages.data?.find((s) => s.stageId === draft.stageId)
  const stageValue = stageOptions.find((o) => o.stageId === draft.stageId) ?? null

  // A stage or items that do not exist on a newly chosen server are dropped.
  useEffect(() => {
    if (!stages.data || !draft.stageId) return
    if (!stages.data.some((s) => s.stageId === draft.stageId && s.existence[server].exist)) onChange({ stageId: null })
  }, [stages.data, draft.stageId, server, onChange])

  const itemOptions = useMemo<ItemOption[]>(() => {
    const dropped = new Set((stage?.dropInfos ?? []).map((d) => d.itemId).filter((x): x is string => !!x))
    return catalog.items
      .filter((i) => QUERYABLE_ITEM_TYPES.has(i.itemType) && (i.existence[server].exist || dropped.has(i.itemId)))
      .map((item) => ({ item, name: localized(item.name_i18n, item.name, lang), inStage: dropped.has(item.itemId) }))
      .sort((a, b) => Number(b.inStage) - Number(a.inStage) || a.item.sortId - b.item.sortId)
  }, [catalog.items, stage, server, lang])
  const itemValue = useMemo(
    () => draft.itemIds.map((itemId) => itemOptions.find((o) => o.item.itemId === itemId)).filter((o): o is ItemOption => !!o),
    [draft.itemIds, itemOptions],
  )

  const periodOptions = useMemo<PeriodOption[]>(
    () =>
      catalog.periods
        .filter((p) => p.existence[server].exist)
        .sort((a, b) => b.start - a.start)
        .map((period) => ({
          period,
          label: `${localized(period.label_i18n, period.label_i18n.en, lang)} (${formatDate(period.start, { now: 0 })} – ${
            period.end === null ? t('advanced.query.ongoing') : formatDate(period.end, { now: 0 })
          })`,
        })),
    [catalog.periods, server, lang, t],
  )

  const choosePersonal = (personal: boolean) => {
    if (!personal) return onChange({ isPersonal: false })
    // Personal data needs a login: the shell's dialog, then the switch (spec 001 §4 "Data source").
    if (authStore.get().username) onChange({ isPersonal: true })
    else openLoginDialog(() => onChange({ isPersonal: true }))
  }

  const rangeError = problem?.code === 'invalidRange' || problem?.code === 'tooManySections'
  const rangeMessage =
    problem?.code === 'invalidRange'
      ? t('advanced.problems.invalidRange')
      : problem?.code === 'tooManySections'
        ? t('advanced.problems.tooManySections', { sections: problem.sections, max: MAX_TREND_SECTIONS })
        : null

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 5 }}>
        <Autocomplete
          options={stageOptions}
          value={stageValue}
          loading={stages.isPending}
          groupBy={(o) => o.zoneName}
          getOptionLabel={(o) => o.code}
          getOptionKey={(o) => o.stageId}
          isOptionEqualToValue={(a, b) => a.stageId === b.stageId}
          filterOptions={stageFilter}
          onChange={(_e, v) => onChange({ stageId: v?.stageId ?? null })}
          noOptionsText={t('advanced.query.noStages')}
          loadingText={t('advanced.loading')}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('advanced.query.stage')}
              required
              error={problem?.code === 'noStage'}
              helperText={stageValue ? stageValue.zoneName : t('advanced.problems.noStage')}
              slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'advanced-stage-input' } }}
            />
          )}
        />
      </Grid>
      {parts >= 2 && (
        <Grid size={{ xs: 12, md: 7 }}>
          <Autocomplete
            multiple
            options={itemOptions}
            value={itemValue}
            groupBy={(o) => (o.inStage ? t('advanced.query.itemsOfStage') : t('advanced.query.otherItems'))}
            getOptionLabel={(o) => o.name}
            getOptionKey={(o) => o.item.itemId}
            isOptionEqualToValue={(a, b) => a.item.itemId === b.item.itemId}
            filterOptions={itemFilter}
            filterSelectedOptions
            onChange={(_e, v) => onChange({ itemIds: v.map((o) => o.item.itemId) })}
            noOptionsText={t('advanced.query.noItems')}
            renderOption={({ key, ...props }, o) => <ItemOption key={key} props={props} item={o.item} name={o.name} />}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('advanced.query.items')}
                placeholder={draft.itemIds.length ? undefined : t('advanced.query.allItems')}
                helperText={draft.itemIds.length ? t('advanced.query.itemsChosen', { count: draft.itemIds.length }) : t('advanced.query.allItems')}
                slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'advanced-items-input' } }}
              />
            )}
          />
        </Grid>
      )}
      {parts >= 3 && (
        <>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <Field label={t('server.label')} id={`${id}-server`}>
              <ToggleButtonGroup
                size="small"
                exclusive
                value={draft.server}
                onChange={(_e, v: Server | null) => v && onChange({ server: v })}
                aria-labelledby={`${id}-server`}
              >
                {SERVERS.map((s) => (
                  <ToggleButton key={s} value={s}>
                    {t(`server.servers.${s}`)}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            </Field>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <Field label={t('dataSource.label')} id={`${id}-source`}>
              <ToggleButtonGroup
                size="small"
                exclusive
                value={draft.isPersonal ? 'personal' : 'global'}
                onChange={(_e, v: string | null) => v && choosePersonal(v === 'personal')}
                aria-labelledby={`${id}-source`}
              >
                <ToggleButton value="global">{t('dataSource.global')}</ToggleButton>
                <ToggleButton value="personal" data-testid="advanced-personal">
                  {t('dataSource.personal')}
                </ToggleButton>
              </ToggleButtonGroup>
            </Field>
          </Grid>
          <Grid size={{ xs: 12, sm: 12, md: 4 }}>
            <Field label={t('matrixCategory.label')} id={`${id}-category`}>
              <ToggleButtonGroup
                size="small"
                exclusive
                value={draft.category}
                onChange={(_e, v: Category | null) => v && onChange({ category: v })}
                aria-labelledby={`${id}-category`}
              >
                {CATEGORIES.map((c) => (
                  <ToggleButton key={c} value={c}>
                    {t(`matrixCategory.${c}`)}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            </Field>
          </Grid>
        </>
      )}
      {parts >= 4 && (
        <>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <TextField
              fullWidth
              type="datetime-local"
              label={t('advanced.query.start')}
              value={toLocalInput(draft.start)}
              onChange={(e) => onChange({ start: fromLocalInput(e.target.value) })}
              error={rangeError}
              helperText={t('advanced.query.startHint')}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'advanced-start' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <TextField
              fullWidth
              type="datetime-local"
              label={t('advanced.query.end')}
              value={toLocalInput(draft.end)}
              onChange={(e) => onChange({ end: fromLocalInput(e.target.value) })}
              error={rangeError}
              helperText={rangeMessage ?? t('advanced.query.endHint')}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'advanced-end' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Autocomplete
              options={periodOptions}
              value={null}
              getOptionLabel={(o) => o.label}
              getOptionKey={(o) => `${o.period.start}-${o.label}`}
              onChange={(_e, v) => v && onChange({ start: v.period.start, end: v.period.end })}
              blurOnSelect
              noOptionsText={t('advanced.query.noPeriods')}
              renderInput={(params) => <TextField {...params} label={t('advanced.query.preset')} helperText={t('advanced.query.presetHint')} />}
            />
          </Grid>
        </>
      )}
      {parts >= 5 && (
        <Grid size={{ xs: 12 }}>
          <KindControls draft={draft} onChange={onChange} />
        </Grid>
      )}
    </Grid>
  )
}
