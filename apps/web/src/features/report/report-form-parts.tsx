import BarChart from '@mui/icons-material/BarChart'
import SwapHoriz from '@mui/icons-material/SwapHoriz'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import { useTheme } from '@mui/material/styles'
import Typography from '@mui/material/Typography'
import type { Item, Stage } from '@dropwise/schemas'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { paths } from '../../config/paths'
import { ItemStepper } from './item-stepper'
import { isBatchItem, quantityOf, type DraftDrop, type DropCategory, type StepperDropType } from './report-draft'

/** Category colours of the public client (web reference row 91): [dark, light]. */
const CATEGORY_COLORS: Record<StepperDropType, [string, string]> = {
  NORMAL_DROP: ['#cacbcc', '#4d4d4d'],
  SPECIAL_DROP: ['#e26d2c', '#b35522'],
  EXTRA_DROP: ['#9aba3d', '#8aa637'],
}

/** One drop category of the report form: its title and a stepper tile per item. */
export function DropCategoryCard({
  category,
  drops,
  stage,
  disabled,
  onChange,
}: {
  category: DropCategory
  drops: DraftDrop[]
  stage: Stage | undefined
  disabled: boolean
  onChange: (itemId: string, delta: number) => void
}) {
  const { t } = useTranslation()
  const theme = useTheme()
  const cat = category
  return (
    <Card
      component="section"
      aria-labelledby={`drop-${cat.dropType}`}
      sx={{ borderLeft: 4, borderColor: CATEGORY_COLORS[cat.dropType][theme.palette.mode === 'dark' ? 0 : 1] }}
    >
      <CardContent>
        <Typography id={`drop-${cat.dropType}`} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t(`report.dropTypes.${cat.dropType}`)}
        </Typography>
        {/* A tile brought into view by the keyboard stops above the phone's sticky panel. */}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1, '@media (max-width: 899.95px)': { '& > *': { scrollMarginBottom: '168px' } } }}>
          {cat.items.map((item: Item) => (
            <ItemStepper
              key={item.itemId}
              item={item}
              count={quantityOf(drops, cat.dropType, item.itemId)}
              batch={stage ? isBatchItem(item, stage) : false}
              disabled={disabled}
              onChange={(delta) => onChange(item.itemId, delta)}
            />
          ))}
        </Box>
      </CardContent>
    </Card>
  )
}

/** The report form's head: the zone and the stage, with links to another stage and to the stage's drop rates. */
export function ReportStageHeader({ zoneLabel, stageLabel, statsHref }: { zoneLabel: string; stageLabel: string; statsHref: string | null }) {
  const { t } = useTranslation()
  return (
    <Card>
      <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary" component="p">
            {zoneLabel}
          </Typography>
          <Typography variant="h5" component="h1" data-testid="report-stage-code">
            {stageLabel}
          </Typography>
        </Box>
        <Button startIcon={<SwapHoriz />} component={RouterLink} to={paths.reportByZone.href()}>
          {t('report.changeStage')}
        </Button>
        {statsHref !== null && (
          <Button startIcon={<BarChart />} component={RouterLink} to={statsHref}>
            {t('report.statsLink')}
          </Button>
        )}
      </CardContent>
    </Card>
  )
}
