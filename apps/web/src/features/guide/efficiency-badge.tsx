import TrendingUp from '@mui/icons-material/TrendingUp'
import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import Skeleton from '@mui/material/Skeleton'
import Tooltip from '@mui/material/Tooltip'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { paths } from '../../config/paths'
import { formatNumber } from '../../lib/format'
import { useDataSource } from '../../lib/state-hooks'
import { EFFICIENCY_DIGITS, formatInterval, sanityDigits, valueOfItem } from './guide-model'
import { useEfficiencyPart } from './get-efficiency'

/*
 * The guide's figure on the stats pages: a small chip linking to the farming guide, with the planner's
 * defaults (LMD and EXP valued). A skeleton of the chip's size holds its place while the figures load;
 * for a stage or item the guide does not list, the place stays empty.
 */

const CHIP_HEIGHT = 24

function Badge({ loading, label, hint, to, testId }: { loading: boolean; label: string | null; hint: string; to: string; testId: string }): ReactNode {
  if (loading) return <Skeleton variant="rounded" width={160} height={CHIP_HEIGHT} aria-hidden />
  // Its place stays (the page below does not move up when the answer says there is no figure).
  if (label === null) return <Box sx={{ height: CHIP_HEIGHT }} aria-hidden />
  return (
    <Box>
      <Tooltip title={hint} describeChild>
        <Chip
          component={RouterLink}
          to={to}
          clickable
          size="small"
          variant="outlined"
          icon={<TrendingUp />}
          label={label}
          data-testid={testId}
          // The label in the text colour (a primary-coloured label fails contrast on the themed variants);
          // the icon carries the accent.
          sx={{ fontVariantNumeric: 'tabular-nums', '& .MuiChip-icon': { color: 'primary.main' } }}
        />
      </Tooltip>
    </Box>
  )
}

/** "Efficiency 0.970 (0.950–0.990)" for a stage open on the current server. */
export function StageEfficiencyBadge({ stageId }: { stageId: string }) {
  const { t, i18n } = useTranslation()
  const { server } = useDataSource()
  const { data, isPending } = useEfficiencyPart({ server, lmd: true, exp: true }, { stageId })
  const stage = data?.stages.find((s) => s.stageId === stageId)
  const label = stage ? t('guide.badge.stage', { value: formatInterval(stage.efficiency, stage.interval, i18n.language, EFFICIENCY_DIGITS) }) : null
  return <Badge loading={isPending} label={label} hint={t('guide.badge.stageHint')} to={paths.guide.href()} testId="guide-badge-stage" />
}

/** "≈ 1.84 sanity each" for an item the guide values, linking to the guide with the item picked. */
export function ItemValueBadge({ itemId }: { itemId: string }) {
  const { t, i18n } = useTranslation()
  const { server } = useDataSource()
  const { data, isPending } = useEfficiencyPart({ server, lmd: true, exp: true }, { itemId })
  const value = data ? valueOfItem(data, itemId) : null
  const label = value === null ? null : t('guide.badge.item', { value: formatNumber(value, i18n.language, sanityDigits(value)) })
  return <Badge loading={isPending} label={label} hint={t('guide.badge.itemHint')} to={paths.guide.href(itemId)} testId="guide-badge-item" />
}
