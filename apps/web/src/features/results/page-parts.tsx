import ArrowBack from '@mui/icons-material/ArrowBack'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { lazy, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { HydrateApart } from '../../components/hydrate-apart'
import { DataSourceToggles } from '../data-source/data-source-toggles'

// Other features' components, loaded on demand so their code stays out of this chunk.
export const ExportButton = lazy(() => import('../export/export-button').then((m) => ({ default: m.ExportButton })))
const guideBadges = () => import('../guide/efficiency-badge')
export const StageEfficiencyBadge = lazy(() => guideBadges().then((m) => ({ default: m.StageEfficiencyBadge })))
export const ItemValueBadge = lazy(() => guideBadges().then((m) => ({ default: m.ItemValueBadge })))

/** Text buttons on the page background: the darker primary keeps a 4.5:1 contrast on the light theme. */
const BACK_SX = { color: 'primary.dark' } as const

/** The page's way back to its list, above its title. */
export function BackButton({ to, label, testId }: { to: string; label: string; testId?: string }) {
  return (
    <Box>
      <Button component={RouterLink} to={to} startIcon={<ArrowBack />} size="small" sx={BACK_SX} data-testid={testId}>
        {label}
      </Button>
    </Box>
  )
}

const BADGE_SLOT_SX = { minHeight: 24 } as const

/**
 * The guide badge's place, the height of its chip (and of its skeleton): one element that stays
 * while what it holds changes (nothing, while the badge's code loads; the skeleton; the chip). The
 * badge sits in a `Stack`, whose spacing rules (`> :not(style) ~ :not(style)`) make the browser
 * restyle every later sibling's whole subtree when a child of it is swapped: on the stage page that
 * was the whole page below the title, twice in the first seconds (56 and 26 ms, unthrottled).
 */
export function BadgeSlot({ children }: { children: ReactNode }) {
  return (
    <Box sx={BADGE_SLOT_SX} data-testid="badge-slot">
      {children}
    </Box>
  )
}

export function PageTitle({ overline, title, testId }: { overline?: string | undefined; title: string; testId?: string }) {
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
export function Toolbar({ children }: { children?: ReactNode }) {
  return (
    <Card variant="outlined">
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', p: 1 }}>
        <Box data-testid="source-toggles">
          {/* Its toggle groups and tooltips set state as they mount: out of the page's hydration commit. */}
          <HydrateApart>
            <DataSourceToggles />
          </HydrateApart>
        </Box>
        {children}
      </Stack>
    </Card>
  )
}

const NO_WRAP = { whiteSpace: 'nowrap', flexShrink: 0 } as const

export function DataStatus({ error, retry, needsLogin }: { error: Error | null; retry: () => void; needsLogin: boolean }) {
  const { t } = useTranslation()
  if (needsLogin) return <Alert severity="info">{t('dataSource.loginNotice')}</Alert>
  if (error)
    return (
      <Alert
        severity="error"
        action={
          // One line in every language ("다시 시도" broke in two beside the message on a 390 px phone).
          <Button onClick={retry} sx={NO_WRAP}>
            {t('stats.retry')}
          </Button>
        }
      >
        {t('stats.loadFailed', { error: error.message })}
      </Alert>
    )
  return null
}
