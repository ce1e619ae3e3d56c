import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { Item } from '@dropwise/schemas'
import { useId, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { paths } from '../../config/paths'
import { formatNumber } from '../../lib/format'
import { localized } from '../../lib/i18n'
import { visuallyHidden } from '../../components/visually-hidden'
import { EFFICIENCY_DIGITS, formatInterval, sanityDigits } from './guide-model'
import type { CraftSource, ItemSource, StageSource } from './item-sources'
import { EventMark, WideMark } from './marks'

/** Entries shown before "show all". */
export const RANK_LIMIT = 8

const sanity = (v: number, lang: string) => formatNumber(v, lang, sanityDigits(v))

/** A list entry: its place, what it is, and its figure with a caption. */
export function EntryShell({
  rank,
  children,
  figure,
  caption,
  ...data
}: { rank: number | null; children: ReactNode; figure: string; caption: ReactNode } & Record<`data-${string}`, string | undefined>) {
  const { t } = useTranslation()
  return (
    <Box
      component="li"
      data-testid="guide-rank-entry"
      {...data}
      sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', py: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      <Box component="span" sx={{ width: 24, flexShrink: 0, textAlign: 'right', color: 'text.secondary', fontVariantNumeric: 'tabular-nums', lineHeight: 1.75 }}>
        <span aria-hidden>{rank ?? '–'}</span>
        <Box component="span" sx={visuallyHidden}>
          {rank === null ? t('guide.marks.unranked') : t('guide.marks.rank', { rank })}
        </Box>
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
      <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', fontWeight: 500 }} data-testid="guide-rank-figure">
          {figure}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'nowrap' }}>
          {caption}
        </Typography>
      </Box>
    </Box>
  )
}

/** A stage's code (a link to its page when the catalog knows it) and zone. */
export function StageName({ row }: { row: StageSource['row'] }) {
  return (
    <>
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
    </>
  )
}

function StageEntry({ source, rank }: { source: StageSource; rank: number }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const { row, drop } = source
  return (
    <EntryShell
      rank={rank}
      data-kind="stage"
      data-stage-id={row.stageId}
      data-sanity={String(source.sanityPerItem)}
      data-wide={source.wide ? 'true' : undefined}
      figure={formatInterval(source.sanityPerItem, source.interval, lang, sanityDigits(source.sanityPerItem))}
      caption={
        <>
          <div>{t('guide.material.aloneOf', { value: sanity(drop.sanityPerItem, lang) })}</div>
          <div>{t('guide.material.efficiencyOf', { value: formatNumber(row.efficiency, lang, EFFICIENCY_DIGITS) })}</div>
        </>
      }
    >
      <StageName row={row} />
      {(source.wide || row.closeTime !== null) && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
          {source.wide && <WideMark />}
          {row.closeTime !== null && <EventMark closeTime={row.closeTime} />}
        </Stack>
      )}
    </EntryShell>
  )
}

function CraftEntry({ source, rank, itemsById }: { source: CraftSource; rank: number; itemsById: ReadonlyMap<string, Item> }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const list = new Intl.ListFormat(lang, { type: 'conjunction' })
  const stages = list.format(source.farm.map((r) => r.code))
  const name = (id: string) => {
    const item = itemsById.get(id)
    return item ? localized(item.name_i18n, item.name, lang) : id
  }
  return (
    <EntryShell
      rank={rank}
      data-kind="craft"
      data-sanity={String(source.sanityPerItem)}
      data-farm={source.farm.map((r) => r.stageId).join(' ')}
      figure={sanity(source.sanityPerItem, lang)}
      caption={
        <>
          <div>{t('guide.material.craftAtValues')}</div>
          {Number.isFinite(source.alone) && <div>{t('guide.material.aloneOf', { value: sanity(source.alone, lang) })}</div>}
        </>
      }
    >
      <Typography component="span" sx={{ fontWeight: 500 }} data-testid="guide-craft-title">
        {source.farm.length > 0 ? t('guide.material.farmCraft', { stages }) : t('guide.material.craft')}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }} data-testid="guide-craft-materials">
        {t('guide.material.craftFrom')}{' '}
        {source.craft.materials.map((m, i) => (
          <span key={m.itemId}>
            {i > 0 && ', '}
            <Link component={RouterLink} to={paths.guide.href(m.itemId)} underline="hover" replace>
              {t('guide.material.craftMaterial', { item: name(m.itemId), amount: formatNumber(m.count, lang) })}
            </Link>
          </span>
        ))}
        {source.craft.goldCost > 0 && <>, {t('guide.material.craftLmd', { amount: formatNumber(source.craft.goldCost, lang) })}</>}
      </Typography>
    </EntryShell>
  )
}

/** A titled, ranked list of a guide entry (the first `RANK_LIMIT`, the rest one button away), or "no stages". */
export function RankSection<T>({ title, hint, entries, testId, render }: { title: string; hint: string; entries: T[]; testId: string; render: (entry: T) => ReactNode }) {
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
          {shown.map(render)}
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

/** "Fewest sanity per item": every stage that drops the item and, for a craftable one, crafting it, cheapest first. */
export function SourceList({ title, hint, sources, itemsById }: { title: string; hint: string; sources: ItemSource[]; itemsById: ReadonlyMap<string, Item> }) {
  return (
    <RankSection
      title={title}
      hint={hint}
      entries={sources}
      testId="guide-rank-sanity"
      render={(s) =>
        s.kind === 'craft' ? <CraftEntry key="craft" source={s} rank={s.rank} itemsById={itemsById} /> : <StageEntry key={s.row.stageId} source={s} rank={s.rank} />
      }
    />
  )
}
