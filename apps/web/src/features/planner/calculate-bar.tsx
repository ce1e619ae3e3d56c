import type { PlanResponse } from '@dropwise/planner'
import Calculate from '@mui/icons-material/Calculate'
import Button from '@mui/material/Button'
import GlobalStyles from '@mui/material/GlobalStyles'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { numberFormat } from '../../lib/format'
import type { Lookup } from './plan-parts'
import { shownSanity } from './plan-totals'

/** Height the bar keeps for itself; focus and scrolling leave fields above it (scroll-padding). */
const BAR_PX = 64

/**
 * Calculate within reach at the end of a long item list: a bar stuck to the bottom of the window, in
 * the page's flow (its own place after the list, so at the end of the page it covers nothing), with the
 * live plan's sanity. Not a floating button: that sat over the fields under it (issue 38 §8).
 */
export function CalculateBar({
  live,
  lookup,
  label,
  disabled,
  state,
  onCalculate,
}: {
  live: PlanResponse | undefined
  lookup: Lookup
  label: string
  disabled: boolean
  state: string
  onCalculate: () => void
}) {
  const { t, i18n } = useTranslation()
  const sanity = live && !live.error ? (shownSanity(live.stages, (id) => lookup.stage(id)?.apCost) ?? live.cost) : null
  return (
    <>
      <GlobalStyles styles={{ html: { scrollPaddingBottom: BAR_PX + 8 } }} />
      <Paper
        elevation={3}
        sx={{
          position: 'sticky',
          bottom: 0,
          zIndex: 2,
          minHeight: BAR_PX,
          px: 2,
          py: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'flex-end',
          gap: 2,
          flexWrap: 'wrap',
          borderBottomLeftRadius: 0,
          borderBottomRightRadius: 0,
        }}
        data-testid="planner-calculate-bar"
      >
        {sanity !== null && (
          <Typography color="text.secondary" data-testid="planner-bar-sanity">
            {t('planner.bar.sanity', { sanity: numberFormat(i18n.language).format(Math.ceil(sanity)) })}
          </Typography>
        )}
        <Button
          variant="contained"
          startIcon={<Calculate />}
          onClick={onCalculate}
          disabled={disabled}
          aria-describedby="planner-calculate-hint"
          data-testid="planner-fab"
          data-state={state}
        >
          {label}
        </Button>
      </Paper>
    </>
  )
}
